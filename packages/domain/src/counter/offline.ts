import { Result } from "effect";
import { domainError, type DomainError } from "../errors.ts";
import { isFlowType, RECEIPT_SERIES, type FlowType } from "../funds/lookup.ts";
import { householdLinesOk, type HouseholdRates } from "../household/household.ts";
import {
  checkCounterEntry,
  seriesOfFlow,
  type CounterEntry,
  type CounterEntryInput,
} from "../console/counter-payment.ts";
import { AMIL_HELD_REASONS, type AmilHeldReason } from "./amil.ts";

// A mosque counter that works offline (issue 32): an officer registers each device for a mosque, with
// a public key whose private half never leaves the device and a block of receipt serials of the
// device's own series; the device numbers and signs each payment it takes, and sends it when the
// network returns. These are the rules both sides keep: the device's series and receipt numbers, the
// entry it signs, and what the server does with an entry it receives.

/** The most serials a device is given in one block (a mosque's Ramadan at one counter). */
export const MAX_BLOCK_SIZE = 20_000;
/** The serials a new device is given unless the officer says otherwise. */
export const DEFAULT_BLOCK_SIZE = 2_000;
/** The most entries one sync call carries (a device sends its queue in pages of this many). */
export const MAX_SYNC_ENTRIES = 50;
/** An entry's time may be this far ahead of the server's clock (a device's clock drifts). */
export const ENTRY_CLOCK_SKEW_MS = 5 * 60_000;
/** An entry taken longer ago than this is held for an officer (a device offline for over a month). */
export const ENTRY_MAX_AGE_MS = 45 * 24 * 60 * 60_000;

/** A device's own receipt series for a fund's series: `ZK-D007` for device 7's zakat receipts. */
export const deviceSeries = (fundSeries: string, deviceNo: number): string =>
  `${fundSeries}-D${String(deviceNo).padStart(3, "0")}`;

/** Every series a device numbers in: one per fund series (ZK, WK, ...). */
export const deviceSeriesAll = (deviceNo: number): ReadonlyArray<string> =>
  RECEIPT_SERIES.map((series) => deviceSeries(series, deviceNo));

/** A receipt number as every receipt is numbered: its series and its serial in eight digits. */
export const receiptNumberOf = (series: string, serial: number): string =>
  `${series}-${String(serial).padStart(8, "0")}`;

/** What a device signs for one payment it took (version 1), sent as the exact JSON text signed. */
export interface OfflineEntryInput {
  readonly v: 1;
  readonly deviceId: string;
  /** The entry's own idempotency key, made when the amil opened the form: once per payment. */
  readonly key: string;
  /** The serial the device gave the receipt, within its block; the fund picks the series. */
  readonly serial: number;
  /** When the payment was taken, by the device's clock (ISO 8601). */
  readonly takenAt: string;
  /** The amil signed in on the device (online once, then by PIN). */
  readonly amil: { readonly id: string; readonly name: string };
  /** The council's credential for the amil on this device (amil.ts), checked again at the sync. */
  readonly amilCredential?: string;
  /** The version of the rates the device priced the entry at. */
  readonly ratesVersion: number;
  readonly entry: CounterEntryInput;
}

export interface OfflineEntry {
  readonly deviceId: string;
  readonly key: string;
  readonly serial: number;
  readonly series: string;
  readonly receiptNo: string;
  readonly takenAt: Date;
  readonly amil: { readonly id: string; readonly name: string };
  readonly ratesVersion: number;
  readonly entry: CounterEntry;
}

export type OfflineEntryProblem = "counter.entry_malformed";
export type OfflineEntryError = DomainError<"OfflineEntryRefused", OfflineEntryProblem>;

/** Why the server keeps an entry for an officer instead of applying it (shown to the amil too). */
export type HeldReason =
  | "device.revoked"
  | "device.other"
  | "number.outside_block"
  | "number.used"
  | "entry.invalid"
  | "entry.time"
  | AmilHeldReason;

