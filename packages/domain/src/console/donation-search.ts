import { Result } from "effect";
import { domainError, type DomainError } from "../errors.ts";
import { FLOW_TYPES, type FlowType } from "../flow.ts";
import { SGT_OFFSET_MS, DAY_MS } from "../format/sgt.ts";
import { EMAIL_PATTERN } from "../validators/contact.ts";
import { isValidNric, matchesNricPattern } from "../validators/nric.ts";

/**
 * What an officer may search donations by. An identity number is looked up through its keyed hash
 * only, so it travels in the body of a POST, never in an address, and is never shown back whole.
 */
export const SEARCH_STATUSES = ["succeeded", "refunded", "voided", "pending", "failed"] as const;
export const SEARCH_METHODS = [
  "card",
  "paynow",
  "cash",
  "cheque",
  "nets",
  "bank_transfer",
] as const;

export interface DonationSearchInput {
  readonly receiptNo?: string | undefined;
  readonly transactionNo?: string | undefined;
  /** YYYY-MM-DD, Singapore days, both inclusive. */
  readonly from?: string | undefined;
  readonly to?: string | undefined;
  readonly flow?: string | undefined;
  readonly method?: string | undefined;
  readonly status?: string | undefined;
  /** Whole cents, inclusive. */
  readonly minCents?: number | undefined;
  readonly maxCents?: number | undefined;
  readonly email?: string | undefined;
  /** NRIC, FIN or UEN. */
  readonly idNumber?: string | undefined;
  readonly page?: number | undefined;
}

export interface DonationSearch {
  readonly receiptNo: string | null;
  readonly transactionNo: string | null;
  /** Instants (epoch ms): from the start of `from`'s day to before the day after `to`. */
  readonly fromMs: number | null;
  readonly toMs: number | null;
  readonly flow: FlowType | null;
  readonly method: (typeof SEARCH_METHODS)[number] | null;
  readonly status: (typeof SEARCH_STATUSES)[number] | null;
  readonly minCents: number | null;
  readonly maxCents: number | null;
  readonly email: string | null;
  readonly idNumber: string | null;
  readonly page: number;
  readonly pageSize: number;
}

export type SearchField =
  | "receiptNo"
  | "transactionNo"
  | "from"
  | "to"
  | "flow"
  | "method"
  | "status"
  | "minCents"
  | "maxCents"
  | "email"
  | "idNumber";

export type SearchError = DomainError<"SearchRefused", "search.invalid"> & {
  readonly fields: ReadonlyArray<SearchField>;
};

export const SEARCH_PAGE_SIZE = 25;

const text = (value: string | undefined) => {
  const trimmed = (value ?? "").trim();
  return trimmed === "" ? null : trimmed;
};

/** A Singapore calendar day's first instant, or undefined when the text is no real date. */
export const sgtDayStart = (date: string): number | undefined => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return undefined;
  const ms = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== date) return undefined;
  return ms - SGT_OFFSET_MS;
};

const cents = (value: number | undefined) =>
  value === undefined ? null : Number.isSafeInteger(value) && value >= 0 ? value : undefined;

/** Check an officer's search; every wrong field is named. No criterion lists the newest gifts. */
export const checkDonationSearch = (
  input: DonationSearchInput,
): Result.Result<DonationSearch, SearchError> => {
  const wrong: SearchField[] = [];
  const receiptNo = text(input.receiptNo)?.toUpperCase() ?? null;
  // A fund's series (`ZK-00000042`) or a counter device's own (`ZK-D007-00000042`).
  if (receiptNo && !/^[A-Z]{2}(-D\d{3,})?-\d{8,}$/.test(receiptNo)) wrong.push("receiptNo");
  const transactionNo = text(input.transactionNo)?.toUpperCase() ?? null;
  if (transactionNo && !/^[A-Z]{2}\d{6,20}$/.test(transactionNo)) wrong.push("transactionNo");
  const from = text(input.from);
  const fromMs = from === null ? null : sgtDayStart(from);
  if (fromMs === undefined) wrong.push("from");
  const to = text(input.to);
  const toStart = to === null ? null : sgtDayStart(to);
  if (toStart === undefined) wrong.push("to");
  const toMs = toStart === null || toStart === undefined ? null : toStart + DAY_MS;
  if (typeof fromMs === "number" && toMs !== null && toMs <= fromMs) wrong.push("to");
  const flow = text(input.flow);
  if (flow && !(FLOW_TYPES as ReadonlyArray<string>).includes(flow)) wrong.push("flow");
  const method = text(input.method);
  if (method && !(SEARCH_METHODS as ReadonlyArray<string>).includes(method)) wrong.push("method");
  const status = text(input.status);
  if (status && !(SEARCH_STATUSES as ReadonlyArray<string>).includes(status)) wrong.push("status");
  const minCents = cents(input.minCents);
  if (minCents === undefined) wrong.push("minCents");
  const maxCents = cents(input.maxCents);
  if (maxCents === undefined || (maxCents !== null && minCents && maxCents < minCents))
    wrong.push("maxCents");
  const email = text(input.email)?.toLowerCase() ?? null;
  if (email && !EMAIL_PATTERN.test(email)) wrong.push("email");
  const idNumber = text(input.idNumber)?.toUpperCase() ?? null;
  if (
    idNumber &&
    !isValidNric(idNumber) &&
    (matchesNricPattern(idNumber) || !/^[0-9A-Z]{9,10}$/.test(idNumber))
  )
    wrong.push("idNumber");
  const page = input.page ?? 1;
  if (wrong.length > 0)
    return Result.fail({
      ...domainError("SearchRefused", "search.invalid", "Some search fields are wrong."),
      fields: [...new Set(wrong)],
    });
  return Result.succeed({
    receiptNo,
    transactionNo,
    fromMs: fromMs ?? null,
    toMs,
    flow: flow as FlowType | null,
    method: method as DonationSearch["method"],
    status: status as DonationSearch["status"],
    minCents: minCents ?? null,
    maxCents: maxCents ?? null,
    email,
    idNumber,
    page: Number.isSafeInteger(page) && page >= 1 && page <= 1000 ? page : 1,
    pageSize: SEARCH_PAGE_SIZE,
  });
};
