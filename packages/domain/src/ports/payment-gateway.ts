import { Context } from "effect";
import type { Effect, Layer } from "effect";
import type { Cents } from "../money.ts";
import type { PaymentState } from "../payment-state.ts";
import type { PortError } from "./port-error.ts";
import { testLayerFor } from "./test-layer.ts";

/** A payment as the gateway reports it. */
export interface GatewayPayment {
  readonly paymentId: string;
  readonly state: PaymentState;
  /** Present when the donor must complete a challenge (3DS) or scan a code. */
  readonly nextAction: { readonly kind: "redirect" | "qr"; readonly payload: string } | null;
  /** Why a payment failed (e.g. `card_declined`), when it did. */
  readonly failureCode?: string;
  /** The card used, when one was: brand and last four digits (and expiry, where the gateway says). */
  readonly card?: {
    readonly brand: string;
    readonly last4: string;
    readonly expMonth?: number;
    readonly expYear?: number;
  };
  /** The gateway's reusable token of the card, for saved cards and recurring plans. */
  readonly paymentMethodId?: string;
  /** Cents given back so far (a part refund leaves the payment `succeeded`). */
  readonly refundedCents?: number;
  /** A card terminal's approval code (NETS at a kiosk): kept as the payment's reference. */
  readonly reference?: string;
}

/** Card and PayNow payments in the style of PaymentIntents: create with an idempotency key, confirm. */
export interface PaymentGatewayShape {
  readonly create: (input: {
    readonly amount: Cents;
    readonly currency: "SGD";
    readonly idempotencyKey: string;
    readonly description: string;
    readonly method: "card" | "paynow";
    /** Keep the card for later charges without the donor (saved cards, recurring plans). */
    readonly setupFutureUsage?: boolean;
    /** A charge made without the donor present (a recurring renewal): no challenge can be answered. */
    readonly offSession?: boolean;
  }) => Effect.Effect<GatewayPayment, PortError>;
  /**
   * Confirm with a payment method the gateway issued to the browser (card data goes to the gateway
   * only; the portal sees the method's id, brand and last four digits).
   */
  readonly confirm: (
    paymentId: string,
    paymentMethodId: string,
    options?: ConfirmOptions,
  ) => Effect.Effect<GatewayPayment, PortError>;
  readonly retrieve: (paymentId: string) => Effect.Effect<GatewayPayment, PortError>;
  /** A payment method's card brand as a card image key (`DefaultCard` unknown); null: no such card. */
  readonly cardBrand: (paymentMethodId: string) => Effect.Effect<string | null, PortError>;
  /**
   * Give a succeeded payment's money back, in full or (with `amountCents`) in part. Keyed like every
   * write: a retry with the same key refunds once. Answers the payment as `refunded` once all of it
   * is back, otherwise still `succeeded` with `refundedCents`.
   */
  readonly refund: (
    paymentId: string,
    idempotencyKey: string,
    amountCents?: Cents,
  ) => Effect.Effect<GatewayPayment, PortError>;
}

/** How a confirmation charges the method it is given. */
export interface ConfirmOptions {
  /** Keep the card for later charges without the donor (saved cards, recurring plans). */
  readonly setupFutureUsage?: boolean;
  /** The donor is not present (a recurring renewal with its saved card): no challenge can be answered. */
  readonly offSession?: boolean;
  /**
   * Where the bank's 3-D Secure page sends the donor back, when it is not the gateway's default: the
   * wakaf funds return to the wakaf host, whose tab holds the checkout.
   */
  readonly returnUrl?: string;
  /**
   * The payment is one of an order's (a household's zakat and fidyah, docs/households.md), all
   * confirmed with the one card: `key` is the order's own server-side id, never the browser's. A
   * gateway whose card method cannot be used twice on its own (Stripe) keeps it on a Customer shared
   * by the order's payments; others ignore it.
   */
  readonly order?: { readonly key: string };
}

/** The payment gateway port. */
export class PaymentGateway extends Context.Service<PaymentGateway, PaymentGatewayShape>()(
  "@portal/domain/PaymentGateway",
) {}

/** Test gateway from supplied methods; missing methods die loudly. */
export const PaymentGatewayTest = (
  supplied: Partial<PaymentGatewayShape>,
): Layer.Layer<PaymentGateway> =>
  testLayerFor(
    PaymentGateway,
    "PaymentGateway",
    ["create", "confirm", "retrieve", "cardBrand", "refund"],
    supplied,
  );