export const HELD_REASONS: ReadonlyArray<HeldReason> = [
  "device.revoked",
  "device.other",
  "number.outside_block",
  "number.used",
  "entry.invalid",
  "entry.time",
  ...AMIL_HELD_REASONS,
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const KEY = /^[\x21-\x7e]{1,255}$/;
const text = (value: unknown, max: number): value is string =>
  typeof value === "string" && value.trim() !== "" && value.length <= max;

const malformed = (message: string): OfflineEntryError =>
  domainError("OfflineEntryRefused", "counter.entry_malformed", message);

/**
 * The signed text's shape: version 1, the device and key, a whole serial from 1, a time, the amil,
 * the rates version and an entry object. A shape that is wrong is refused outright (a device that
 * signs it is broken); the entry's own rules are checked after (`decideOfflineEntry`), where a
 * refusal is held for an officer, never dropped.
 */
export const readOfflineEntry = (
  signedText: string,
): Result.Result<OfflineEntryInput, OfflineEntryError> => {
  let value: unknown;
  try {
    value = JSON.parse(signedText);
  } catch {
    return Result.fail(malformed("The entry is not JSON"));
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return Result.fail(malformed("The entry is not an object"));
  }
  const entry = value as Record<string, unknown>;
  const amil = entry["amil"] as Record<string, unknown> | null | undefined;
  if (entry["v"] !== 1) return Result.fail(malformed("Unknown entry version"));
  if (typeof entry["deviceId"] !== "string" || !UUID.test(entry["deviceId"])) {
    return Result.fail(malformed("deviceId must be the device's id"));
  }
  if (typeof entry["key"] !== "string" || !KEY.test(entry["key"])) {
    return Result.fail(malformed("key must be 1 to 255 visible characters"));
  }
  if (!Number.isSafeInteger(entry["serial"]) || (entry["serial"] as number) < 1) {
    return Result.fail(malformed("serial must be a whole number from 1"));
  }
  if (typeof entry["takenAt"] !== "string" || Number.isNaN(Date.parse(entry["takenAt"]))) {
    return Result.fail(malformed("takenAt must be a time"));
  }
  if (
    typeof amil !== "object" ||
    amil === null ||
    !text(amil["id"], 255) ||
    !text(amil["name"], 255)
  ) {
    return Result.fail(malformed("amil must name the amil's id and name"));
  }
  const credential = entry["amilCredential"];
  if (credential !== undefined && (typeof credential !== "string" || credential.length > 2_000)) {
    return Result.fail(malformed("amilCredential must be the council's credential"));
  }
  if (!Number.isSafeInteger(entry["ratesVersion"]) || (entry["ratesVersion"] as number) < 1) {
    return Result.fail(malformed("ratesVersion must be a whole number from 1"));
  }
  const payment = entry["entry"];
  if (typeof payment !== "object" || payment === null || Array.isArray(payment)) {
    return Result.fail(malformed("entry must be the payment's fields"));
  }
  return Result.succeed(value as OfflineEntryInput);
};

/** What the server knows of the device that signed an entry. */
export interface DeviceView {
  readonly id: string;
  readonly deviceNo: number;
  readonly blockFrom: number;
  readonly blockTo: number;
  readonly revoked: boolean;
  /** The mosque the device was registered for: its receipts name it, whatever the entry says. */
  readonly mosqueName: string;
}

export type OfflineDecision =
  | { readonly outcome: "apply"; readonly entry: OfflineEntry; readonly ratesSuperseded: boolean }
  | { readonly outcome: "hold"; readonly reason: HeldReason; readonly receiptNo: string | null };

/**
 * What the server does with a signed entry of `device`: apply it (the money was received: an entry
 * priced at rates replaced since is applied and flagged), or hold it for an officer with its reason
 * (a revoked device, a serial outside its block, an entry another device signed, a payment its rules
 * refuse, a time that cannot be). A held entry is kept and shown to the amil; nothing is dropped.
 * A household's lines priced at the current rates (`rates`, of `ratesVersion`) must be priced at
 * them; priced at rates replaced since, they stand as taken.
 */
export const decideOfflineEntry = (
  input: OfflineEntryInput,
  device: DeviceView,
  now: Date,
  ratesVersion: number,
  rates: HouseholdRates | null = null,
  /** Why the entry's amil credential does not hold (amil.ts `amilHeldReason`), if it does not. */
  amilReason?: AmilHeldReason,
): OfflineDecision => {
  const checked = checkCounterEntry(input.entry);
  const series = Result.isSuccess(checked)
    ? deviceSeries(seriesOfFlow(checked.success.flow), device.deviceNo)
    : null;
  const receiptNo = series ? receiptNumberOf(series, input.serial) : null;
  const hold = (reason: HeldReason): OfflineDecision => ({ outcome: "hold", reason, receiptNo });
  if (input.deviceId !== device.id) return hold("device.other");
  if (device.revoked) return hold("device.revoked");
  if (input.serial < device.blockFrom || input.serial > device.blockTo) {
    return hold("number.outside_block");
  }
  if (amilReason !== undefined) return hold(amilReason);
  if (Result.isFailure(checked) || series === null || receiptNo === null) {
    return hold("entry.invalid");
  }
  const { household, fund, amountCents } = checked.success;
  const current = input.ratesVersion === ratesVersion ? rates : null;
  if (household && current && !householdLinesOk(fund, household, amountCents, current)) {
    return hold("entry.invalid");
  }
  const takenAt = new Date(input.takenAt);
  const age = now.getTime() - takenAt.getTime();
  if (age < -ENTRY_CLOCK_SKEW_MS || age > ENTRY_MAX_AGE_MS) return hold("entry.time");
  return {
    outcome: "apply",
    entry: {
      deviceId: device.id,
      key: input.key,
      serial: input.serial,
      series,
      receiptNo,
      takenAt,
      amil: input.amil,
      ratesVersion: input.ratesVersion,
      entry: { ...checked.success, mosqueName: device.mosqueName },
    },
    ratesSuperseded: input.ratesVersion !== ratesVersion,
  };
};

/** A device's block of serials, checked: a whole size from 1 to MAX_BLOCK_SIZE. */
export const blockSizeOf = (size: unknown): number | undefined =>
  Number.isSafeInteger(size) && (size as number) >= 1 && (size as number) <= MAX_BLOCK_SIZE
    ? (size as number)
    : undefined;

/** A device receipt number's parts (`ZK-D007-00000042`), or undefined for any other number. */
export const deviceReceiptOf = (
  receiptNo: string,
):
  | { readonly fundSeries: string; readonly deviceNo: number; readonly serial: number }
  | undefined => {
  const match = /^([A-Z]{2})-D(\d{3,})-(\d{8,})$/.exec(receiptNo);
  if (!match) return undefined;
  return { fundSeries: match[1]!, deviceNo: Number(match[2]), serial: Number(match[3]) };
};

/** What a device's signed receipt (the claims of its JWS, docs/receipts.md) says, once checked. */
export interface DeviceReceipt {
  readonly receiptNo: string;
  readonly flow: FlowType;
  readonly items: ReadonlyArray<{ readonly item: string; readonly amountCents: number }>;
  readonly amountCents: number;
  readonly issuedAt: Date;
}

/**
 * The claims of a receipt a counter device signed offline, if they hold for `device` and the number
 * asked: the number is the one asked, in the device's own series for the receipt's fund and within its
 * block; the items are whole cents adding up to the amount; the device had not been revoked when it
 * signed. Undefined otherwise (the verify page's "not genuine", as a forgery gets).
 */
export const checkDeviceReceipt = (
  claims: unknown,
  receiptNo: string,
  device: DeviceView & { readonly revokedAt: Date | null },
): DeviceReceipt | undefined => {
  if (typeof claims !== "object" || claims === null || Array.isArray(claims)) return undefined;
  const c = claims as Record<string, unknown>;
  const fund = c["fund"];
  const items = c["items"];
  const amount = c["amt"];
  const iat = c["iat"];
  if (c["no"] !== receiptNo || c["dev"] !== device.id || !isFlowType(fund)) return undefined;
  if (!Number.isSafeInteger(amount) || (amount as number) <= 0) return undefined;
  if (typeof iat !== "number" || !Number.isFinite(iat)) return undefined;
  if (typeof items !== "object" || items === null || Array.isArray(items)) return undefined;
  const lines = Object.entries(items as Record<string, unknown>);
  if (lines.some(([, cents]) => !Number.isSafeInteger(cents) || (cents as number) < 0)) {
    return undefined;
  }
  if (lines.reduce((sum, [, cents]) => sum + (cents as number), 0) !== amount) return undefined;
  const number = deviceReceiptOf(receiptNo);
  if (
    number === undefined ||
    number.deviceNo !== device.deviceNo ||
    number.fundSeries !== seriesOfFlow(fund) ||
    number.serial < device.blockFrom ||
    number.serial > device.blockTo
  ) {
    return undefined;
  }
  const issuedAt = new Date(iat * 1000);
  if (device.revokedAt !== null && issuedAt.getTime() >= device.revokedAt.getTime()) {
    return undefined;
  }
  return {
    receiptNo,
    flow: fund,
    items: lines.map(([item, cents]) => ({ item, amountCents: cents as number })),
    amountCents: amount as number,
    issuedAt,
  };
};
