import type { FlowType } from "@portal/domain";
import { sgtDaySpan, type DonationFilter } from "@portal/adapters/finance";

const METHODS = ["card", "paynow", "cash", "cheque", "nets", "banktransfer"] as const;
const STATUSES = ["succeeded", "refunded", "voided"] as const;

/** A Singapore day given as YYYY-MM-DD, or undefined. */
export const dayParam = (value: unknown): string | undefined =>
  typeof value === "string" && sgtDaySpan(value) ? value : undefined;

/** A tax year the records can hold. */
export const yearParam = (value: unknown): number | undefined => {
  const year = typeof value === "number" ? value : Number(value);
  return Number.isInteger(year) && year >= 2000 && year <= 2100 ? year : undefined;
};

const oneOf = <T extends string>(list: ReadonlyArray<T>, value: string | null): T | undefined =>
  list.find((item) => item === value);

/**
 * The console's donation filter from a query string; undefined when the days are missing or wrong.
 * `funds`: the flows a fund filter may name, the services' registry's (`finance().funds`).
 */
export const filterParams = (
  q: URLSearchParams,
  funds: ReadonlyArray<FlowType>,
): DonationFilter | undefined => {
  const from = dayParam(q.get("from"));
  const to = dayParam(q.get("to"));
  if (!from || !to || from > to) return undefined;
  // At most about ten years in one read.
  if (Date.parse(to) - Date.parse(from) > 3660 * 86_400_000) return undefined;
  return {
    from,
    to,
    fund: oneOf(funds, q.get("fund")),
    method: oneOf(METHODS, q.get("method")),
    status: oneOf(STATUSES, q.get("status")),
  };
};
