import { createHash, timingSafeEqual } from "node:crypto";
import type { Sql } from "@portal/adapters/db";

/**
 * The identity stand-in's codes (table `identity_code`, the stand-in's own migrations) (sign-up and reset), shared by every instance: only hashes are kept, the
 * code's under a hash of what it is for, so nothing here names an account.
 */
export interface IdentityCodes {
  /** Keep `codeHash` for `key` until `expiresAtMs`, replacing an earlier code (and its tries). */
  readonly put: (key: string, codeHash: Buffer, expiresAtMs: number) => Promise<void>;
  /**
   * Try a code: `ok` uses it up; `mismatch` counts a wrong try; `expired` (none kept, too old, or
   * `maxAttempts` wrong tries already) forgets it.
   */
  readonly use: (
    key: string,
    codeHash: Buffer,
    nowMs: number,
    maxAttempts: number,
  ) => Promise<"ok" | "mismatch" | "expired">;
}

const hashOf = (key: string) => createHash("sha256").update(key).digest();
const bytes = (value: Uint8Array) => Buffer.from(value);

export function identityCodes(sql: Sql): IdentityCodes {
  return {
    put: async (key, codeHash, expiresAtMs) => {
      await sql.query(
        `insert into identity_code (key_hash, code_hash, expires_at, attempts)
         values ($1, $2, to_timestamp($3::double precision / 1000), 0)
         on conflict (key_hash) do update
           set code_hash = excluded.code_hash, expires_at = excluded.expires_at, attempts = 0`,
        [hashOf(key), codeHash, expiresAtMs],
      );
      // Expired codes of accounts that never came back.
      await sql.query("delete from identity_code where expires_at < now() - interval '1 day'");
    },
    use: (key, codeHash, nowMs, maxAttempts) =>
      sql.transaction(async (tx) => {
        const [row] = await tx.query<{ code_hash: Uint8Array; expired: boolean; attempts: number }>(
          `select code_hash, expires_at < to_timestamp($2::double precision / 1000) as expired, attempts
           from identity_code where key_hash = $1 for update`,
          [hashOf(key), nowMs],
        );
        if (!row) return "expired";
        if (row.expired || row.attempts >= maxAttempts) {
          await tx.query("delete from identity_code where key_hash = $1", [hashOf(key)]);
          return "expired";
        }
        const kept = bytes(row.code_hash);
        if (kept.length !== codeHash.length || !timingSafeEqual(kept, codeHash)) {
          await tx.query("update identity_code set attempts = attempts + 1 where key_hash = $1", [
            hashOf(key),
          ]);
          return "mismatch";
        }
        await tx.query("delete from identity_code where key_hash = $1", [hashOf(key)]);
        return "ok";
      }),
  };
}
