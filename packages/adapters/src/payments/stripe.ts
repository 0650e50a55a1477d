import Stripe from "stripe";
import { Effect, Layer } from "effect";
import {
  cardImage,
  PaymentGateway,
  portError,
  type GatewayPayment,
  type PaymentGatewayShape,
  type PaymentState,
  type PortError,
} from "@portal/domain";

export interface StripeGatewayOptions {
  /** The secret API key (`sk_live_...` or `sk_test_...`), from the server's secrets. */
  readonly secretKey: string;
  /** Where the bank's 3-D Secure page sends the donor back to (the page that polls `retrieve`). */
  readonly returnUrl: string;
  /** Another API endpoint: a proxy, or a local server with recorded answers in tests. */
  readonly host?: string;
  readonly port?: number;
  readonly protocol?: "http" | "https";
  /** Per-request timeout; the SDK's default (80 s) is longer than a donor waits. */
  readonly timeoutMs?: number;
  /** Retries of failed connections; safe because every POST carries an idempotency key. */
  readonly maxNetworkRetries?: number;
}

/**
 * PaymentIntent status to the domain's payment state. A PaymentIntent back at
 * `requires_payment_method` with a `last_payment_error` has failed (the portal starts a new intent for
 * the next attempt); without one it has not been tried. Statuses this SDK does not know yet count as
 * pending, so nothing is paid or failed on a guess.
 */
export const paymentStateOf = (
  intent: Pick<Stripe.PaymentIntent, "status" | "last_payment_error">,
): PaymentState => {
  switch (intent.status) {
    case "succeeded":
      return "succeeded";
    case "canceled":
      return "voided";
    case "requires_payment_method":
      return intent.last_payment_error ? "failed" : "initiated";
    case "requires_confirmation":
      return "initiated";
    default:
      return "pending";
  }
};

const nextActionOf = (intent: Stripe.PaymentIntent): GatewayPayment["nextAction"] => {
  if (intent.status !== "requires_action" || !intent.next_action) return null;
  const redirect = intent.next_action.redirect_to_url?.url;
  if (redirect) return { kind: "redirect", payload: redirect };
  const qr = intent.next_action.paynow_display_qr_code?.data;
  return qr ? { kind: "qr", payload: qr } : null;
};

/**
 * A card Stripe keeps for later is a PaymentMethod attached to a Customer, and an off-session charge
 * must name both: the portal's token for it (saved cards, recurring plans) is `cus_…/pm_…`.
 */
export const savedCardToken = (customer: string, paymentMethod: string) =>
  `${customer}/${paymentMethod}`;

/** The customer and payment method of a saved-card token; undefined for a one-off `pm_…`. */
export const parseSavedCardToken = (token: string) => {
  const match = /^(cus_[A-Za-z0-9]+)\/(pm_[A-Za-z0-9_]+)$/.exec(token);
  return match ? { customer: match[1] as string, paymentMethod: match[2] as string } : undefined;
};

