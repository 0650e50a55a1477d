import { Effect } from "effect";
import {
  acceptedCards,
  Clock,
  PAYNOW_ENQUIRY_GRACE_MS,
  PAYNOW_QR_LIFETIME_MS,
  PaymentGateway,
  type Cents,
} from "@portal/domain";
import { DonationNotFound, type DonationView } from "@portal/adapters/db";
import { Caller } from "./caller";
import { DonationRecords, PaymentRoutes, SavedCards } from "./ports";
import { calling, gatewayUnavailable, refuse, type Refused } from "./refused";

/** A donation named by its id and the secret its creator was given. */
export interface DonationRef {
  readonly donationId: string;
  readonly clientSecret: string;
}

/** A wrong secret answers like a missing donation. */
const notFound = (error: unknown) =>
  error instanceof DonationNotFound ? refuse("donation.unknown", "No such donation") : undefined;

/** The donation, if the secret is its own; a wrong secret answers like a missing donation. */
export const donationOf = ({ donationId, clientSecret }: DonationRef) =>
  Effect.gen(function* () {
    const records = yield* DonationRecords;
    return yield* calling(() => records.get(donationId, clientSecret), notFound);
  });

/** A saved card's id (ours) rather than a gateway's payment-method id (`pm_...`). */
const isSavedCardId = (id: string) => /^[0-9a-f]{8}-[0-9a-f-]{27}$/.test(id);

/**
 * The card a confirmation charges, checked before the gateway is asked: `saveCard` needs the donation's
 * own signed-in donor (`savedCard.signInRequired`); a saved card is named by its id from
 * getUserStripeToken and only its owner may use it (anyone else's, like a missing one, is
 * `payment.unknown`). The donor is looked up once, when either needs it.
 */
const cardFor = (
  donation: DonationView,
  request: { readonly paymentMethodId: string; readonly saveCard?: boolean },
) =>
  Effect.gen(function* () {
    const cards = yield* SavedCards;
    // The signed-in donor, asked of the caller only when a card needs it.
    const caller = yield* Caller;
    let asked: Promise<{ readonly id: string } | undefined> | undefined;
    const owner = Effect.promise(() => (asked ??= caller.signedInDonor()));
    if (request.saveCard === true) {
      const donor = yield* owner;
      if (!donor || !(yield* Effect.promise(() => cards.markSaveCard(donation.id, donor.id)))) {
        return yield* refuse(
          "savedCard.signInRequired",
          "Sign in as this donation's donor to keep the card.",
        );
      }
    }
    if (!isSavedCardId(request.paymentMethodId)) return request.paymentMethodId;
    const donor = yield* owner;
    if (!donor) return yield* refuse("payment.unknown", "Unknown payment method");
    const saved = yield* Effect.promise(() =>
      cards.savedCardToken(donor.id, request.paymentMethodId),
    );
    if (!saved) return yield* refuse("payment.unknown", "Unknown payment method");
    return saved.token;
  });

export interface ConfirmInput extends DonationRef {
  readonly paymentMethodId: string;
  /** A card from Google Pay or Apple Pay (recorded as payment type 2 or 3). */
  readonly wallet?: "google_pay" | "apple_pay";
  readonly saveCard?: boolean;
}

/**
 * Confirm a donation with a card (spec §7 confirmPayment). One gateway payment per attempt round (a new
 * round only after a failure), keyed by the donation and the round: confirmations that race, whatever
 * card each carries, meet the same gateway payment, which the gateway confirms once. So a donation is
 * never charged twice. A donation past waiting for a card answers as it is.
 */
export const confirmDonation = (
  input: ConfirmInput,
): Effect.Effect<
  DonationView,
  Refused,
  DonationRecords | SavedCards | PaymentRoutes | PaymentGateway | Caller
