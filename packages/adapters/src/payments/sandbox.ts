import { randomBytes } from "node:crypto";
import { Effect, Result } from "effect";
import {
  buildPayNowPayload,
  cardBrand,
  cardDigits,
  luhnValid,
  parsePayNowPayload,
  payNowExpiryDate,
  portError,
  type Cents,
  type GatewayPayment,
  type PaymentGatewayShape,
  type PaymentState,
} from "@portal/domain";

/**
 * The embedded stand-in for Stripe: in-process, following Stripe's test cards (design/facts.md).
 * 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined; 4000 0000 0000 9995 is declined for
 * insufficient funds; 4000 0027 6000 3184 and 4000 0000 0000 3220 ask for 3-D Secure. Any other number
 * that passes Luhn succeeds. Card numbers are read once to choose the behaviour and then dropped: only
 * brand and last four digits are kept. State lives in memory, as a sandbox's may.
 */
type Behaviour = "succeed" | "decline" | "insufficient" | "threeDS";

const behaviours: Readonly<Record<string, Behaviour>> = {
  "4000000000000002": "decline",
  "4000000000009995": "insufficient",
  "4000002760003184": "threeDS",
  "4000000000003220": "threeDS",
};

interface Method {
  readonly brand: string;
  readonly last4: string;
  readonly behaviour: Behaviour;
}

interface Intent {
  readonly id: string;
  readonly amount: Cents;
  state: PaymentState;
  method?: Method;
  failureCode?: string;
  challenge?: boolean;
  /** A PayNow intent: the QR's text and the instant after which the payer's bank refuses it. */
  payNow?: { readonly payload: string; readonly reference: string; readonly expiresAt: number };
}

/** How long a PayNow QR may be paid (spec §9: QR expire 300000 ms). */
export const PAYNOW_QR_LIFETIME_MS = 300_000;

/** What the sandbox's "payer's bank" answers when a QR is paid. */
export type PayNowPaymentResult =
  | { readonly paid: GatewayPayment }
  | { readonly error: "unreadable" | "unknown" | "expired" | "alreadyPaid" };

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
  readonly tokenize: (card: SandboxCardInput, now: Date) => TokenizeResult;
  /** The donor's answer on the sandbox's 3-D Secure page. */
  readonly completeChallenge: (paymentId: string, approve: boolean) => boolean;
  /**
   * The payer's bank pays a scanned PayNow QR (its text): refused when unreadable, unknown, expired
   * or already paid. The gateway then reports the payment, as Stripe's webhook would.
   */
  readonly payPayNow: (payload: string, now: Date) => PayNowPaymentResult;
}

export interface SandboxOptions {
  readonly challengeUrl: (paymentId: string) => string;
  /** The charity's PayNow account: its UEN and the name the payer's bank shows. */
  readonly payNow: { readonly uen: string; readonly merchantName: string };
  /** The clock QR expiry is measured by. */
  readonly now?: () => number;
}

