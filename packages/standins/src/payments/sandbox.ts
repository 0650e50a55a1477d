import { randomBytes } from "node:crypto";
import { Effect, Result } from "effect";
import { memorySandboxStore } from "./sandbox-memory";
import {
  buildPayNowPayload,
  cardBrand,
  cardDigits,
  luhnValid,
  parsePayNowPayload,
  PAYNOW_QR_LIFETIME_MS,
  payNowExpiryDate,
  portError,
  type GatewayPayment,
  type PaymentGatewayShape,
  type PaymentState,
} from "@portal/domain";

/**
 * The embedded stand-in for Stripe, following Stripe's test cards (design/facts.md).
 * 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined; 4000 0000 0000 9995 is declined for
 * insufficient funds; 4000 0027 6000 3184 and 4000 0000 0000 3220 ask for 3-D Secure (and fail with
 * `authentication_required` when charged off-session, as Stripe's do). Any other number that passes
 * Luhn succeeds. Card numbers are read once to choose the behaviour and then dropped: only brand, last
 * four digits and expiry are kept. Its records live in a SandboxStore: in memory, or in the database
 * (`sqlSandboxStore`), written before it answers, so that, like a remote provider, it remembers what it
 * charged when the portal is killed (crash reconciliation asks it).
 */
type Behaviour = "succeed" | "decline" | "insufficient" | "threeDS";

const behaviours: Readonly<Record<string, Behaviour>> = {
  "4000000000000002": "decline",
  "4000000000009995": "insufficient",
  "4000002760003184": "threeDS",
  "4000000000003220": "threeDS",
};

export interface SandboxMethod {
  readonly id: string;
  readonly brand: string;
  readonly last4: string;
  readonly expMonth: number;
  readonly expYear: number;
  readonly behaviour: Behaviour;
}

export interface SandboxPayment {
  readonly id: string;
  readonly idempotencyKey: string;
  readonly amount: number;
  readonly state: Exclude<PaymentState, "voided">;
  readonly methodId: string | null;
  readonly failureCode: string | null;
  readonly challenge: boolean;
  readonly offSession: boolean;
  /** Cents given back so far (part refunds); the whole amount once `refunded`. */
  readonly refunded?: number;
  /** A PayNow payment: the QR's text, its reference, and the instant after which it cannot be paid. */
  readonly payNow: {
    readonly payload: string;
    readonly reference: string;
    readonly expiresAt: number;
  } | null;
}

/** What the sandbox's "payer's bank" answers when a QR is paid. */
export type PayNowPaymentResult =
  | { readonly paid: GatewayPayment }
  | { readonly error: "unreadable" | "unknown" | "expired" | "alreadyPaid" };

/** Where the sandbox keeps its records. Every write is done before the sandbox answers. */
export interface SandboxStore {
  readonly putMethod: (method: SandboxMethod) => Promise<void>;
  readonly method: (id: string) => Promise<SandboxMethod | undefined>;
  /** Insert, or return the payment already made with this idempotency key. */
  readonly createPayment: (payment: SandboxPayment) => Promise<SandboxPayment>;
  readonly payment: (id: string) => Promise<SandboxPayment | undefined>;
  /** The PayNow payment whose QR has exactly this text. */
  readonly payNowPayment: (payload: string) => Promise<SandboxPayment | undefined>;
  /** Move a payment on from `from`, atomically; undefined when it is no longer in `from`. */
  readonly transition: (
    id: string,
    from: SandboxPayment["state"],
    to: Pick<SandboxPayment, "state" | "methodId" | "failureCode" | "challenge">,
  ) => Promise<SandboxPayment | undefined>;
  /**
   * Give back `amount` of a succeeded payment under `key`, atomically and once per key (a repeat
   * answers the payment as it is); `refunded` once all of it is back. "tooMuch" when more than is left
   * was asked; undefined when the payment is not succeeded (nor refunded by this key).
   */
  readonly refundPart: (
    id: string,
    key: string,
    amount: number,
  ) => Promise<SandboxPayment | "tooMuch" | undefined>;
}

export interface SandboxCardInput {
  readonly number: string;
  readonly expMonth: number;
  readonly expYear: number;
  readonly cvc: string;
}

export type TokenizeResult =
  | { readonly id: string; readonly brand: string; readonly last4: string }
  | { readonly error: "invalid_number" | "invalid_expiry" | "invalid_cvc" };

const newId = (prefix: string) => `${prefix}_sbx_${randomBytes(12).toString("hex")}`;

export interface Sandbox {
  readonly gateway: PaymentGatewayShape;
  /** What the sandbox's card form posts: card in, payment-method id out. */
  readonly tokenize: (card: SandboxCardInput, now: Date) => Promise<TokenizeResult>;
  /** The donor's answer on the sandbox's 3-D Secure page. */
  readonly completeChallenge: (paymentId: string, approve: boolean) => Promise<boolean>;
  /**
   * The payer's bank pays a scanned PayNow QR (its text): refused when unreadable, unknown, expired
   * or already paid. The gateway then reports the payment, as Stripe's webhook would.
   */
  readonly payPayNow: (payload: string, now: Date) => Promise<PayNowPaymentResult>;
}

