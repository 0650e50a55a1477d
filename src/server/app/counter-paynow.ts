import { Context, Effect, Result } from "effect";
import {
  amilHeldReason,
  Clock,
  COUNTER_SOURCE,
  readCounterPayNow,
  receiptAttributes,
  type Cents,
} from "@portal/domain";
import type { KioskDonation } from "@portal/adapters/db";
import { CounterDeviceRecords, EntrySignatures } from "./counter-sync";
import { KioskRecords } from "./kiosk";
import { donationOf, type DonationRef } from "./pay-donation";
import { DonationRecords, RateRecords } from "./ports";
import { calling, recorded, refuse } from "./refused";

// PayNow at the attended counter (issue 32; docs/counter.md "PayNow at the counter"). Online only: a
// registered counter device signs the request with its key (as a kiosk does), naming the amil with the
// council's credential for them on that device. The receipt's source (`pos`), mosque (the device's),
// amil and shift (the amil's open one) are the server's knowledge, never the browser's word; the
// payer then pays the portal's own PayNow QR, keyed by each donation's client secret.

export interface CounterPayNowRecordsPort {
  /** The amil's open shift (its id and mosque), if they have one. */
  readonly openShift: (
    amilId: string,
  ) => Promise<{ readonly id: string; readonly mosqueName: string } | undefined>;
}
export class CounterPayNowRecords extends Context.Service<
  CounterPayNowRecords,
  CounterPayNowRecordsPort
>()("@portal/app/CounterPayNowRecords") {}

const sameMosque = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Start a PayNow payment at a counter: `text` is the request the device's key signed
 * (`CounterPayNowRequest`), `signature` its ECDSA P-256 signature. Refused, in this order: a device
 * that is not a registered counter device (a kiosk included: `counter.device_unknown`), a revoked one
 * (`counter.device_revoked`), a signature its key does not give (`counter.paynow_signature`), the
 * request's own rules (`readCounterPayNow`), an amil credential missing, forged, another device's or
 * expired (`counter.paynow_amil`), no open shift of the amil at the device's mosque
 * (`counter.noShift`). One donation per sale (a household: one per fund paid), each kept once per
 * device, key and fund, paid by PayNow afterwards.
 */
export const startCounterPayNow = (input: {
  readonly deviceId: string;
  readonly text: string;
  readonly signature: string;
  /** The caller's address, for the audit line of each payment started. */
  readonly from: string;
}) =>
  Effect.gen(function* () {
    const devices = yield* CounterDeviceRecords;
    const device = yield* recorded(() => devices.find(input.deviceId));
    if (!device || device.kind !== "counter") {
      return yield* refuse("counter.device_unknown", "This device is not registered");
    }
    if (device.view.revoked) {
      return yield* refuse("counter.device_revoked", "This device was revoked");
    }
    const signatures = yield* EntrySignatures;
    if (!signatures.verifier(device.publicKey)(input.text, input.signature)) {
      return yield* refuse(
        "counter.paynow_signature",
        "The device's key did not sign this request",
      );
    }
    const now = new Date(yield* (yield* Clock).now());
    const rates = yield* RateRecords;
    const current = yield* Effect.promise(() => rates.current());
    if (!current) return yield* Effect.die(new Error("no configuration for the main charity"));
    const read = readCounterPayNow(input.text, device.view, now, current);
    if (Result.isFailure(read)) {
      const { code, message, fields } = read.failure;
      return yield* refuse(code, message, fields ? { fields } : {});
    }
    const { request, entries } = read.success;
    // The amil: the council's credential for them on this device, valid now.
    const credential =
      request.amilCredential === undefined ? "missing" : signatures.amil(request.amilCredential);
    const amilReason = amilHeldReason(
      { deviceId: device.view.id, takenAt: now.toISOString(), amil: request.amil },
      credential,
    );
    if (amilReason !== undefined) {
      return yield* refuse(
        "counter.paynow_amil",
        `The amil's sign-in on this device does not hold (${amilReason}): sign in online again`,
      );
    }
    const shifts = yield* CounterPayNowRecords;
    const shift = yield* recorded(() => shifts.openShift(request.amil.id));
    if (!shift || !sameMosque(shift.mosqueName, device.view.mosqueName)) {
      return yield* refuse(
        "counter.noShift",
        "Open a shift at this device's mosque first: a counter payment is recorded within it",
      );
    }
    const records = yield* DonationRecords;
    const made = [];
    for (const entry of entries) {
      const amounts: Record<string, Cents> = { [entry.fund]: entry.amountCents };
      const inputs = entry.household
        ? { household: entry.household.map((line) => ({ item: entry.fund, ...line })) }
        : {};
      const { donor } = entry;
      const one = yield* calling(
        () =>
          records.create({
            idempotencyKey: `counter-paynow:${device.view.id}:${request.key}:${entry.fund}`,
            request: { counter: device.view.id, amil: request.amil.id, entry },
            flow: entry.flow,
            amounts,
            total: entry.amountCents,
            inputs,
            receiptItems: receiptAttributes(inputs, amounts, current.rates),
            donorDetails: {
              name: donor.name,
              ...(donor.email ? { email: donor.email } : {}),
              anonymous: false,
              irasInclusion: donor.idNumber !== null,
            },
            ...(donor.idNumber === null ? {} : { taxId: donor.idNumber }),
            giftEmail: donor.email,
            frequency: "one time",
            ratesVersion: current.version,
            lang: request.lang,
            counter: {
              mosqueName: device.view.mosqueName,
              amil: request.amil,
              shiftId: shift.id,
              audit: {
                fund: entry.fund,
                amountCents: entry.amountCents,
                method: "paynow",
                mosqueName: device.view.mosqueName,
                shift: shift.id,
                device: device.view.id,
                idNumber: donor.idNumber ? `*****${donor.idNumber.slice(-4)}` : null,
              },
              from: input.from,
            },
          }),
        (error) =>
          // The shift closed between its read and the donation's insert (the database refuses).
          error instanceof Error && /counter shift .* is not open/.test(error.message)
            ? refuse("counter.noShift", "The amil's shift closed: open one and try again")
            : // The records' IdempotencyConflict (ports.ts: their refusals carry a code).
              error instanceof Error &&
                (error as { code?: unknown }).code === "idempotency.conflict"
              ? refuse("idempotency.conflict", error.message)
              : undefined,
      );
      made.push({
        ...one.donation,
        fund: entry.fund,
        clientSecret: one.clientSecret,
        replayed: one.replayed,
      });
    }
    return { mosqueName: device.view.mosqueName, payments: made };
  });

/**
 * A counter PayNow payment's receipt, by its secret: a donation no counter device started by PayNow
 * is refused (`counter.not_counter`), one not paid yet `counter.not_paid`.
 */
export const counterPayNowReceipt = (ref: DonationRef) =>
  Effect.gen(function* () {
    const donation = yield* donationOf(ref);
    const kiosks = yield* KioskRecords;
    const found: KioskDonation | undefined = yield* recorded(() => kiosks.of(donation.id));
    if (found?.source !== COUNTER_SOURCE) {
      return yield* refuse("counter.not_counter", "Only a counter's PayNow payment is read here");
    }
    if (found.status !== "succeeded" || found.receiptNo === null) {
      return yield* refuse("counter.not_paid", "This payment is not paid yet");
    }
    return { ...found, receiptNo: found.receiptNo };
  });

export type CounterPayNowServices = CounterPayNowRecords;
