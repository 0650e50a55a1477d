import { Result } from "effect";
import { domainError, type DomainError } from "../errors.ts";
import type { FlowType } from "../flow.ts";
import { COUNTER_ITEMS, flowOfItem, fundOf, receiptSeriesOf } from "../funds/lookup.ts";
import { householdLinesOk, type HouseholdLine } from "../household/household.ts";
import { checkAmount } from "../limits.ts";
import type { Cents } from "../money.ts";
import { EMAIL_PATTERN } from "../validators/contact.ts";
import { isValidNric, matchesNricPattern } from "../validators/nric.ts";

/**
 * A payment an amil takes at a mosque counter (cash, cheque, NETS or bank transfer) for any fund. It
 * is receipted like an online gift: the next serial number of the fund's series, the same receipt
 * pages and PDF, with point-of-sale source, the mosque and the amil (spec §3, §6).
 */
export const COUNTER_METHODS = ["cash", "cheque", "nets", "bank_transfer"] as const;
export type CounterMethod = (typeof COUNTER_METHODS)[number];

/**
 * The funds a counter takes: the items of the registry's `counterItems` (`harta`, `fitrah`, ...), each
 * with the flow, receipt series and limits of its fund.
 */
export const COUNTER_FUNDS: ReadonlyArray<string> = COUNTER_ITEMS;
export type CounterFund = string;

export const flowOfFund = (fund: CounterFund): FlowType => {
  const flow = flowOfItem(fund);
  if (flow === undefined) throw new RangeError(`no fund prices ${fund}`);
  return flow;
};

/** The receipt series of a flow (its registry entry's: WK for the wakaf funds, ZK for the others). */
export const seriesOfFlow = (flow: FlowType): string => receiptSeriesOf(flow);

/** The point-of-sale source recorded on a counter receipt (the receipt's officer-name rule reads it). */
export const COUNTER_SOURCE = "pos";

export interface CounterEntryInput {
  readonly fund: string;
  readonly amountCents: number;
  readonly method: string;
  /** Cheque number, NETS approval code or bank transfer reference; none for cash. */
  readonly reference?: string | undefined;
  readonly bankName?: string | undefined;
  readonly mosqueName: string;
  readonly donor: {
    readonly name: string;
    readonly email?: string | undefined;
    readonly countryCode?: string | undefined;
    readonly mobile?: string | undefined;
    /** NRIC/FIN (or a company's UEN) for IRAS inclusion; stored sealed, shown masked. */
    readonly idNumber?: string | undefined;
    readonly anonymous?: boolean | undefined;
  };
  /**
   * The people paid for, each named on the receipt (a household, issue 32): their lines of this fund
   * add up to the amount (`householdLinesOk`). None: the payer pays for themselves.
   */
  readonly household?: ReadonlyArray<HouseholdLine> | undefined;
}

export interface CounterEntry {
  readonly fund: CounterFund;
  readonly flow: FlowType;
  readonly series: string;
  readonly amountCents: Cents;
  readonly method: CounterMethod;
  readonly reference: string | null;
  readonly bankName: string | null;
  readonly mosqueName: string;
  readonly donor: {
    readonly name: string;
    readonly email: string | null;
    readonly countryCode: string | null;
    readonly mobile: string | null;
    readonly idNumber: string | null;
    readonly idKind: "NRIC" | "UEN" | null;
    readonly anonymous: boolean;
  };
  readonly household: ReadonlyArray<HouseholdLine> | null;
}

export type CounterField =
  | "fund"
  | "amountCents"
  | "method"
  | "reference"
  | "mosqueName"
  | "donorName"
  | "email"
  | "mobile"
  | "idNumber"
  | "household";

export type CounterEntryError = DomainError<"CounterEntryRefused", "counter.invalid"> & {
  readonly fields: ReadonlyArray<CounterField>;
};