export interface SandboxOptions {
  readonly challengeUrl: (paymentId: string) => string;
  readonly store?: SandboxStore;
  /** The charity's PayNow account: its UEN and the name the payer's bank shows. */
  readonly payNow?: { readonly uen: string; readonly merchantName: string };
  /** The clock QR expiry is measured by. */
  readonly now?: () => number;
}

export function createSandbox(options: SandboxOptions): Sandbox {
  const now = options.now ?? (() => Date.now());
  const payNowAccount = options.payNow ?? { uen: "T08GB0032G", merchantName: "MUIS ZAKAT" };
  const backing = options.store ?? memorySandboxStore();
  /** Keep `value` under `key`, forgetting the oldest past 10,000 (what never changes once made). */
  const keep = <V>(map: Map<string, V>, key: string, value: V) => {
    if (map.size >= 10_000) map.delete(map.keys().next().value as string);
    map.set(key, value);
  };
  // Payment methods never change once made: read each from the store once.
  const methods = new Map<string, SandboxMethod>();
  const remember = (method: SandboxMethod) => keep(methods, method.id, method);
  // Whether each payment this sandbox made is off session, fixed at its making: a confirmation of
  // one needs no read before its move (whose `initiated` guard decides, as before).
  const offSessionOf = new Map<string, boolean>();
  const made = (payment: SandboxPayment) => {
    keep(offSessionOf, payment.id, payment.offSession);
    return payment;
  };
  const store: SandboxStore = {
    ...backing,
    createPayment: async (payment) => made(await backing.createPayment(payment)),
    putMethod: async (method) => {
      await backing.putMethod(method);
      remember(method);
    },
    method: async (id) => {
      const known = methods.get(id);
      if (known) return known;
      const found = await backing.method(id);
      if (found) remember(found);
      return found;
    },
  };

  const view = async (payment: SandboxPayment): Promise<GatewayPayment> => {
    const method = payment.methodId ? await store.method(payment.methodId) : undefined;
    return {
      paymentId: payment.id,
      state: payment.state,
      nextAction:
        payment.state !== "pending"
          ? null
          : payment.payNow
            ? { kind: "qr", payload: payment.payNow.payload }
            : payment.challenge
              ? { kind: "redirect", payload: options.challengeUrl(payment.id) }
              : null,
      ...(payment.failureCode ? { failureCode: payment.failureCode } : {}),
      ...(payment.refunded ? { refundedCents: payment.refunded } : {}),
      ...(method
        ? {
            card: {
              brand: method.brand,
              last4: method.last4,
              expMonth: method.expMonth,
              expYear: method.expYear,
            },
            paymentMethodId: method.id,
          }
        : {}),
    };
  };

  const gatewayError = (error: unknown) =>
    portError(
      "PaymentGateway",
      "port.unavailable",
      error instanceof Error ? error.message : "sandbox store failed",
    );
  const run = <A>(work: () => Promise<A>) => Effect.tryPromise({ try: work, catch: gatewayError });
  const notFound = (what: string) => portError("PaymentGateway", "port.notFound", what);

  const gateway: PaymentGatewayShape = {
    create: ({ amount, idempotencyKey, offSession, method, description }) => {
      // PayNow, like Stripe's: created and confirmed at once, waiting for the payer's bank.
      let payNow: SandboxPayment["payNow"] = null;
      if (method === "paynow") {
        const expiresAt = now() + PAYNOW_QR_LIFETIME_MS;
        const reference = description.slice(0, 25);
        const payload = buildPayNowPayload({
          ...payNowAccount,
          amount,
          reference,
          expiry: payNowExpiryDate(expiresAt),
        });
        if (Result.isFailure(payload)) {
          return Effect.fail(portError("PaymentGateway", "port.rejected", payload.failure.message));
        }
        payNow = { payload: payload.success, reference, expiresAt };
      }
      return run(async () =>
        view(
          await store.createPayment({
            id: newId("pi"),
            idempotencyKey,
            amount,
            state: payNow ? "pending" : "initiated",
            methodId: null,
            failureCode: null,
            challenge: false,
            offSession: offSession === true,
            payNow,
          }),
        ),
      );
    },
    confirm: (paymentId, paymentMethodId) =>
      Effect.flatMap(
        run(async () => {
          const method = await store.method(paymentMethodId);
          // A payment made elsewhere (another instance, before a restart), or an unknown card, is
          // read first: a payment already moved on answers as it is.
          let offSession = offSessionOf.get(paymentId);
          if (offSession === undefined || !method) {
            const payment = await store.payment(paymentId);
            if (!payment) return notFound(`No payment ${paymentId}`);
            if (payment.state !== "initiated") return view(payment);
            if (!method) return notFound("Unknown payment method");
            offSession = payment.offSession;
          }
          const outcome: Pick<SandboxPayment, "state" | "failureCode" | "challenge"> =
            method.behaviour === "succeed"
              ? { state: "succeeded", failureCode: null, challenge: false }
              : method.behaviour === "threeDS"
                ? offSession
                  ? { state: "failed", failureCode: "authentication_required", challenge: false }
                  : { state: "pending", failureCode: null, challenge: true }
                : {
                    state: "failed",
                    failureCode:
                      method.behaviour === "decline" ? "card_declined" : "insufficient_funds",
                    challenge: false,
                  };
          // Confirmations that race meet here: one moves the payment on, the others read the result.
          const moved = await store.transition(paymentId, "initiated", {
            ...outcome,
            methodId: method.id,
          });
          return view(moved ?? ((await store.payment(paymentId)) as SandboxPayment));
        }),
        (result) => ("_tag" in result ? Effect.fail(result) : Effect.succeed(result)),
      ),
    refund: (paymentId, key, amountCents) =>
      Effect.flatMap(
        run(async () => {
          const payment = await store.payment(paymentId);
          if (!payment) return notFound(`No payment ${paymentId}`);
          // A repeat finds it refunded already and says so; only money taken can be given back.
          if (payment.state === "refunded") return view(payment);
          const left = payment.amount - (payment.refunded ?? 0);
          const moved = await store.refundPart(paymentId, key, amountCents ?? left);
          if (moved === "tooMuch" || moved === undefined)
            return portError(
              "PaymentGateway",
              "port.rejected",
              moved === "tooMuch"
                ? `Payment ${paymentId} has ${left} cents left to refund`
                : `Payment ${paymentId} is ${payment.state}`,
            );
          return view(moved);
        }),
        (result) => ("_tag" in result ? Effect.fail(result) : Effect.succeed(result)),
      ),
    cardBrand: (paymentMethodId) =>
      run(async () => (await store.method(paymentMethodId))?.brand ?? null),
    retrieve: (paymentId) =>
      Effect.flatMap(
        run(async () => {
          const payment = await store.payment(paymentId);
          return payment ? view(payment) : notFound(`No payment ${paymentId}`);
        }),
        (result) => ("_tag" in result ? Effect.fail(result) : Effect.succeed(result)),
      ),
  };

  return {
    gateway,
    tokenize: async (card, now) => {
      const digits = cardDigits(card.number);
      if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) return { error: "invalid_number" };
      const month = now.getUTCFullYear() * 12 + now.getUTCMonth();
      const expiry = card.expYear * 12 + (card.expMonth - 1);
      if (
        !Number.isInteger(card.expMonth) ||
        !Number.isInteger(card.expYear) ||
        card.expMonth < 1 ||
        card.expMonth > 12 ||
        expiry < month ||
        // No card is valid for a century (and the store keeps the year as a 32-bit integer).
        card.expYear > now.getUTCFullYear() + 100
      ) {
        return { error: "invalid_expiry" };
      }
      if (!/^\d{3,4}$/.test(card.cvc)) return { error: "invalid_cvc" };
      const method: SandboxMethod = {
        id: newId("pm"),
        brand: cardBrand(digits),
        last4: digits.slice(-4),
        expMonth: card.expMonth,
        expYear: card.expYear,
        behaviour: behaviours[digits] ?? "succeed",
      };
      await store.putMethod(method);
      return { id: method.id, brand: method.brand, last4: method.last4 };
    },
    completeChallenge: async (paymentId, approve) => {
      const payment = await store.payment(paymentId);
      if (!payment || payment.state !== "pending" || !payment.challenge) return false;
      const moved = await store.transition(paymentId, "pending", {
        state: approve ? "succeeded" : "failed",
        methodId: payment.methodId,
        failureCode: approve ? null : "authentication_failed",
        challenge: true,
      });
      return moved !== undefined;
    },
    payPayNow: async (text, at) => {
      const payload = text.trim();
      const parsed = parsePayNowPayload(payload);
      if (Result.isFailure(parsed)) return { error: "unreadable" };
      const payment = await store.payNowPayment(payload);
      if (
        !payment?.payNow ||
        payment.payNow.reference !== parsed.success.reference ||
        payment.amount !== parsed.success.amount
      ) {
        return { error: "unknown" };
      }
      if (payment.state === "succeeded" || payment.state === "refunded")
        return { error: "alreadyPaid" };
      if (payment.state !== "pending" || at.getTime() > payment.payNow.expiresAt) {
        return { error: "expired" };
      }
      const moved = await store.transition(payment.id, "pending", {
        state: "succeeded",
        methodId: null,
        failureCode: null,
        challenge: false,
      });
      return moved ? { paid: await view(moved) } : { error: "alreadyPaid" };
    },
  };
}
