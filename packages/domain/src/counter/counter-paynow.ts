import { Result } from "effect";
import { domainError, type DomainError } from "../errors.ts";
import {
  householdLinesOk,
  type HouseholdLine,
  type HouseholdRates,
} from "../household/household.ts";
import { checkCounterEntry, type CounterEntry } from "../console/counter-payment.ts";
import type { CounterSale } from "./device.ts";

// PayNow at the attended counter (issue 32; docs/counter.md "PayNow at the counter"). Online only:
// the counter device signs a request with its key, as a kiosk does, naming the amil (with the
// council's credential) and the payment (one fund, or a household's one sale per fund paid); the
// server makes a point-of-sale donation per sale at the device's mosque, in the amil's open shift,
// and the payer pays its PayNow QR. The request names no method, source or mosque: those are the
// server's (PayNow, `pos`, the device's registration), so a request that names them is refused.

/** A counter PayNow request may be signed this far from the server's clock. */
export const COUNTER_PAYNOW_SKEW_MS = 5 * 60_000;
/** The most sales one request carries (a household pays fitrah, fidyah and harta at most). */
export const COUNTER_PAYNOW_MAX_SALES = 3;

/** One sale of the request: what the amil entered, without a method (it is PayNow). */
export interface CounterPayNowSale {
  readonly fund: string;
  readonly amountCents: number;
  readonly donor: {
    readonly name: string;
    readonly email?: string | undefined;
    readonly idNumber?: string | undefined;
  };
  readonly household?: ReadonlyArray<HouseholdLine> | undefined;
}

/** What the counter device signs to start a PayNow payment (version 1), sent as the exact text. */
export interface CounterPayNowRequest {
  readonly v: 1;
  readonly kind: "paynow";
  readonly deviceId: string;
  /** The payment's idempotency key (made when the form opened): a retry is the same payment. */
  readonly key: string;
  readonly takenAt: string;
  readonly amil: { readonly id: string; readonly name: string };
  readonly amilCredential?: string | undefined;
  readonly ratesVersion: number;
  readonly lang: "en" | "ms";
  readonly sales: ReadonlyArray<CounterPayNowSale>;
}

export type CounterPayNowProblem =
  | "counter.paynow_malformed"
  | "counter.paynow_stale"
  | "counter.paynow_invalid"
  | "counter.rates_changed";
export type CounterPayNowError = DomainError<"CounterPayNowRefused", CounterPayNowProblem> & {
  readonly fields?: ReadonlyArray<string>;
};

const fail = (
  code: CounterPayNowProblem,
  message: string,
  fields?: ReadonlyArray<string>,
): Result.Result<never, CounterPayNowError> =>
  Result.fail({
    ...domainError("CounterPayNowRefused", code, message),
    ...(fields ? { fields } : {}),
  });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const KEY = /^[\x21-\x7e]{1,200}$/;
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
/** Only these names: anything else (a source, a mosque, a method) is not the device's to say. */
const only = (value: Record<string, unknown>, names: ReadonlyArray<string>) =>
  Object.keys(value).every((name) => names.includes(name));
const text = (value: unknown, max: number): value is string =>
  typeof value === "string" && value.trim() !== "" && value.length <= max;

const filled = (value: string | undefined): string | undefined => {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === "" ? undefined : trimmed;
};

/** The request the device signs for a PayNow payment; empty fields left out (as buildOfflineEntry). */
export const buildCounterPayNow = (input: {
  readonly deviceId: string;
  readonly key: string;
  readonly takenAt: Date;
  readonly amil: { readonly id: string; readonly name: string; readonly credential?: string };
  readonly ratesVersion: number;
  readonly lang: "en" | "ms";
  readonly sales: ReadonlyArray<Omit<CounterSale, "method" | "reference">>;
}): CounterPayNowRequest => ({
  v: 1,
  kind: "paynow",
  deviceId: input.deviceId,
  key: input.key,
  takenAt: input.takenAt.toISOString(),
  amil: { id: input.amil.id.trim(), name: input.amil.name.trim() },
  ...(input.amil.credential === undefined ? {} : { amilCredential: input.amil.credential }),
  ratesVersion: input.ratesVersion,
  lang: input.lang,
  sales: input.sales.map((sale) => {
    const email = filled(sale.donor.email);
    const idNumber = filled(sale.donor.idNumber)?.toUpperCase();
    return {
      fund: sale.fund,
      amountCents: sale.amountCents,
      donor: {
        name: sale.donor.name.trim(),
        ...(email === undefined ? {} : { email }),
        ...(idNumber === undefined ? {} : { idNumber }),
      },
      ...(sale.household === undefined ? {} : { household: sale.household }),
    };
  }),
});

/** A request read: its fields, and each sale checked by the counter's rules at the device's mosque. */
export interface ReadCounterPayNow {
  readonly request: CounterPayNowRequest;
  readonly entries: ReadonlyArray<CounterEntry>;
}

