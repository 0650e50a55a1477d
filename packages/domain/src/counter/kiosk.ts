import { Result } from "effect";
import type { RateConfig } from "../config.ts";
import { domainError, type DomainError } from "../errors.ts";
import type { FlowType } from "../flow.ts";
import { COUNTER_ITEMS, flowOfItem, fundOf } from "../funds/lookup.ts";
import { amountLimits, checkAmount, type AmountLimit } from "../limits.ts";
import type { Cents } from "../money.ts";
import {
  householdLinesOk,
  linesTotal,
  type HouseholdLine,
  type HouseholdRates,
} from "../household/household.ts";

// Kiosks (issue 32; docs/counter.md "Kiosks"): an unattended screen at a mosque, registered by an
// officer as a device of kind `kiosk`. Its key pair is made on the kiosk (the private half never
// leaves it) and signs each request to start a payment, so the server knows the request comes from a
// registered kiosk and which mosque it stands in: the browser's word is never taken for either.

/**
 * The funds a kiosk offers, fitrah first (a kiosk's busiest nights are Ramadan's last): the counter's
 * funds, kaffarah aside (an amil settles its kind with the payer).
 */
export const KIOSK_FUNDS: ReadonlyArray<string> = /* @__PURE__ */ COUNTER_ITEMS.filter(
  (item) => item !== "kaffarah",
).sort((a, b) => Number(b === "fitrah") - Number(a === "fitrah"));

/** At most this many persons on one fitrah payment at a kiosk (a household, not a village). */
export const KIOSK_MAX_PERSONS = 30;

/** A signed kiosk request older (or further ahead) than this is refused: a copy cannot be kept for later. */
export const KIOSK_REQUEST_SKEW_MS = 5 * 60_000;

/** A kiosk left alone this long goes back to its start (the next payer sees nothing of the last). */
export const KIOSK_IDLE_MS = 60_000;
/** For the last this-many milliseconds a countdown shows, and a touch cancels it. */
export const KIOSK_WARNING_MS = 10_000;

/** The funds a kiosk lets the payer name each person for (the household form's items). */
export const KIOSK_HOUSEHOLD_FUNDS: ReadonlyArray<"fitrah" | "fidyah"> = ["fitrah", "fidyah"];

/**
 * What the payer chose on the kiosk: the fund, and persons (fitrah) or an amount (the others), or
 * each person named (`household`, fitrah and fidyah) in their place.
 */
export interface KioskOrder {
  readonly fund: string;
  /** Fitrah: how many persons at the normal and at the premium rate. */
  readonly persons?: { readonly normal: number; readonly premium: number };
  /** Every other fund: the amount in cents. */
  readonly amountCents?: number;
  /**
   * Fitrah or fidyah for named people (the household form): one line a person, as a counter entry
   * carries them (fitrah: `kind`; fidyah: `days`; `cents` at the rates). In place of persons or amount.
   */
  readonly household?: ReadonlyArray<HouseholdLine>;
  /** What the kiosk showed as the total: the server prices again and must agree. */
  readonly totalCents: number;
  /** The rates the kiosk priced at (`homePageConfiguration`'s version). */
  readonly ratesVersion: number;
  readonly lang: "en" | "ms";
}

/** The signed text of a kiosk's request to start a payment (the exact JSON its key signed). */
export interface KioskRequest {
  readonly v: 1;
  readonly kiosk: string;
  /** The payment's idempotency key: the same request sent again is the same payment. */
  readonly key: string;
  /** When the kiosk signed it (ISO time). */
  readonly at: string;
  readonly order: KioskOrder;
}

export type KioskError = DomainError<
  "KioskError",
  | "kiosk.request_malformed"
  | "kiosk.request_stale"
  | "kiosk.order_invalid"
  | "kiosk.rates_changed"
  | "kiosk.household_invalid"
>;
const fail = (code: KioskError["code"], message: string) =>
  Result.fail(domainError("KioskError", code, message));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const KEY = /^[\x21-\x7e]{1,255}$/;
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const count = (value: unknown): value is number =>
  Number.isSafeInteger(value) && (value as number) >= 0;

/**
 * A kiosk's signed request read (its signature already checked by the caller): its shape, that it
 * names this kiosk, and that it was signed within KIOSK_REQUEST_SKEW_MS of `now`.
 */
