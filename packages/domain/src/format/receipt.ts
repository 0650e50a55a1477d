/** Masks all but the last four characters: `S1234456A` -> `*****456A` (PDPC partial NRIC). */
export const maskNric = (nric: string): string => {
  const value = nric.trim();
  if (value.length <= 4) return "*".repeat(value.length);
  return `${"*".repeat(value.length - 4)}${value.slice(-4)}`;
};

/** Receipt mobile display mask (§5). */
export const RECEIPT_MOBILE_MASK = "+## #### #### #### ####";
/** Mobile display mask elsewhere (§5). */
export const MOBILE_MASK = "+## #### ######";

const isBlankPhone = (value: string | null | undefined): value is null | undefined =>
  value === null ||
  value === undefined ||
  value.trim() === "" ||
  ["NA", "NULL"].includes(value.trim().toUpperCase());

/**
 * Fills a mobile number's digits (country code first) into a mask: `6591234567` with
 * `+## #### ######` -> `+65 9123 4567`. Stops at the last digit; digits beyond the mask are appended.
 * Empty, null, `NA` or `NULL` show `-`.
 */
export const formatMobile = (
  value: string | null | undefined,
  mask: string = MOBILE_MASK,
): string => {
  if (isBlankPhone(value)) return "-";
  const digits = value.replace(/\D/g, "");
  if (digits === "") return "-";
  let out = "";
  let i = 0;
  for (const ch of mask) {
    if (i >= digits.length) break;
    if (ch === "#") out += digits[i++];
    else out += ch;
  }
  return (out + digits.slice(i)).trim();
};

/** Reference numbers wrap at this many characters per line (§9). */
export const REFERENCE_LINE_LENGTH = 13;

/** Splits a reference number into lines of at most 13 characters. */
export const wrapReference = (ref: string, width: number = REFERENCE_LINE_LENGTH): string[] => {
  const lines: string[] = [];
  for (let i = 0; i < ref.length; i += width) lines.push(ref.slice(i, i + width));
  return lines;
};

/** Receipt recurrence labels. */
export type RecurrenceLabel =
  | "Recurrent Daily"
  | "Recurrent Weekly"
  | "Recurrent Monthly"
  | "Recurrent Quarterly"
  | "Recurrent Annually"
  | "One Time";

const RECURRENCE: Readonly<Record<string, RecurrenceLabel>> = {
  "10": "Recurrent Daily",
  "20": "Recurrent Weekly",
  "50": "Recurrent Monthly",
  "100": "Recurrent Quarterly",
  "200": "Recurrent Annually",
};

/**
 * The odd rule of §9, kept as the receipts show it: the characters after the first character of the
 * total amount string (`$10` -> `10`) pick the label: 10 Daily, 20 Weekly, 50 Monthly, 100 Quarterly,
 * 200 Annually; anything else is One Time.
 */
export const receiptRecurrenceLabel = (totalAmount: string): RecurrenceLabel =>
  RECURRENCE[totalAmount.slice(1)] ?? "One Time";

/** Frequency shown on receipts: `One Off` reads `One Time`. */
export const frequencyLabel = (frequency: string): string =>
  frequency.trim().toLowerCase() === "one off" ? "One Time" : frequency;

/** Payment status labels of §4. */
export type PaymentStatusLabel = "Accepted" | "Completed" | "Refunded" | "Voided";

/** How a receipt shows an amount for a status. */
export interface PaymentStatusDisplay {
  readonly label: PaymentStatusLabel;
  /** Refunded and voided amounts are struck through. */
  readonly struck: boolean;
  /** Amount style variant: `amt accepted`, `amt refunded` or `amt voided`. */
  readonly amountClass: "amt accepted" | "amt refunded" | "amt voided";
}

/** Status display (§4): a missing or unknown status counts as accepted; completed shows normally. */
export const paymentStatusDisplay = (status: string | null | undefined): PaymentStatusDisplay => {
  switch ((status ?? "").trim().toLowerCase()) {
    case "completed":
      return { label: "Completed", struck: false, amountClass: "amt accepted" };
    case "refunded":
      return { label: "Refunded", struck: true, amountClass: "amt refunded" };
    case "voided":
      return { label: "Voided", struck: true, amountClass: "amt voided" };
    default:
      return { label: "Accepted", struck: false, amountClass: "amt accepted" };
  }
};

/** Name shown for anonymous donors. */
export const ANONYMOUS_DONOR_NAME = "Hamba Allah";

/** Donor identity as a receipt shows it: anonymous donors are 'Hamba Allah' with no email. */
export const receiptDonor = (donor: {
  readonly isAnonymous: boolean;
  readonly donorName: string;
  readonly donorEmail: string | null;
}): { readonly name: string; readonly email: string | null } =>
  donor.isAnonymous
    ? { name: ANONYMOUS_DONOR_NAME, email: null }
    : { name: donor.donorName, email: donor.donorEmail };

/** Point-of-sale receipt sources. */
export const POINT_OF_SALE_SOURCES = ["terminal", "kiosk", "pos"] as const;

/**
 * Officer (amil) name rule: shown only for a point-of-sale source (terminal, kiosk, pos) when an amil
 * is recorded and is not the platform's own account (`platformAmilId`, passed in).
 */
export const showOfficerName = (receipt: {
  readonly source: string | null | undefined;
  readonly amilId: string | number | null | undefined;
  readonly platformAmilId: string | number;
}): boolean => {
  const source = (receipt.source ?? "").trim().toLowerCase();
  const isPos = (POINT_OF_SALE_SOURCES as ReadonlyArray<string>).includes(source);
  const amil = receipt.amilId;
  return (
    isPos &&
    amil !== null &&
    amil !== undefined &&
    String(amil) !== "" &&
    String(amil) !== String(receipt.platformAmilId)
  );
};

/** "Next Zakat Harta Due" shows only for harta above 0, a living donor and a due date present. */
export const showNextZakatDue = (receipt: {
  readonly hartaAmount: number;
  readonly isDeceased: boolean;
  readonly nextZakatDueDate: string | null | undefined;
}): boolean =>
  receipt.hartaAmount > 0 &&
  !receipt.isDeceased &&
  receipt.nextZakatDueDate !== null &&
  receipt.nextZakatDueDate !== undefined &&
  receipt.nextZakatDueDate !== "";
