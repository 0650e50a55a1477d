import type { DonorView } from "./donors";
import { sealing } from "./personal-data";
import type { Sql } from "./sql";

/**
 * Global sign-outs (migration 010), shared by every instance on one database: the second (as tokens
 * count time) each account last signed out everywhere, written by the portal's own `signOutEverywhere`
 * and by the embedded identity stand-in, read on every signed-in call. Accounts are the identity
 * provider's usernames, kept only as an HMAC under the server's key. The stand-in's other state between
 * calls (temporary passwords, e-mail changes, challenges) is in `@portal/standins`, under the same keys.
 */
export interface IdentityState {
  /**
   * Global sign-outs: the second (as tokens count time) each account last signed out everywhere, and the
   * ids of tokens issued within that same second after it, which stay good.
   */
  readonly signOuts: {
    /** Record a sign-out at `second`, forgetting the tokens noted for an earlier one. */
    readonly signOut: (username: string, second: number, keepUntilMs: number) => Promise<void>;
    /** Note tokens issued at `second`; kept only when that is the second the account signed out in. */
    readonly noteIssued: (
      username: string,
      second: number,
      tokenIds: ReadonlyArray<string>,
    ) => Promise<void>;
    /** Whether a token of `username` issued at `issuedAt` (seconds) with id `tokenId` was revoked. */
    readonly revoked: (username: string, issuedAt: number, tokenId: string) => Promise<boolean>;
  };
}

/** The keys of the identity state's rows (the stand-in's rows use the same, so each account has one hash). */
export const identityStateKeys = (serverKey: Buffer) => {
  const keys = sealing(serverKey, "portal:identity-state:v1");
  return {
    ...keys,
    account: (username: string) => keys.hash("account", username),
    session: (id: string) => keys.hash("session", id),
    token: (id: string) => keys.hash("token", id),
  };
};

/** Which sign-in a token is of (VerifiedIdentity's `token`). */
export interface TokenOf {
  readonly username: string;
  readonly issuedAt: number;
  readonly id: string;
}

/** A signed-in call's donor, and whether its token was signed out (`Donors.signedIn`). */
export interface SignedIn {
  readonly signedOut: boolean;
  readonly donor: DonorView | undefined;
}

/**
 * `SignedIn` with the version of the donor's history list (migration 034) read in the same statement:
 * a list made after this read is current while the version stays this one.
 */
export interface SignedInHistory {
  readonly signedOut: boolean;
  readonly donorId: string | undefined;
  readonly historyVersion: string;
  /** The donor's record (its NRIC unsealed on first ask). */
  readonly donor: () => DonorView | undefined;
}

/**
 * Whether a token was signed out, as SQL for a statement of any other read (so the check costs no
 * round trip of its own): a boolean expression over parameters `$n` (the account's hash), `$n+1` (the
 * token id's hash) and `$n+2` (when the token was issued, seconds), with those parameters. A token is
 * refused when it was issued before its account's last sign-out, or within that second unless it was
 * noted as issued after it.
 */
export const signedOutCheck = (serverKey: Buffer) => {
  const { account, token } = identityStateKeys(serverKey);
  // The two hashes of a token, made once: a verified token's identity (and its `TokenOf`) is the
  // same object on each call while the verifier remembers it, so a donor's calls make no HMAC.
  const hashes = new WeakMap<TokenOf, readonly [Buffer, Buffer]>();
  const texts = new Map<number, string>();
  return (of: TokenOf, n: number) => {
    let hashed = hashes.get(of);
    if (!hashed) {
      hashed = [account(of.username), token(of.id)];
      hashes.set(of, hashed);
    }
    let sql = texts.get(n);
    if (sql === undefined) {
      sql = `coalesce((select $${n + 2}::bigint < s.signed_out_second
        or ($${n + 2}::bigint = s.signed_out_second and not exists (
          select 1 from identity_sign_out_token t
          where t.account_hash = s.account_hash and t.token_hash = $${n + 1}))
      from identity_sign_out s where s.account_hash = $${n}), false)`;
      texts.set(n, sql);
    }
    return { sql, params: [hashed[0], hashed[1], of.issuedAt] as const };
  };
};

/** SQL for the timestamp of query parameter number `n`, given in milliseconds. */
const at = (n: number) => `to_timestamp($${n}::double precision / 1000)`;

export function identityState(sql: Sql, serverKey: Buffer): IdentityState {
  const { account, token } = identityStateKeys(serverKey);
  const signedOut = signedOutCheck(serverKey);
  return {
    signOuts: {
      signOut: (username, second, keepUntilMs) =>
        sql.transaction(async (tx) => {
          const key = account(username);
          await tx.query(
            `insert into identity_sign_out (account_hash, signed_out_second, expires_at)
             values ($1, $2, ${at(3)})
             on conflict (account_hash) do update
               set signed_out_second = excluded.signed_out_second, expires_at = excluded.expires_at`,
            [key, second, keepUntilMs],
          );
          await tx.query("delete from identity_sign_out_token where account_hash = $1", [key]);
          // Sign-outs older than every token they could refuse (their tokens go with them).
          await tx.query(
            `delete from identity_sign_out where expires_at < to_timestamp($1::double precision)`,
            [second],
          );
        }),
      noteIssued: async (username, second, tokenIds) => {
        if (tokenIds.length === 0) return;
        // One statement whatever the number of tokens (a sign-in issues two).
        const ids = tokenIds.map((_, index) => `($${index + 3}::bytea)`).join(", ");
        await sql.query(
          `insert into identity_sign_out_token (account_hash, token_hash)
           select s.account_hash, issued.token_hash
           from identity_sign_out s, (values ${ids}) as issued (token_hash)
           where s.account_hash = $1 and s.signed_out_second = $2
           on conflict do nothing`,
          [account(username), second, ...tokenIds.map(token)],
        );
      },
      revoked: async (username, issuedAt, tokenId) => {
        const check = signedOut({ username, issuedAt, id: tokenId }, 1);
        const [row] = await sql.query<{ revoked: boolean }>(
          `select ${check.sql} as revoked`,
          check.params,
        );
        return row?.revoked === true;
      },
    },
  };
}