export const readKioskRequest = (
  text: string,
  kioskId: string,
  now: Date,
): Result.Result<KioskRequest, KioskError> => {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return fail("kiosk.request_malformed", "The request is not JSON");
  }
  if (!isRecord(value) || value["v"] !== 1) {
    return fail("kiosk.request_malformed", "Unknown request version");
  }
  if (
    typeof value["kiosk"] !== "string" ||
    !UUID.test(value["kiosk"]) ||
    value["kiosk"] !== kioskId
  ) {
    return fail("kiosk.request_malformed", "The request names another kiosk");
  }
  if (typeof value["key"] !== "string" || !KEY.test(value["key"])) {
    return fail("kiosk.request_malformed", "key must be 1 to 255 visible characters");
  }
  const at = typeof value["at"] === "string" ? Date.parse(value["at"]) : Number.NaN;
  if (Number.isNaN(at)) return fail("kiosk.request_malformed", "at must be a time");
  if (Math.abs(now.getTime() - at) > KIOSK_REQUEST_SKEW_MS) {
    return fail("kiosk.request_stale", "The request was not signed just now");
  }
  const order = value["order"];
  if (!isRecord(order)) return fail("kiosk.request_malformed", "order must be the payment");
  const { fund, persons, amountCents, household, totalCents, ratesVersion, lang } = order;
  if (typeof fund !== "string" || !KIOSK_FUNDS.includes(fund)) {
    return fail("kiosk.order_invalid", "The kiosk does not take this fund");
  }
  if (!count(totalCents) || !Number.isSafeInteger(ratesVersion) || (ratesVersion as number) < 1) {
    return fail("kiosk.request_malformed", "totalCents and ratesVersion must be whole numbers");
  }
  if (lang !== "en" && lang !== "ms") return fail("kiosk.request_malformed", "lang is en or ms");
  if (household !== undefined) {
    // Named people: the lines are checked against the rates when priced (`priceKioskOrder`).
    if (!(KIOSK_HOUSEHOLD_FUNDS as ReadonlyArray<string>).includes(fund)) {
      return fail("kiosk.household_invalid", "Only fitrah and fidyah name each person");
    }
    if (!Array.isArray(household) || persons !== undefined || amountCents !== undefined) {
      return fail("kiosk.household_invalid", "Name the people, or count them: not both");
    }
  } else if (fund === "fitrah") {
    if (!isRecord(persons) || !count(persons["normal"]) || !count(persons["premium"])) {
      return fail("kiosk.order_invalid", "Fitrah needs the persons at each rate");
    }
    if (amountCents !== undefined)
      return fail("kiosk.order_invalid", "Fitrah is priced per person");
  } else if (!count(amountCents) || persons !== undefined) {
    return fail("kiosk.order_invalid", "This fund needs an amount");
  }
  return Result.succeed({
    v: 1,
    kiosk: kioskId,
    key: value["key"],
    at: value["at"] as string,
    order: {
      fund,
      ...(household !== undefined
        ? { household: household as ReadonlyArray<HouseholdLine> }
        : fund === "fitrah"
          ? {
              persons: {
                normal: (persons as Record<string, number>)["normal"] ?? 0,
                premium: (persons as Record<string, number>)["premium"] ?? 0,
              },
            }
          : { amountCents: amountCents as number }),
      totalCents: totalCents as number,
      ratesVersion: ratesVersion as number,
      lang,
    },
  });
};

/** The bounds of a kiosk fund paid as an amount (its fund's limits, inclusive, in cents). */
export const kioskAmountLimit = (fund: string): AmountLimit => {
  const flow = flowOfItem(fund);
  // No such fund: a range nothing falls in.
  if (flow === undefined) return { min: 1 as Cents, max: 0 as Cents };
  const limits = fundOf(flow).limits;
  return typeof limits === "string" ? amountLimits[limits] : limits;
};

/** A kiosk order priced: its flow, the item's amount, and the inputs the receipt lists. */
export interface PricedKioskOrder {
  readonly flow: FlowType;
  readonly item: string;
  readonly total: Cents;
  readonly inputs: Readonly<Record<string, unknown>>;
}