/**
 * A counter device's PayNow request read (its signature already checked by the caller): its shape
 * (no name it should not carry), that it names this device, that it was signed within
 * COUNTER_PAYNOW_SKEW_MS of `now`, each sale by the counter's rules (`checkCounterEntry`, at the
 * device's mosque; the funds each once) and a household's lines at the current rates (the device
 * priced at `ratesVersion`; another version is `counter.rates_changed`).
 */
export const readCounterPayNow = (
  signed: string,
  device: { readonly id: string; readonly mosqueName: string },
  now: Date,
  current: { readonly version: number; readonly rates: HouseholdRates },
): Result.Result<ReadCounterPayNow, CounterPayNowError> => {
  let value: unknown;
  try {
    value = JSON.parse(signed);
  } catch {
    return fail("counter.paynow_malformed", "The request is not JSON");
  }
  const names = [
    "v",
    "kind",
    "deviceId",
    "key",
    "takenAt",
    "amil",
    "amilCredential",
    "ratesVersion",
    "lang",
    "sales",
  ];
  if (!isRecord(value) || value["v"] !== 1 || value["kind"] !== "paynow" || !only(value, names)) {
    return fail("counter.paynow_malformed", "Not a counter PayNow request (version 1)");
  }
  const { deviceId, key, takenAt, amil, amilCredential, ratesVersion, lang, sales } = value;
  if (typeof deviceId !== "string" || !UUID.test(deviceId) || deviceId !== device.id) {
    return fail("counter.paynow_malformed", "The request names another device");
  }
  if (typeof key !== "string" || !KEY.test(key)) {
    return fail("counter.paynow_malformed", "key must be 1 to 200 visible characters");
  }
  const at = typeof takenAt === "string" ? Date.parse(takenAt) : Number.NaN;
  if (Number.isNaN(at)) return fail("counter.paynow_malformed", "takenAt must be a time");
  if (Math.abs(now.getTime() - at) > COUNTER_PAYNOW_SKEW_MS) {
    return fail("counter.paynow_stale", "The request was not signed just now");
  }
  if (
    !isRecord(amil) ||
    !only(amil, ["id", "name"]) ||
    !text(amil["id"], 255) ||
    !text(amil["name"], 255)
  ) {
    return fail("counter.paynow_malformed", "amil must name the amil's id and name");
  }
  if (
    amilCredential !== undefined &&
    (typeof amilCredential !== "string" || amilCredential.length > 2_000)
  ) {
    return fail("counter.paynow_malformed", "amilCredential must be the council's credential");
  }
  if (!Number.isSafeInteger(ratesVersion) || (ratesVersion as number) < 1) {
    return fail("counter.paynow_malformed", "ratesVersion must be a whole number from 1");
  }
  if (lang !== "en" && lang !== "ms") return fail("counter.paynow_malformed", "lang is en or ms");
  if (!Array.isArray(sales) || sales.length < 1 || sales.length > COUNTER_PAYNOW_MAX_SALES) {
    return fail("counter.paynow_malformed", `From 1 to ${COUNTER_PAYNOW_MAX_SALES} sales`);
  }
  const entries: CounterEntry[] = [];
  for (const sale of sales as unknown[]) {
    if (
      !isRecord(sale) ||
      !only(sale, ["fund", "amountCents", "donor", "household"]) ||
      !isRecord(sale["donor"]) ||
      !only(sale["donor"], ["name", "email", "idNumber"])
    ) {
      return fail("counter.paynow_malformed", "A sale names a fund, an amount and the payer only");
    }
    const donor = sale["donor"];
    // The counter's rules, with a stand-in method (the method is PayNow, which they do not price).
    const checked = checkCounterEntry({
      fund: String(sale["fund"]),
      amountCents: sale["amountCents"] as number,
      method: "cash",
      mosqueName: device.mosqueName,
      donor: {
        name: typeof donor["name"] === "string" ? donor["name"] : "",
        email: typeof donor["email"] === "string" ? donor["email"] : undefined,
        idNumber: typeof donor["idNumber"] === "string" ? donor["idNumber"] : undefined,
      },
      household: sale["household"] as ReadonlyArray<HouseholdLine> | undefined,
    });
    if (Result.isFailure(checked)) {
      return fail("counter.paynow_invalid", "Some details are missing or wrong", [
        ...checked.failure.fields,
      ]);
    }
    const entry = checked.success;
    if (entries.some((other) => other.fund === entry.fund)) {
      return fail("counter.paynow_invalid", "Each fund once in a payment", ["fund"]);
    }
    if (entry.household) {
      if (ratesVersion !== current.version) {
        return fail("counter.rates_changed", "The rates changed; price the people again");
      }
      if (!householdLinesOk(entry.fund, entry.household, entry.amountCents, current.rates)) {
        return fail("counter.paynow_invalid", "A person is not priced at the current rates", [
          "household",
        ]);
      }
    }
    entries.push(entry);
  }
  return Result.succeed({ request: value as unknown as CounterPayNowRequest, entries });
};
