import type { SqlQuery } from "../db/sql";

/** A refused anonymous sign-in is counted in the hour it happened, per caller address. */
export const SIGN_IN_REFUSAL_WINDOW_MS = 60 * 60_000;
/** How long the counts are kept for the audit page (then the console's job deletes them). */
export const SIGN_IN_REFUSAL_KEEP_DAYS = 90;

/** Refused sign-ins without a known officer from one address in one hour. */
export interface SignInRefusalCount {
  readonly windowStart: Date;
  readonly address: string;
  readonly count: number;
  /** The reason of the last one (`another_browser`, `no_sign_in`, the directory's error). */
  readonly lastReason: string;
  readonly lastAt: Date;
}

export interface SignInRefusals {
  /** Count one refused sign-in from `address` in the hour of `now` (one row per address and hour). */
  readonly count: (address: string, reason: string, now: Date) => Promise<void>;
  /** The counts of the hours from `from` to `to`, newest first (at most 200). */
  readonly read: (filter: {
    readonly from?: Date | undefined;
    readonly to?: Date | undefined;
    readonly limit?: number | undefined;
  }) => Promise<SignInRefusalCount[]>;
  /** Delete the hours older than 90 days; returns how many. */
  readonly sweep: (now: Date) => Promise<number>;
}

/**
 * Refused sign-ins of no known officer, which anyone can cause (issue 30): counted, not a line of the
 * append-only audit log each, so a flood of them grows one row per address and hour, not the log.
 */
export function signInRefusals(sql: SqlQuery): SignInRefusals {
  return {
    count: async (address, reason, now) => {
      const windowStart = Math.floor(now.getTime() / SIGN_IN_REFUSAL_WINDOW_MS);
      await sql.query(
        `insert into console_sign_in_refusal as r (address, window_start, count, last_reason, last_at)
         values ($1, $2, 1, $3, $4)
         on conflict (address, window_start) do update set
           count = r.count + 1, last_reason = excluded.last_reason, last_at = excluded.last_at`,
        [
          address.slice(0, 64),
          new Date(windowStart * SIGN_IN_REFUSAL_WINDOW_MS),
          reason.slice(0, 80),
          now,
        ],
      );
    },
    read: async ({ from, to, limit }) => {
      const rows = await sql.query<{
        window_start: Date;
        address: string;
        count: number;
        last_reason: string;
        last_at: Date;
      }>(
        `select window_start, address, count, last_reason, last_at from console_sign_in_refusal
         where ($1::timestamptz is null or window_start > $1::timestamptz - make_interval(hours => 1))
           and ($2::timestamptz is null or window_start < $2::timestamptz)
         order by window_start desc, last_at desc limit $3`,
        [from ?? null, to ?? null, Math.min(Math.max(limit ?? 50, 1), 200)],
      );
      return rows.map((row) => ({
        windowStart: new Date(row.window_start),
        address: row.address,
        count: row.count,
        lastReason: row.last_reason,
        lastAt: new Date(row.last_at),
      }));
    },
    sweep: async (now) => {
      const gone = await sql.query(
        `delete from console_sign_in_refusal
         where window_start < $1::timestamptz - make_interval(days => $2) returning count`,
        [now, SIGN_IN_REFUSAL_KEEP_DAYS],
      );
      return gone.length;
    },
  };
}
