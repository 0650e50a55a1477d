import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { identityStateKeys, type Sql } from "@portal/adapters/db";

/**
 * What the identity stand-in keeps between calls besides the sign-outs (which the portal keeps: see
 * `IdentityState` in the adapters), shared by every instance on one database and kept over a restart
 * (the stand-in's own tables). Accounts are cognito-local's usernames; times are milliseconds since the
 * epoch as the layer's clock counts them. Rows past their expiry count as absent and are deleted as
 * new rows of their kind are written. A temporary password is kept only as a salted scrypt hash; a new
 * e-mail address and a challenge's account are sealed under the server's key, bound to their row.
 */
export interface StandinIdentityState {
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
}

const SALT_BYTES = 16;
const HASH_BYTES = 32;

const scryptHash = (password: string, salt: Buffer) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password, salt, HASH_BYTES, (error, key) => (error ? reject(error) : resolve(key))),
  );

/** SQL for the timestamp of query parameter number `n`, given in milliseconds. */
const at = (n: number) => `to_timestamp($${n}::double precision / 1000)`;

export function standinIdentityState(sql: Sql, serverKey: Buffer): StandinIdentityState {
  const keys = identityStateKeys(serverKey);
  const { account, session } = keys;

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
  };
}