/** Fitrah's total: persons at the normal rate and at the premium rate (the published rates). */
export const fitrahTotal = (
  persons: { readonly normal: number; readonly premium: number },
  rates: Pick<RateConfig, "fitrahNormalRate" | "fitrahPremiumRate">,
): Cents =>
  (persons.normal * rates.fitrahNormalRate + persons.premium * rates.fitrahPremiumRate) as Cents;

/**
 * Price what the payer chose on the current rates: fitrah at the published rates per person (1 to
 * KIOSK_MAX_PERSONS in all), any other fund its amount within the fund's limits; a household's lines
 * (fitrah, fidyah) each priced at the current rates (`householdLinesOk`, else
 * `kiosk.household_invalid`) and kept in `inputs.household` with their item, so the receipt names
 * each person. The kiosk's total must be the same, at the same rates version (a change since: `kiosk.rates_changed`, priced again).
 */
export const priceKioskOrder = (
  order: Pick<
    KioskOrder,
    "fund" | "persons" | "amountCents" | "household" | "totalCents" | "ratesVersion"
  >,
  rates: HouseholdRates,
  ratesVersion: number,
): Result.Result<PricedKioskOrder, KioskError> => {
  const flow = flowOfItem(order.fund);
  if (flow === undefined || !KIOSK_FUNDS.includes(order.fund)) {
    return fail("kiosk.order_invalid", "The kiosk does not take this fund");
  }
  if (order.ratesVersion !== ratesVersion) {
    return fail("kiosk.rates_changed", "The rates changed; price the payment again");
  }
  let total: Cents;
  let inputs: Record<string, unknown>;
  if (order.household !== undefined) {
    // Each person priced again at the current rates (the kiosk priced at this version): a line
    // malformed, priced otherwise, or not adding up to the total is refused whole.
    if (!householdLinesOk(order.fund, order.household, order.totalCents, rates)) {
      return fail("kiosk.household_invalid", "A person is not priced at the current rates");
    }
    total = linesTotal(order.household) as Cents;
    if (order.fund !== "fitrah" && checkAmount(fundOf(flow).limits, total) !== null) {
      return fail("kiosk.order_invalid", "The amount is outside the fund's limits");
    }
    // Kept as the counter keeps a household's lines: each with its item, for the receipt.
    inputs = {
      household: order.household.map(({ name, kind, days, cents }) => ({
        item: order.fund,
        name,
        ...(kind === undefined ? {} : { kind }),
        ...(days === undefined ? {} : { days }),
        cents,
      })),
    };
  } else if (order.fund === "fitrah") {
    const persons = order.persons ?? { normal: 0, premium: 0 };
    const all = persons.normal + persons.premium;
    if (all < 1 || all > KIOSK_MAX_PERSONS) {
      return fail("kiosk.order_invalid", `From 1 to ${KIOSK_MAX_PERSONS} persons`);
    }
    total = fitrahTotal(persons, rates);
    inputs = { fitrah: { normal: persons.normal, premium: persons.premium } };
  } else {
    total = (order.amountCents ?? 0) as Cents;
    if (checkAmount(fundOf(flow).limits, total) !== null) {
      return fail("kiosk.order_invalid", "The amount is outside the fund's limits");
    }
    inputs = { [order.fund]: total };
  }
  if (total !== order.totalCents) {
    return fail("kiosk.order_invalid", "The total does not match the rates");
  }
  return Result.succeed({ flow, item: order.fund, total, inputs });
};

/** Where the inactivity timer stands: `active`, `warning` with whole seconds left, or `reset`. */
export type IdleState =
  | { readonly phase: "active" }
  | { readonly phase: "warning"; readonly secondsLeft: number }
  | { readonly phase: "reset" };

/** The kiosk's state `idleMs` after the last touch (KIOSK_IDLE_MS in all, the last KIOSK_WARNING_MS warned). */
export const idleState = (idleMs: number): IdleState => {
  if (idleMs >= KIOSK_IDLE_MS) return { phase: "reset" };
  if (idleMs < KIOSK_IDLE_MS - KIOSK_WARNING_MS) return { phase: "active" };
  return { phase: "warning", secondsLeft: Math.ceil((KIOSK_IDLE_MS - idleMs) / 1000) };
};