export function createSandbox(options: SandboxOptions): Sandbox {
  const now = options.now ?? (() => Date.now());
  const methods = new Map<string, Method>();
  const intents = new Map<string, Intent>();
  const byKey = new Map<string, string>();

  const view = (intent: Intent): GatewayPayment => ({
    paymentId: intent.id,
    state: intent.state,
    nextAction:
      intent.state !== "pending"
        ? null
        : intent.payNow
          ? { kind: "qr", payload: intent.payNow.payload }
          : intent.challenge
            ? { kind: "redirect", payload: options.challengeUrl(intent.id) }
            : null,
    ...(intent.failureCode ? { failureCode: intent.failureCode } : {}),
    ...(intent.method ? { card: { brand: intent.method.brand, last4: intent.method.last4 } } : {}),
  });

  const find = (paymentId: string) => {
    const intent = intents.get(paymentId);
    return intent
      ? Effect.succeed(intent)
      : Effect.fail(portError("PaymentGateway", "port.notFound", `No payment ${paymentId}`));
  };

  const gateway: PaymentGatewayShape = {
    create: ({ amount, idempotencyKey, description, method }) =>
      Effect.suspend(() => {
        const existing = byKey.get(idempotencyKey);
        if (existing) return Effect.succeed(view(intents.get(existing) as Intent));
        const intent: Intent = { id: newId("pi"), amount, state: "initiated" };
        if (method === "paynow") {
          // Like Stripe's PayNow: created and confirmed at once, waiting for the payer's bank.
          const expiresAt = now() + PAYNOW_QR_LIFETIME_MS;
          const reference = description.slice(0, 25);
          const payload = buildPayNowPayload({
            uen: options.payNow.uen,
            merchantName: options.payNow.merchantName,
            amount,
            reference,
            expiry: payNowExpiryDate(expiresAt),
          });
          if (Result.isFailure(payload)) {
            return Effect.fail(
              portError("PaymentGateway", "port.rejected", payload.failure.message),
            );
          }
          intent.state = "pending";
          intent.payNow = { payload: payload.success, reference, expiresAt };
        }
        intents.set(intent.id, intent);
        byKey.set(idempotencyKey, intent.id);
        return Effect.succeed(view(intent));
      }),
    confirm: (paymentId, paymentMethodId) =>
      Effect.flatMap(find(paymentId), (intent) => {
        if (intent.state !== "initiated") return Effect.succeed(view(intent));
        const method = methods.get(paymentMethodId);
        if (!method) {
          return Effect.fail(
            portError("PaymentGateway", "port.notFound", "Unknown payment method"),
          );
        }
        intent.method = method;
        if (method.behaviour === "succeed") intent.state = "succeeded";
        else if (method.behaviour === "threeDS") {
          intent.state = "pending";
          intent.challenge = true;
        } else {
          intent.state = "failed";
          intent.failureCode =
            method.behaviour === "decline" ? "card_declined" : "insufficient_funds";
        }
        return Effect.succeed(view(intent));
      }),
    retrieve: (paymentId) => Effect.map(find(paymentId), view),
  };

  return {
    gateway,
    tokenize: (card, now) => {
      const digits = cardDigits(card.number);
      if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) return { error: "invalid_number" };
      const month = now.getUTCFullYear() * 12 + now.getUTCMonth();
      const expiry = card.expYear * 12 + (card.expMonth - 1);
      if (
        !Number.isInteger(card.expMonth) ||
        card.expMonth < 1 ||
        card.expMonth > 12 ||
        expiry < month
      ) {
        return { error: "invalid_expiry" };
      }
      if (!/^\d{3,4}$/.test(card.cvc)) return { error: "invalid_cvc" };
      const id = newId("pm");
      const method: Method = {
        brand: cardBrand(digits),
        last4: digits.slice(-4),
        behaviour: behaviours[digits] ?? "succeed",
      };
      methods.set(id, method);
      return { id, brand: method.brand, last4: method.last4 };
    },
    completeChallenge: (paymentId, approve) => {
      const intent = intents.get(paymentId);
      if (!intent || intent.state !== "pending" || !intent.challenge) return false;
      intent.state = approve ? "succeeded" : "failed";
      if (!approve) intent.failureCode = "authentication_failed";
      return true;
    },
    payPayNow: (payload, at) => {
      const parsed = parsePayNowPayload(payload.trim());
      if (Result.isFailure(parsed)) return { error: "unreadable" };
      const { reference, amount } = parsed.success;
      const intent = [...intents.values()].find(
        (i) => i.payNow?.payload === payload.trim() && i.payNow.reference === reference,
      );
      if (!intent?.payNow || intent.amount !== amount) return { error: "unknown" };
      if (intent.state === "succeeded") return { error: "alreadyPaid" };
      if (intent.state !== "pending" || at.getTime() > intent.payNow.expiresAt) {
        return { error: "expired" };
      }
      intent.state = "succeeded";
      return { paid: view(intent) };
    },
  };
}
