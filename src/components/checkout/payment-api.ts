import type { CardFee, CheckoutOrder, FlowType } from "@portal/domain";
import { isApiError, request, requestAt } from "../../lib/api";
import type { Enrolled } from "./enrolled";
import { currentOwner, type Owner } from "./owner";
import type { Language } from "../../i18n/paths";

/** The donation as the payment API answers it (docs/payment-api.md). */
export interface Donation {
  readonly id: string;
  readonly transactionNo: string;
  readonly flow: CheckoutOrder["flow"];
  readonly status: "requires_payment_method" | "requires_action" | "succeeded";
  readonly totalCents: number;
  readonly amounts: Readonly<Record<string, number>>;
  readonly frequency: string;
  readonly card: { readonly brand: string; readonly last4: string } | null;
  readonly nextAction: { readonly kind: "redirect" | "qr"; readonly payload: string } | null;
  readonly lastPaymentError: string | null;
  readonly receipt: { readonly receiptNo: string; readonly token: string } | null;
  readonly paymentMethod: "card" | "paynow" | "google_pay" | "apple_pay" | null;
  readonly payNow: { readonly payload: string; readonly expiresAt: string } | null;
}

/** A refusal: the HTTP status, the server's message and its stable code when it gave one. */
export class PaymentApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

type PaymentCall =
  | "create"
  | "createOrder"
  | "confirm"
  | "retrieve"
  | "payNow"
  | "payNowQrImage"
  | "paymentConfiguration"
  | "guest"
  | "cancelRecurringPayment";

/** §8's empty result (401, 302, 504): no answer to act on. */
const isEmpty = (body: unknown): boolean =>
  body === null ||
  (typeof body === "object" &&
    !Array.isArray(body) &&
    Object.keys(body).every((key) => key === "status" || key === "message") &&
    (body as { status?: unknown }).status !== 1);

/**
 * The answer's `data` (or the body, for the gateway's bare answers). Every payment call keeps the
 * page (see src/lib/api-client.ts): checkout explains a failure next to the donor's entries and a
 * retry meets the same donation and gateway payment. A refusal becomes a `PaymentApiError` with the
 * server's code; a lost connection stays an `ApiError` (checkout's network message); an empty result
 * is `PaymentApiError` with status 0 and code `empty`.
 */
const answer = async <A>(sent: Promise<unknown>): Promise<A> => {
  let body: unknown;
  try {
    body = await sent;
  } catch (error) {
    if (isApiError(error) && error.code === "http.status") {
      throw new PaymentApiError(error.status, error.message, error.serverCode);
    }
    throw error;
  }
  if (isEmpty(body)) throw new PaymentApiError(0, "No answer", "empty");
  const data = (body as { data?: A }).data;
  return data ?? (body as A);
};

/** A call with no owner: the guest session's start, the gateway's configuration. */
const post = <A>(name: PaymentCall, body: unknown, headers: Record<string, string> = {}) =>
  answer<A>(request(name, { body, headers }, { keepPage: true }));

/**
 * A call about a donation, made for its owner (owner.ts): with the signed-in donor's current ID token,
 * or as the guest session. The owner is read at each call unless the caller names it, so a sign-in or
 * sign-out on the page counts from the next call.
 */
const postAs = async <A>(
  name: PaymentCall,
  body: unknown,
  headers: Record<string, string> = {},
  owner?: Owner,
) => post<A>(name, body, { ...(owner ?? (await currentOwner())).headers, ...headers });

/** What checkout sends to create the donation. */
export interface CreateInput {
  readonly order: CheckoutOrder;
  readonly ratesVersion: number;
  readonly frequency: string;
  /** The page's language: a recurring gift's e-mails and manage link are in it. */
  readonly lang: Language;
  readonly donor: Readonly<Record<string, unknown>>;
  /** The card fee the donor chose to cover (issue 33), checked again by the server. */
  readonly coverFeeCents?: number;
  /** A payment of the donor's instalment plan (docs/instalments.md); the server sets its amount. */
  readonly instalment?: { readonly planId: string; readonly part: "first" | "settle" };
}

/**
 * Creates the donation for its owner: the signed-in donor (it is theirs: their history, their saved
 * cards) or the guest session, started first when the browser has none (the server answers 401
 * session.required). The idempotency key makes a repeated click, a retry after a lost answer or a
 * reload give back the same donation.
 */