> =>
  Effect.gen(function* () {
    const records = yield* DonationRecords;
    // The donation, its round (how many of its attempts failed) and its order, if any, in one read.
    const {
      donation,
      failedAttempts: round,
      orderId,
    } = yield* calling(() => records.getToPay(input.donationId, input.clientSecret), notFound);
    if (donation.status !== "requires_payment_method") return donation;
    const paymentMethodId = yield* cardFor(donation, input);
    const gateway = yield* PaymentGateway;
    // Only Visa, Mastercard and American Express (§9), before anything is charged.
    const brand = yield* gateway
      .cardBrand(paymentMethodId)
      .pipe(Effect.mapError(gatewayUnavailable));
    if (brand !== null && !(acceptedCards as ReadonlyArray<string>).includes(brand))
      // The code is the checkout's own label: the donor reads the accepted brands in their language.
      return yield* refuse(
        "checkout.card.accepted",
        "This card is not accepted. We accept Visa, Mastercard and American Express.",
      );
    const routes = yield* PaymentRoutes;
    const setupFutureUsage = donation.frequency !== "one time" || input.saveCard === true;
    const payment = yield* gateway
      .create({
        amount: (donation.totalCents + donation.feeCents) as Cents,
        currency: "SGD",
        idempotencyKey: `${donation.id}:${round}`,
        description: donation.transactionNo,
        method: "card",
        setupFutureUsage,
      })
      .pipe(Effect.mapError(gatewayUnavailable));
    yield* Effect.promise(() =>
      records.startAttempt(donation.id, routes.gatewayName(), payment, input.wallet ?? "card"),
    );
    const returnUrl = routes.threeDsReturnUrl(donation.flow);
    const confirmed = yield* gateway
      .confirm(payment.paymentId, paymentMethodId, {
        setupFutureUsage,
        ...(returnUrl === undefined ? {} : { returnUrl }),
        // One of an order's payments, all paid with the one card (docs/households.md): the order's
        // id as the records keep it, so only the donations that order made share its key.
        ...(orderId === undefined ? {} : { order: { key: orderId } }),
      })
      .pipe(
        Effect.mapError((error) =>
          error.code === "port.notFound"
            ? refuse("payment.method", "Unknown payment method")
            : gatewayUnavailable(),
        ),
      );
    return yield* Effect.promise(() => records.apply(donation.id, confirmed));
  });

/**
 * A PayNow QR for the donation, valid for 300 s (§9), on the portal's clock. Asking again while it is
 * valid gives the same QR; after it expired (and the 30 s enquiry grace passed) a new one is made in a
 * new round, and the old one can no longer be paid.
 */
export const startPayNow = (
  ref: DonationRef,
): Effect.Effect<DonationView, Refused, DonationRecords | PaymentRoutes | PaymentGateway | Clock> =>
  Effect.gen(function* () {
    const donation = yield* donationOf(ref);
    if (donation.status === "succeeded") return donation;
    if (donation.frequency !== "one time") {
      return yield* refuse("paynow.recurring", "PayNow pays once; recurring gifts need a card.");
    }
    const records = yield* DonationRecords;
    const latest = yield* Effect.promise(() => records.latestAttempt(donation.id));
    const now = yield* (yield* Clock).now();
    const pending = latest?.method === "paynow" && latest.status === "pending" ? latest : undefined;
    if (pending?.expiresAt && now <= pending.expiresAt.getTime() + PAYNOW_ENQUIRY_GRACE_MS) {
      return donation;
    }
    if (pending) {
      // Past expiry and grace: that QR is dead; record it as failed so a new round can start.
      yield* Effect.promise(() =>
        records.apply(donation.id, {
          paymentId: pending.gatewayRef,
          state: "failed",
          nextAction: null,
          failureCode: "expired",
        }),
      );
    }
    const round = yield* Effect.promise(() => records.failedAttempts(donation.id));
    const payment = yield* (yield* PaymentGateway)
      .create({
        amount: (donation.totalCents + donation.feeCents) as Cents,
        currency: "SGD",
        idempotencyKey: `${donation.id}:paynow:${round}`,
        // The QR's reference: a renewed QR must differ from the one it replaces (same amount, same
        // expiry date), or the payer's bank could not tell which was paid.
        description: round === 0 ? donation.transactionNo : `${donation.transactionNo}-${round}`,
        method: "paynow",
      })
      .pipe(Effect.mapError(gatewayUnavailable));
    if (payment.nextAction?.kind !== "qr") {
      return yield* refuse("gateway.unavailable", "The payment service gave no PayNow QR.");
    }
    const qr = {
      payload: payment.nextAction.payload,
      expiresAt: new Date(now + PAYNOW_QR_LIFETIME_MS),
    };
    const gatewayName = (yield* PaymentRoutes).gatewayName();
    yield* Effect.promise(() =>
      records.startAttempt(donation.id, gatewayName, payment, "paynow", qr),
    );
    return yield* Effect.promise(() => records.apply(donation.id, payment));
  });

/**
 * The donation as it stands. The gateway is read only for a card payment waiting on 3-D Secure; PayNow
 * and final states come from our own records (a PayNow QR is settled by the gateway's report), so
 * polling stays cheap.
 */
export const refreshDonation = (
  ref: DonationRef,
): Effect.Effect<DonationView, Refused, DonationRecords | PaymentGateway> =>
  Effect.gen(function* () {
    const donation = yield* donationOf(ref);
    const records = yield* DonationRecords;
    const attempt = yield* Effect.promise(() => records.latestAttempt(donation.id));
    if (donation.status !== "requires_action" || !attempt || attempt.method === "paynow") {
      return donation;
    }
    const payment = yield* (yield* PaymentGateway)
      .retrieve(attempt.gatewayRef)
      .pipe(Effect.mapError(gatewayUnavailable));
    return yield* Effect.promise(() => records.apply(donation.id, payment));
  });
