import { createHash } from "node:crypto";
import type { Sql } from "./sql";

/** Fixed-window counters per key, shared by every instance (the request limits; migration 009). */
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