export const createDonation = async (input: CreateInput, idempotencyKey: string, owner: Owner) => {
  const body = {
    flow: input.order.flow,
    items: input.order.items,
    totalCents: input.order.total,
    ratesVersion: input.ratesVersion,
    ...(input.frequency === "one time" ? {} : { frequency: input.frequency, lang: input.lang }),
    ...(input.coverFeeCents ? { coverFeeCents: input.coverFeeCents } : {}),
    ...(input.instalment ? { instalment: input.instalment, lang: input.lang } : {}),
    donor: input.donor,
  };
  const headers = { "idempotency-key": idempotencyKey };
  try {
    return await postAs<Donation & { clientSecret: string }>("create", body, headers, owner);
  } catch (error) {
    // No session: §8 gives 401 as an empty result. A signed-in donor's refused token is not mended
    // by a guest session: the page says the payment was not made.
    if (!(error instanceof PaymentApiError) || error.code !== "empty" || owner.key !== "guest")
      throw error;
    await post("guest", {});
    return postAs<Donation & { clientSecret: string }>("create", body, headers, owner);
  }
};

/** One fund's payment of an order (docs/payment-api.md "Orders across funds"). */
export type OrderPayment = Donation & {
  readonly clientSecret: string;
  readonly fund: FlowType;
};

/** What checkout sends to make a household's zakat and fidyah in one request (`createOrder`). */
export interface OrderInput {
  readonly parts: ReadonlyArray<CheckoutOrder>;
  readonly ratesVersion: number;
  readonly lang: Language;
  readonly donor: Readonly<Record<string, unknown>>;
}

/**
 * Creates an order's donations, one per fund, for the signed-in donor (or the guest session): the
 * same idempotency key again (a double click, a retry, a reload) answers the same donations.
 */
export const createOrder = async (input: OrderInput, idempotencyKey: string, owner: Owner) => {
  const body = {
    parts: input.parts.map((part) => ({
      flow: part.flow,
      items: part.items,
      totalCents: part.total,
    })),
    ratesVersion: input.ratesVersion,
    lang: input.lang,
    donor: input.donor,
  };
  const answered = await postAs<{ payments: ReadonlyArray<OrderPayment> }>(
    "createOrder",
    body,
    { "idempotency-key": idempotencyKey },
    owner,
  );
  return answered.payments;
};

export interface DonationRef {
  readonly donationId: string;
  readonly clientSecret: string;
}

/**
 * Pays the donation with a card: a gateway payment-method id, or the id of one of the signed-in
 * donor's saved cards (docs/payment-api.md "Saved cards and recurring giving"). `saveCard` keeps the card in the
 * signed-in donor's account; `wallet` records Google Pay or Apple Pay.
 */
export const confirmDonation = (
  ref: DonationRef,
  paymentMethodId: string,
  options: { readonly wallet?: "google_pay" | "apple_pay"; readonly saveCard?: boolean } = {},
) =>
  postAs<Donation>("confirm", {
    ...ref,
    paymentMethodId,
    ...(options.wallet ? { wallet: options.wallet } : {}),
    ...(options.saveCard ? { saveCard: true } : {}),
  });

export const retrieveDonation = (ref: DonationRef) => postAs<Donation>("retrieve", ref);

export const payNowDonation = (ref: DonationRef) => postAs<Donation>("payNow", ref);

export const payNowQrImage = (ref: DonationRef) =>
  postAs<{ svg: string; expiresAt: string }>("payNowQrImage", ref);

/** The card, sent to the sandbox gateway only (never to the portal's API); a payment-method id back. */
export const tokenizeSandboxCard = (card: {
  readonly number: string;
  readonly expMonth: number;
  readonly expYear: number;
  readonly cvc: string;
}) =>
  answer<{ id: string; brand: string; last4: string }>(
    requestAt("/sandbox/v1/payment_methods", { body: card }, { keepPage: true }),
  );

/** The guest session, started when the browser has none, and what its enrolment puts on receipts. */
export const guestSession = () => post<{ expiresAt: string; enrolment?: Enrolled }>("guest", {});

/** Which gateway takes the card (and Stripe's publishable key in Stripe mode). */
export const getPaymentConfiguration = () =>
  answer<{ gateway: "sandbox" | "stripe"; publishableKey: string; cardFee: CardFee }>(
    request("paymentConfiguration", {}, { keepPage: true }),
  );
