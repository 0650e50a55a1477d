import { createHash, timingSafeEqual } from "node:crypto";
import type { Sql } from "./sql";

/**
 * The identity layer's codes (sign-up and reset), shared by every instance: only hashes are kept, the
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

/** Fixed-window counters per key, shared by every instance (the layer's limits). */
export interface RateWindows {
  /** Count one event; `allowed` is false once the key is over `limit` in the current window. */
  readonly hit: (
    key: string,
    limit: number,
    windowMs: number,
    nowMs: number,
  ) => Promise<{ readonly allowed: boolean; readonly retryAfterSeconds: number }>;
  /** Whether the key has reached `limit` in the current window, without counting. */
  readonly blocked: (key: string, limit: number, nowMs: number) => Promise<boolean>;
  readonly reset: (key: string) => Promise<void>;
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

export function rateWindows(sql: Sql): RateWindows {
  let hits = 0;
  return {
    hit: async (key, limit, windowMs, nowMs) => {
      const [row] = await sql.query<{ window_start_ms: string | number; count: number }>(
        `insert into rate_window as w (key_hash, window_start_ms, window_ms, count)
         values ($1, $2, $3, 1)
         on conflict (key_hash) do update set
           count = case when w.window_start_ms + w.window_ms <= $2 then 1 else w.count + 1 end,
           window_start_ms = case when w.window_start_ms + w.window_ms <= $2 then $2
                                  else w.window_start_ms end,
           window_ms = $3
         returning window_start_ms, count`,
        [hashOf(key), nowMs, windowMs],
      );
      // Now and then, forget windows that have ended.
      if (++hits % 200 === 0) {
        await sql.query("delete from rate_window where window_start_ms + window_ms <= $1", [nowMs]);
      }
      const start = Number(row?.window_start_ms ?? nowMs);
      const count = row?.count ?? 1;
      return count > limit
        ? {
            allowed: false,
            retryAfterSeconds: Math.max(1, Math.ceil((start + windowMs - nowMs) / 1000)),
          }
        : { allowed: true, retryAfterSeconds: 0 };
    },
    blocked: async (key, limit, nowMs) => {
      const [row] = await sql.query<{ count: number }>(
        "select count from rate_window where key_hash = $1 and window_start_ms + window_ms > $2",
        [hashOf(key), nowMs],
      );
      return (row?.count ?? 0) >= limit;
    },
    reset: async (key) => {
      await sql.query("delete from rate_window where key_hash = $1", [hashOf(key)]);
    },
  };
}