const idOf = (value: string | { readonly id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? undefined);

/**
 * What the portal keeps of a PaymentIntent: state, next step, failure code, card brand, last four and
 * expiry, and, when the card was kept on a Customer (setup_future_usage, or a saved card paying), the
 * token that charges it again.
 */
export const paymentFromIntent = (intent: Stripe.PaymentIntent): GatewayPayment => {
  const state = paymentStateOf(intent);
  const error = intent.last_payment_error;
  const charge = typeof intent.latest_charge === "object" ? intent.latest_charge : null;
  const card = charge?.payment_method_details?.card;
  const customer = idOf(intent.customer);
  const method = idOf(intent.payment_method);
  return {
    paymentId: intent.id,
    state,
    nextAction: nextActionOf(intent),
    ...(charge && charge.amount_refunded > 0 ? { refundedCents: charge.amount_refunded } : {}),
    ...(state === "failed" && error
      ? { failureCode: error.decline_code ?? error.code ?? "payment_failed" }
      : {}),
    ...(card?.last4
      ? {
          card: {
            brand: cardImage(card.brand),
            last4: card.last4,
            ...(typeof card.exp_month === "number" ? { expMonth: card.exp_month } : {}),
            ...(typeof card.exp_year === "number" ? { expYear: card.exp_year } : {}),
          },
        }
      : {}),
    ...(customer && method ? { paymentMethodId: savedCardToken(customer, method) } : {}),
  };
};

const asPortError = (error: unknown): PortError => {
  if (!(error instanceof Stripe.errors.StripeError)) {
    return portError("PaymentGateway", "port.unavailable", String(error));
  }
  if (error.code === "resource_missing") {
    return portError("PaymentGateway", "port.notFound", error.message);
  }
  const transient =
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    (error.statusCode ?? 0) >= 500;
  return portError(
    "PaymentGateway",
    transient ? "port.unavailable" : "port.rejected",
    error.message,
  );
};

/**
 * A decline (402) or a confirm that lost a race with another (`payment_intent_unexpected_state`)
 * comes back as an error carrying the PaymentIntent as it now stands: that is the answer, not a failure
 * of the gateway.
 */
const call = (work: () => Promise<Stripe.PaymentIntent>) =>
  Effect.tryPromise({ try: work, catch: (error) => error }).pipe(
    Effect.map(paymentFromIntent),
    Effect.catch((error) =>
      error instanceof Stripe.errors.StripeError &&
      error.payment_intent &&
      error.code !== "resource_missing"
        ? Effect.succeed(paymentFromIntent(error.payment_intent))
        : Effect.fail(asPortError(error)),
    ),
  );

/** An order's Customer, the same on every call (Stripe answers a key's repeat only for the same params). */
const orderCustomer = { description: "Giving portal: one card across an order's funds" };

/** The Stripe client as the gateway uses it (also what tests point at a local server). */
export const stripeClient = (options: StripeGatewayOptions): Stripe =>
  new Stripe(options.secretKey, {
    telemetry: false,
    timeout: options.timeoutMs ?? 20_000,
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    appInfo: { name: "giving-portal" },
    ...(options.host === undefined ? {} : { host: options.host }),
    ...(options.port === undefined ? {} : { port: options.port }),
    ...(options.protocol === undefined ? {} : { protocol: options.protocol }),
  });

/**
 * The payment gateway over Stripe PaymentIntents. Cards: create, then confirm with the payment method
 * Stripe.js made in the browser (3-D Secure answers `pending` with a redirect). PayNow: created and
 * confirmed at once, answering `pending` with the QR's EMVCo text; the webhook marks it paid.
 * Amounts are integer cents of SGD, as Stripe counts them; the charge is expanded so the card's brand,
 * last four digits and expiry come back (nothing else of the card is kept). Saved cards and recurring
 * plans: a confirmation asked to keep the card makes a Customer, sets it on the intent with
 * `setup_future_usage: off_session`, and the payment answers the token `cus_…/pm_…`; a renewal confirms
 * with that token `off_session`. An order's payments (one card for a household's funds) share a
 * Customer keyed by the order, the card attached `on_session` (`off_session` when it is to be saved).
 * Refunds are Stripe Refunds of the whole intent.
 */
export const createStripeGateway = (
  options: StripeGatewayOptions,
  stripe: Stripe = stripeClient(options),
): PaymentGatewayShape => ({
  create: ({ amount, currency, idempotencyKey, description, method }) =>
    call(() =>
      stripe.paymentIntents.create(
        {
          amount,
          currency: currency.toLowerCase(),
          description,
          // API 2026-09-30 renamed `payment_method_types` to `allowed_payment_method_types`.
          allowed_payment_method_types: [method],
          metadata: { portal_key: idempotencyKey },
          ...(method === "paynow"
            ? { confirm: true, payment_method_data: { type: "paynow" } }
            : {}),
        },
        { idempotencyKey },
      ),
    ),
  confirm: (paymentId, paymentMethodId, confirmOptions = {}) =>
    call(async () => {
      const saved = parseSavedCardToken(paymentMethodId);
      const method = saved?.paymentMethod ?? paymentMethodId;
      // A card to keep needs a Customer to be kept on (one per payment, so a retry makes no second);
      // a saved card is charged on its own Customer. Either is set on the intent before it is confirmed.
      const keep = confirmOptions.setupFutureUsage === true && !saved;
      // An order's payments share one card (docs/households.md): a PaymentMethod used once without a
      // Customer cannot be used again, so the order's payments share a Customer, made once under a key
      // of the order (the same params each time, so Stripe answers every call with the same `cus_`),
      // and the card is attached to it on the first confirmation.
      const order = saved ? undefined : confirmOptions.order;
      const made = order
        ? { params: orderCustomer, key: `customer:order:${order.key}` }
        : keep
          ? { params: { metadata: { portal_payment: paymentId } }, key: `customer:${paymentId}` }
          : undefined;
      const customer =
        saved?.customer ??
        (made && (await stripe.customers.create(made.params, { idempotencyKey: made.key })).id);
      if (customer !== undefined) {
        await stripe.paymentIntents.update(
          paymentId,
          { customer },
          { idempotencyKey: `customer:${paymentId}:${customer}` },
        );
      }
      // Kept for off-session charges when asked (a saved card, a plan); an order's card otherwise only
      // on session, for the order's next payment.
      const future = keep ? ("off_session" as const) : order ? ("on_session" as const) : undefined;
      return stripe.paymentIntents.confirm(
        paymentId,
        {
          payment_method: method,
          expand: ["latest_charge"],
          // Off session (a renewal): no one can answer 3-D Secure, so Stripe fails it with
          // authentication_required instead of asking; on session the bank's page returns here.
          ...(confirmOptions.offSession === true
            ? { off_session: true }
            : { return_url: confirmOptions.returnUrl ?? options.returnUrl }),
          ...(future === undefined ? {} : { setup_future_usage: future }),
        },
        // The same donor action retried (double click, network retry) confirms once.
        { idempotencyKey: `confirm:${paymentId}:${method}` },
      );
    }),
  retrieve: (paymentId) =>
    call(() => stripe.paymentIntents.retrieve(paymentId, { expand: ["latest_charge"] })),
  cardBrand: (paymentMethodId) =>
    Effect.tryPromise({
      try: () => stripe.paymentMethods.retrieve(paymentMethodId),
      catch: asPortError,
    }).pipe(Effect.map((method) => (method.card ? cardImage(method.card.brand) : null))),
  refund: (paymentId, idempotencyKey, amountCents) => {
    let whole = 0;
    return call(async () => {
      await stripe.refunds
        .create(
          {
            payment_intent: paymentId,
            ...(amountCents === undefined ? {} : { amount: amountCents }),
            metadata: { portal_key: idempotencyKey },
          },
          { idempotencyKey },
        )
        .catch((error: unknown) => {
          // Refunded already (from Stripe's dashboard, say): the money is back, which is what was asked.
          if (
            error instanceof Stripe.errors.StripeError &&
            error.code === "charge_already_refunded"
          )
            return undefined;
          throw error;
        });
      const intent = await stripe.paymentIntents.retrieve(paymentId, { expand: ["latest_charge"] });
      whole = intent.amount_received || intent.amount;
      return intent;
    }).pipe(
      // The intent stays `succeeded` at Stripe; its charge says how much is back, and only all of
      // it makes the payment refunded.
      Effect.map((payment) => ({
        ...payment,
        nextAction: null,
        state:
          amountCents === undefined || (payment.refundedCents ?? 0) >= whole
            ? ("refunded" as const)
            : payment.state,
      })),
    );
  },
});

/** The Stripe gateway as the domain's PaymentGateway port. */
export const StripeGatewayLive = (options: StripeGatewayOptions): Layer.Layer<PaymentGateway> =>
  Layer.sync(PaymentGateway, () => createStripeGateway(options));
