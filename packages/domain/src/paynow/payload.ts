import { Result } from "effect";
import type { DomainError } from "../errors.ts";
import { cents, centsToDecimalString, type Cents } from "../money.ts";
import { sgtParts } from "../format/sgt.ts";
import { crc16Hex } from "./crc16.ts";
import { isQrText, parseTlv, tlv, type DataObject } from "./tlv.ts";

/** What a PayNow QR asks the payer's bank to pay. */
export interface PayNowRequest {
  /** The charity's UEN, the PayNow proxy (proxy type 2). */
  readonly uen: string;
  readonly amount: Cents;
  /** Bill reference the bank passes back with the credit (e.g. the transaction number); 1 to 25. */
  readonly reference: string;
  /** Shown by the payer's bank app; 1 to 25 characters. */
  readonly merchantName: string;
  /** Last day the QR may be paid, `YYYYMMDD` (Singapore date; see `payNowExpiryDate`). */
  readonly expiry: string;
  /** Whether the payer may change the amount; the portal's QRs are fixed (default false). */
  readonly editable?: boolean;
}

/** A PayNow payload read back from its text. */
export interface PayNowPayload extends Required<PayNowRequest> {
  readonly merchantCity: string;
}

export type PayNowErrorCode =
  | "paynow.uen"
  | "paynow.amount"
  | "paynow.reference"
  | "paynow.merchantName"
  | "paynow.expiry"
  | "paynow.crc"
  | "paynow.malformed"
  | "paynow.notPayNow";

export type PayNowError = DomainError<"PayNowError", PayNowErrorCode>;

const fail = (code: PayNowErrorCode, message: string) =>
  Result.fail<PayNowError>({ _tag: "PayNowError", code, message });
const refuse = (code: PayNowErrorCode, message: string) =>
  ({ ok: false, error: { _tag: "PayNowError", code, message } }) as const;

/** Longest merchant name and bill reference EMVCo allows. */
export const PAYNOW_TEXT_MAX_LENGTH = 25;
/** Tag 54 holds at most 13 characters: up to 9,999,999,999.99. */
const AMOUNT_MAX_LENGTH = 13;

const PAYNOW_GUID = "SG.PAYNOW";
const fixed = { format: "01", dynamic: "12", category: "0000", sgd: "702", country: "SG" } as const;
const CITY = "Singapore";

const isDate = (yyyymmdd: string): boolean => {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(yyyymmdd);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
};

const textField = (text: string) =>
  text.length >= 1 && text.length <= PAYNOW_TEXT_MAX_LENGTH && isQrText(text);

/** Why a request cannot become a payload, or `null` when it can. */
const problem = (r: PayNowRequest): [PayNowErrorCode, string] | null => {
  if (!/^[0-9A-Z]{9,10}$/.test(r.uen)) return ["paynow.uen", "UEN: 9 or 10 capitals and digits"];
  if (!Number.isSafeInteger(r.amount) || r.amount < 1)
    return ["paynow.amount", "Amount: at least one cent"];
  if (centsToDecimalString(r.amount).length > AMOUNT_MAX_LENGTH)
    return ["paynow.amount", "Amount: too large for a PayNow QR"];
  if (!textField(r.reference))
    return ["paynow.reference", "Reference: 1 to 25 printable ASCII characters"];
  if (!textField(r.merchantName))
    return ["paynow.merchantName", "Merchant name: 1 to 25 printable ASCII characters"];
  if (!isDate(r.expiry)) return ["paynow.expiry", "Expiry: a real date as YYYYMMDD"];
  return null;
};

/**
 * The EMVCo (SGQR) payload of a dynamic PayNow QR: format 01, dynamic (12), merchant account in tag 26
 * (SG.PAYNOW, proxy type 2 = UEN, the UEN, editable flag, expiry), category 0000, currency 702 (SGD),
 * the amount with two decimals, country SG, merchant name and city, the bill reference in tag 62, and
 * the CRC-16/CCITT-FALSE of everything before it, "6304" included, in tag 63.
 */
