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

/**
 * Inside a transaction, where a failed statement would abort it: `insert` runs a statement ending in
 * `on conflict (transaction_no) do nothing returning id` and says whether it wrote its row; a taken
 * number (nothing written) is drawn again. Resolves with the number the row was written with.
 */
export const insertWithFreshTransactionNo = async (
  draw: () => string,
  insert: (transactionNo: string) => Promise<boolean>,
  attempts = 5,
): Promise<string> => {
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const transactionNo = draw();
    if (await insert(transactionNo)) return transactionNo;
  }
  throw new Error(`no free transaction number after ${attempts} draws`);
};
