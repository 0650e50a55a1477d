import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { sealing } from "./personal-data";
import type { Sql } from "./sql";

/**
 * The identity layer's state between calls, shared by every instance on one database and kept over a
 * restart (migration 010). Accounts are cognito-local's usernames; times are milliseconds since the epoch
 * as the layer's clock counts them. Rows past their expiry count as absent and are deleted as new rows of
 * their kind are written.
 */
export interface IdentityState {
  /** Temporary passwords of administrator-made accounts (NEW_PASSWORD_REQUIRED), compared only. */
  readonly temporaryPasswords: {
    /** Keep (a salted hash of) `password` for `username` until `expiresAtMs`, replacing any earlier. */
    readonly put: (
      username: string,
      password: string,
      expiresAtMs: number,
      nowMs: number,
    ) => Promise<void>;
    /** Whether `password` is the live temporary password of `username`. */
    readonly matches: (username: string, password: string, nowMs: number) => Promise<boolean>;
    readonly remove: (username: string) => Promise<void>;
  };
  /** A new e-mail address waiting for its code, per account (sealed: it is read back). */
  readonly pendingEmails: {
    readonly put: (
      username: string,
      email: string,
      expiresAtMs: number,
      nowMs: number,
    ) => Promise<void>;
    readonly get: (username: string, nowMs: number) => Promise<string | undefined>;
    readonly remove: (username: string) => Promise<void>;
  };
  /** NEW_PASSWORD_REQUIRED sessions: which account each is for. */
  readonly challenges: {
    readonly start: (
      session: string,
      username: string,
      expiresAtMs: number,
      nowMs: number,
    ) => Promise<void>;
    /** The account of a live session, which is used up whether or not it was live. */
    readonly take: (session: string, nowMs: number) => Promise<string | undefined>;
  };
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

const SALT_BYTES = 16;
const HASH_BYTES = 32;

const scryptHash = (password: string, salt: Buffer) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password, salt, HASH_BYTES, (error, key) => (error ? reject(error) : resolve(key))),
  );

/** SQL for the timestamp of query parameter number `n`, given in milliseconds. */
const at = (n: number) => `to_timestamp($${n}::double precision / 1000)`;

export function identityState(sql: Sql, serverKey: Buffer): IdentityState {
  const keys = sealing(serverKey, "portal:identity-state:v1");
  const account = (username: string) => keys.hash("account", username);
  const session = (id: string) => keys.hash("session", id);
  const token = (id: string) => keys.hash("token", id);

  /** Delete the rows of `table` that expired before `nowMs`. */
  const sweep = (table: string, nowMs: number) =>
    sql.query(`delete from ${table} where expires_at < ${at(1)}`, [nowMs]);

  return {
    temporaryPasswords: {
      put: async (username, password, expiresAtMs, nowMs) => {
        const salt = randomBytes(SALT_BYTES);
        const hash = Buffer.concat([salt, await scryptHash(password, salt)]);
        await sql.query(
          `insert into identity_temporary_password (account_hash, password_hash, expires_at)
           values ($1, $2, ${at(3)})
           on conflict (account_hash) do update
             set password_hash = excluded.password_hash, expires_at = excluded.expires_at`,
          [account(username), hash, expiresAtMs],
        );
        await sweep("identity_temporary_password", nowMs);
      },
      matches: async (username, password, nowMs) => {
        const [row] = await sql.query<{ password_hash: Uint8Array }>(
          `select password_hash from identity_temporary_password
           where account_hash = $1 and expires_at >= ${at(2)}`,
          [account(username), nowMs],
        );
        if (!row) return false;
        const kept = Buffer.from(row.password_hash);
        const given = await scryptHash(password, kept.subarray(0, SALT_BYTES));
        return timingSafeEqual(kept.subarray(SALT_BYTES), given);
      },
      remove: async (username) => {
        await sql.query("delete from identity_temporary_password where account_hash = $1", [
          account(username),
        ]);
      },
    },

    pendingEmails: {
      put: async (username, email, expiresAtMs, nowMs) => {
        const key = account(username);
        await sql.query(
          `insert into identity_pending_email (account_hash, sealed_email, expires_at)
           values ($1, $2, ${at(3)})
           on conflict (account_hash) do update
             set sealed_email = excluded.sealed_email, expires_at = excluded.expires_at`,
          [key, keys.seal(email, key), expiresAtMs],
        );
        await sweep("identity_pending_email", nowMs);
      },
      get: async (username, nowMs) => {
        const key = account(username);
        const [row] = await sql.query<{ sealed_email: Uint8Array }>(
          `select sealed_email from identity_pending_email
           where account_hash = $1 and expires_at >= ${at(2)}`,
          [key, nowMs],
        );
        return row ? keys.open(row.sealed_email, key) : undefined;
      },
      remove: async (username) => {
        await sql.query("delete from identity_pending_email where account_hash = $1", [
          account(username),
        ]);
      },
    },

    challenges: {
      start: async (id, username, expiresAtMs, nowMs) => {
        const key = session(id);
        await sql.query(
          `insert into identity_challenge (session_hash, sealed_username, expires_at)
           values ($1, $2, ${at(3)})`,
          [key, keys.seal(username, key), expiresAtMs],
        );
        await sweep("identity_challenge", nowMs);
      },
      take: async (id, nowMs) => {
        const key = session(id);
        const [row] = await sql.query<{ sealed_username: Uint8Array; live: boolean }>(
          `delete from identity_challenge where session_hash = $1
           returning sealed_username, expires_at >= ${at(2)} as live`,
          [key, nowMs],
        );
        return row?.live ? keys.open(row.sealed_username, key) : undefined;
      },
    },

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
        const key = account(username);
        const [row] = await sql.query<{ second: string | number; kept: boolean }>(
          `select s.signed_out_second as second,
             exists (select 1 from identity_sign_out_token t
                     where t.account_hash = s.account_hash and t.token_hash = $2) as kept
           from identity_sign_out s where s.account_hash = $1`,
          [key, token(tokenId)],
        );
        if (!row) return false;
        const second = Number(row.second);
        return issuedAt < second || (issuedAt === second && !row.kept);
      },
    },
  };
}
