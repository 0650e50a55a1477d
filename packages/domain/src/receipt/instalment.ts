/**
 * Which payment of a zakat instalment plan a donation is (issue 33, docs/instalments.md), as its
 * receipt, PDF, print and receipt e-mail say it: "Instalment 2 of 7", or the settling payment at the
 * end. The donation carries it in `inputs.instalment` (`{planId, k, n}` or `{planId, settle: true}`);
 * n is the plan's number of months (the schedule's `instalmentPlan`).
 */
export type ReceiptInstalment =
  { readonly kind: "month"; readonly k: number; readonly n: number } | { readonly kind: "settle" };

/** The most months a plan has (a haul of 355 days makes 12; the plans table allows 13). */
const MONTHS_MAX = 13;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const whole = (value: unknown): value is number =>
  typeof value === "number" && Number.isSafeInteger(value);

/** The instalment a donation's inputs name; undefined for any other gift or anything malformed. */
export const receiptInstalmentOf = (inputs: unknown): ReceiptInstalment | undefined => {
  const instalment = isRecord(inputs) ? inputs["instalment"] : undefined;
  if (!isRecord(instalment) || typeof instalment["planId"] !== "string") return undefined;
  if (instalment["settle"] === true) return { kind: "settle" };
  const { k, n } = instalment;
  return whole(k) && whole(n) && k >= 1 && n >= k && n <= MONTHS_MAX
    ? { kind: "month", k, n }
    : undefined;
};

/** The receipt's words for it, in English and Malay (the receipt e-mail; the page has them as `receipt_instalment*`). */
export const receiptInstalmentText = (instalment: ReceiptInstalment, lang: "en" | "ms"): string =>
  instalment.kind === "settle"
    ? lang === "ms"
      ? "Pelan ansuran zakat: bayaran baki"
      : "Zakat instalment plan: settling payment"
    : lang === "ms"
      ? `Ansuran ${instalment.k} daripada ${instalment.n}`
      : `Instalment ${instalment.k} of ${instalment.n}`;
