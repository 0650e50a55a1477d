import { randomInt } from "node:crypto";

/**
 * A donation's transaction number: its receipt series, the time in milliseconds and six random
 * digits (many donations are made in the same millisecond on a peak night). Unique in the table;
 * a writer that can repeat its statement retries a taken number with `withFreshTransactionNo`.
 */
export const transactionNumber = (series: string, now: number = Date.now()): string =>
  `${series}${now}${randomInt(100_000, 1_000_000)}`;

/** True for the unique violation of `donation.transaction_no` (PostgreSQL and PGlite alike). */
export const isTakenTransactionNo = (error: unknown): boolean => {
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown } | null;
  if (e?.code !== "23505") return false;
  const where = `${String(e.constraint ?? "")} ${String(e.message ?? "")}`;
  return where.includes("transaction_no");
};

/**
 * Run one atomic statement with a fresh transaction number, again with another number when the one
 * drawn was taken (the statement wrote nothing then).
 */
export const withFreshTransactionNo = async <T>(
  series: string,
  write: (transactionNo: string) => Promise<T>,
  attempts = 5,
): Promise<T> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write(transactionNumber(series));
    } catch (error) {
      if (attempt >= attempts || !isTakenTransactionNo(error)) throw error;
    }
  }
};