const clean = (text: string | undefined) => (text ?? "").replace(/\s+/g, " ").trim();
const NAME = /^[\p{L}\p{M}][\p{L}\p{M} .,'@/()-]{0,65}$/u;
const UEN = /^[0-9A-Z]{9,10}$/;

/** Check a counter entry as checkout checks a donor's details; every wrong field is named. */
export const checkCounterEntry = (
  input: CounterEntryInput,
): Result.Result<CounterEntry, CounterEntryError> => {
  const wrong: CounterField[] = [];
  const fund = (COUNTER_FUNDS as ReadonlyArray<string>).includes(input.fund)
    ? (input.fund as CounterFund)
    : null;
  if (!fund) wrong.push("fund");
  const method = (COUNTER_METHODS as ReadonlyArray<string>).includes(input.method)
    ? (input.method as CounterMethod)
    : null;
  if (!method) wrong.push("method");
  const amount = input.amountCents;
  if (
    !Number.isSafeInteger(amount) ||
    amount <= 0 ||
    (fund && checkAmount(fundOf(flowOfFund(fund)).limits, amount as Cents) !== null)
  )
    wrong.push("amountCents");
  const reference = clean(input.reference).toUpperCase();
  if (method && method !== "cash" && !/^[0-9A-Z/-]{3,30}$/.test(reference)) wrong.push("reference");
  const mosqueName = clean(input.mosqueName);
  if (mosqueName.length < 3 || mosqueName.length > 80 || /[<>]/.test(mosqueName))
    wrong.push("mosqueName");
  const name = clean(input.donor.name);
  if (!NAME.test(name)) wrong.push("donorName");
  const email = clean(input.donor.email).toLowerCase();
  if (email !== "" && !EMAIL_PATTERN.test(email)) wrong.push("email");
  const mobile = clean(input.donor.mobile).replace(/\s/g, "");
  if (mobile !== "" && !/^\d{8,16}$/.test(mobile)) wrong.push("mobile");
  const id = clean(input.donor.idNumber).toUpperCase();
  // An NRIC-shaped number with a wrong check letter is a typo, not a UEN.
  const idKind =
    id === ""
      ? null
      : isValidNric(id)
        ? "NRIC"
        : UEN.test(id) && !matchesNricPattern(id)
          ? "UEN"
          : undefined;
  if (idKind === undefined) wrong.push("idNumber");
  // The rates are checked where they are known (the sync, against the rates the entry names).
  const household =
    input.household === undefined
      ? null
      : fund && householdLinesOk(fund, input.household, amount, null)
        ? input.household.map(({ name, kind, days, cents }) => ({
            name,
            ...(kind === undefined ? {} : { kind }),
            ...(days === undefined ? {} : { days }),
            cents,
          }))
        : undefined;
  if (household === undefined) wrong.push("household");
  if (wrong.length > 0 || !fund || !method || idKind === undefined || household === undefined)
    return Result.fail({
      ...domainError(
        "CounterEntryRefused",
        "counter.invalid",
        "Some details are missing or wrong.",
      ),
      fields: wrong,
    });
  const flow = flowOfFund(fund);
  return Result.succeed({
    fund,
    flow,
    series: seriesOfFlow(flow),
    amountCents: amount as Cents,
    method,
    reference: method === "cash" ? null : reference,
    bankName: clean(input.bankName) || null,
    mosqueName,
    donor: {
      name,
      email: email || null,
      countryCode: mobile ? clean(input.donor.countryCode) || "+65" : null,
      mobile: mobile || null,
      idNumber: id || null,
      idKind,
      anonymous: input.donor.anonymous === true,
    },
    household,
  });
};

/** How a counter method reads on a receipt and in the history (its §3 payment-method image name). */
export const counterMethodLabel = (method: CounterMethod): string =>
  method === "cash"
    ? "Cash"
    : method === "cheque"
      ? "Cheque"
      : method === "nets"
        ? "NETS"
        : "BankTransfer";