export const buildPayNowPayload = (request: PayNowRequest): Result.Result<string, PayNowError> => {
  const issue = problem(request);
  if (issue) return fail(...issue);
  const account = [
    tlv("00", PAYNOW_GUID),
    tlv("01", "2"),
    tlv("02", request.uen),
    tlv("03", request.editable === true ? "1" : "0"),
    tlv("04", request.expiry),
  ].join("");
  const body = [
    tlv("00", fixed.format),
    tlv("01", fixed.dynamic),
    tlv("26", account),
    tlv("52", fixed.category),
    tlv("53", fixed.sgd),
    tlv("54", centsToDecimalString(request.amount)),
    tlv("58", fixed.country),
    tlv("59", request.merchantName),
    tlv("60", CITY),
    tlv("62", tlv("01", request.reference)),
    "6304",
  ].join("");
  return Result.succeed(body + crc16Hex(body));
};

/** The Singapore date of an instant as `YYYYMMDD`, for `PayNowRequest.expiry`. */
export const payNowExpiryDate = (epochMs: number): string => {
  const { year, month, day } = sgtParts(epochMs);
  return `${year}${String(month).padStart(2, "0")}${String(day).padStart(2, "0")}`;
};

/** Whether the text ends in a tag 63 whose four uppercase hex digits match the CRC of what precedes. */
export const payNowCrcValid = (payload: string): boolean => {
  const at = payload.length - 4;
  return (
    at >= 4 &&
    payload.slice(at - 4, at) === "6304" &&
    crc16Hex(payload.slice(0, at)) === payload.slice(at)
  );
};

const find = (objects: ReadonlyArray<DataObject>, id: string) =>
  objects.find((o) => o.id === id)?.value;

/**
 * Reads a PayNow payload back, checking the CRC first, then the structure: the fixed tags, a merchant
 * account (tags 26 to 51) for SG.PAYNOW, SGD, an amount with at most two decimals, and the same limits
 * as `buildPayNowPayload`. A plain union rather than a `Result`, so checkout carries no Effect code
 * (`parsePayNowPayload` is the `Result` form).
 */
export const readPayNowPayload = (
  payload: string,
):
  | { readonly ok: true; readonly value: PayNowPayload }
  | { readonly ok: false; readonly error: PayNowError } => {
  if (!isQrText(payload)) return refuse("paynow.malformed", "Not printable ASCII");
  if (!payNowCrcValid(payload)) return refuse("paynow.crc", "The CRC does not match the payload");
  const objects = parseTlv(payload);
  if (!objects || objects.at(-1)?.id !== "63") return refuse("paynow.malformed", "Not EMVCo data");
  if (find(objects, "00") !== fixed.format) return refuse("paynow.malformed", "Unknown format");
  const account = objects
    .filter((o) => Number(o.id) >= 26 && Number(o.id) <= 51)
    .map((o) => parseTlv(o.value))
    .find((sub) => sub !== null && find(sub, "00") === PAYNOW_GUID);
  if (!account) return refuse("paynow.notPayNow", "No SG.PAYNOW merchant account");
  if (find(objects, "53") !== fixed.sgd || find(objects, "58") !== fixed.country)
    return refuse("paynow.notPayNow", "PayNow is SGD in Singapore only");
  // The portal issues UEN proxies only; a mobile-number QR (proxy type 0) is not one of ours.
  if (find(account, "01") !== "2") return refuse("paynow.notPayNow", "Proxy type is not 2 (UEN)");
  const amountText = find(objects, "54") ?? "";
  const amount = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(amountText);
  if (!amount) return refuse("paynow.amount", "No amount with at most two decimals");
  const reference = find(objects, "62");
  const parsed: PayNowPayload = {
    uen: find(account, "02") ?? "",
    editable: find(account, "03") === "1",
    expiry: find(account, "04") ?? "",
    amount: cents(Number(amount[1]) * 100 + Number((amount[2] ?? "").padEnd(2, "0"))),
    reference: (reference === undefined ? undefined : find(parseTlv(reference) ?? [], "01")) ?? "",
    merchantName: find(objects, "59") ?? "",
    merchantCity: find(objects, "60") ?? "",
  };
  const issue = problem(parsed);
  return issue ? refuse(...issue) : { ok: true, value: parsed };
};

/** `readPayNowPayload` as a `Result`. */
export const parsePayNowPayload = (payload: string): Result.Result<PayNowPayload, PayNowError> => {
  const read = readPayNowPayload(payload);
  return read.ok ? Result.succeed(read.value) : Result.fail(read.error);
};
