import { Context, Effect, Result } from "effect";
import {
  Clock,
  priceKioskOrder,
  readKioskRequest,
  receiptAttributes,
  type Cents,
} from "@portal/domain";
import type { KioskDonation } from "@portal/adapters/db";
import type { NetsOutcome, NetsTerminal } from "@portal/adapters/payments";
import { CounterDeviceRecords, EntrySignatures } from "./counter-sync";
import { donationOf, type DonationRef } from "./pay-donation";
import { DonationRecords, RateRecords } from "./ports";
import { recorded, refuse } from "./refused";

// Kiosks (issue 32; docs/counter.md "Kiosks"). A kiosk is a device of kind `kiosk` in the counter
// devices' registry: an officer registered it for a mosque with the public half of a key pair made on
// the kiosk. Each payment it starts is a request its key signed, so the receipt's source (`kiosk`) and
// mosque are the server's knowledge of the kiosk, never the browser's word. It then pays by PayNow (the
// portal's own path, keyed by the donation's client secret) or at the NETS terminal beside it.

export interface KioskRecordsPort {
  /** Where a donation was started and its receipt once paid; undefined: no such donation. */
  readonly of: (donationId: string) => Promise<KioskDonation | undefined>;
  /** The NETS terminal beside the kiosks (the embedded sandbox; docs/stand-ins.md); none: no NETS. */
  readonly terminal: NetsTerminal | undefined;
}
export class KioskRecords extends Context.Service<KioskRecords, KioskRecordsPort>()(
  "@portal/app/KioskRecords",
) {}

/**
 * A payment a kiosk starts: `text` is the request its key signed (`KioskRequest`), `signature` the
 * kiosk's ECDSA P-256 signature of it. A device that is not a registered, unrevoked kiosk (a counter
 * device included) is `kiosk.unknown`; a signature its key does not give is `kiosk.signature`; then
 * the request's own rules (`readKioskRequest`) and its price on the current rates. The donation is
 * kept once per kiosk and key, with source `kiosk` and the kiosk's mosque.
 */
export const startKioskPayment = (input: {
  readonly kioskId: string;
  readonly text: string;
  readonly signature: string;
}) =>
  Effect.gen(function* () {
    const devices = yield* CounterDeviceRecords;
    const device = yield* recorded(() => devices.find(input.kioskId));
    if (!device || device.kind !== "kiosk" || device.view.revoked) {
      return yield* refuse("kiosk.unknown", "This is not a registered kiosk");
    }
    const verify = (yield* EntrySignatures).verifier(device.publicKey);
    if (!verify(input.text, input.signature)) {
      return yield* refuse("kiosk.signature", "The kiosk's key did not sign this request");
    }
    const now = new Date(yield* (yield* Clock).now());
    const read = readKioskRequest(input.text, input.kioskId, now);
    if (Result.isFailure(read)) return yield* refuse(read.failure.code, read.failure.message);
    const { key, order } = read.success;
    const rates = yield* RateRecords;
    const current = yield* Effect.promise(() => rates.current());
    if (!current) return yield* Effect.die(new Error("no configuration for the main charity"));
    const priced = priceKioskOrder(order, current.rates, current.version);
    if (Result.isFailure(priced)) return yield* refuse(priced.failure.code, priced.failure.message);
    const { flow, item, total, inputs } = priced.success;
    const amounts: Record<string, Cents> = { [item]: total };
    const records = yield* DonationRecords;
    const made = yield* recorded(() =>
      records.create({
        // One payment per kiosk and key: a kiosk's retry is the same payment, another's key is not.
        idempotencyKey: `kiosk:${input.kioskId}:${key}`,
        request: { kiosk: input.kioskId, order },
        flow,
        amounts,
        total,
        inputs,
        receiptItems: receiptAttributes(inputs, amounts, current.rates),
        donorDetails: undefined,
        frequency: "one time",
        ratesVersion: current.version,
        lang: order.lang,
        kiosk: { mosqueName: device.view.mosqueName },
      }),
    );
    return {
      donation: { ...made.donation, clientSecret: made.clientSecret },
      mosqueName: device.view.mosqueName,
      replayed: made.replayed,
    };
  });
/**
 * The kiosk's own payment, by its secret: a donation that was not started at a kiosk is refused
 * (`kiosk.not_kiosk`), as a wrong secret is answered like a missing donation.
 */
const kioskPayment = (ref: DonationRef) =>
  Effect.gen(function* () {
    // A wrong secret is answered like a missing donation.
    const donation = yield* donationOf(ref);
    const kiosks = yield* KioskRecords;
    const kiosk = yield* recorded(() => kiosks.of(donation.id));
    if (kiosk?.source !== "kiosk") {
      return yield* refuse("kiosk.not_kiosk", "Only a payment started at a kiosk is paid here");
    }
    const records = yield* DonationRecords;
    const round = yield* recorded(() => records.failedAttempts(donation.id));
    return { donation, kiosk, round };
  });

/**
 * Pay a kiosk's payment at the NETS terminal beside it: the terminal charges the total once per
 * donation and round (a declined charge ends its round; the next try is a new one). Approved: paid,
 * with the approval code as the payment's reference, and its receipt numbered. Declined: nothing is
 * paid, the attempt is recorded failed, and the answer says why.
 */
export const payKioskByNets = (ref: DonationRef) =>
  Effect.gen(function* () {
    const { donation, round } = yield* kioskPayment(ref);
    if (donation.status === "succeeded") return { donation, declined: null };
    const records = yield* DonationRecords;
    const { terminal } = yield* KioskRecords;
    if (!terminal) {
      return yield* refuse(
        "kiosk.nets_unavailable",
        "No NETS terminal is connected; pay by PayNow",
      );
    }
    const key = `${donation.id}:nets:${round}`;
    const nets: NetsOutcome = yield* recorded(() =>
      terminal.charge({
        amountCents: donation.totalCents,
        key,
        reference: donation.transactionNo,
      }),
    );
    // The terminal's answer recorded as the donation's newest attempt, then applied like a gateway's.
    const paymentId = `nets_${key}`;
    yield* recorded(() =>
      records.startAttempt(
        donation.id,
        "nets",
        { paymentId, state: "initiated", nextAction: null },
        "nets",
      ),
    );
    const settled = yield* recorded(() =>
      records.apply(
        donation.id,
        nets.outcome === "approved"
          ? { paymentId, state: "succeeded", nextAction: null, reference: nets.approvalCode }
          : { paymentId, state: "failed", nextAction: null, failureCode: nets.reason },
      ),
    );
    return { donation: settled, declined: nets.outcome === "declined" ? nets.reason : null };
  });

/** A paid kiosk payment's receipt as the kiosk shows it (the handler adds its verification). */
export const kioskReceipt = (ref: DonationRef) =>
  Effect.gen(function* () {
    const { kiosk } = yield* kioskPayment(ref);
    if (kiosk.status !== "succeeded" || kiosk.receiptNo === null) {
      return yield* refuse("kiosk.not_paid", "This payment is not paid yet");
    }
    return { ...kiosk, receiptNo: kiosk.receiptNo };
  });

/** Whether the caller holds the secret of a kiosk's payment (before its receipt is e-mailed). */
export const kioskPaymentOf = (ref: DonationRef) =>
  Effect.map(kioskPayment(ref), ({ kiosk }) => kiosk);

export type KioskServices = KioskRecords;
