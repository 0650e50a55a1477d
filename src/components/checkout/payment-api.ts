import type { CheckoutOrder } from "@portal/domain";

/** The donation as the payment API answers it (README "Payment API"). */
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

const post = async <A>(path: string, body: unknown, headers: Record<string, string> = {}) => {
  const response = await fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json", ...headers },
    credentials: "same-origin",
    body: JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: { data?: A; message?: string; code?: string; error?: string } = {};
  try {
    parsed = text === "" ? {} : (JSON.parse(text) as typeof parsed);
  } catch {
    // A proxy's HTML error page: the status says enough.
  }
  if (!response.ok) {
    throw new PaymentApiError(
      response.status,
      parsed.message ?? parsed.error ?? response.statusText,
      parsed.code ?? parsed.error,
    );
  }
  return parsed.data ?? (parsed as A);
};

/** What checkout sends to create the donation. */
export interface CreateInput {
  readonly order: CheckoutOrder;
  readonly ratesVersion: number;
  readonly frequency: string;
  readonly donor: Readonly<Record<string, unknown>>;
}

/**
 * Creates the donation, starting a guest session first when the browser has none (the server answers
 * 401 session.required). The idempotency key makes a repeated click, a retry after a lost answer or a
 * reload give back the same donation.
 */
export const createDonation = async (input: CreateInput, idempotencyKey: string) => {
  const body = {
    flow: input.order.flow,
    items: input.order.items,
    totalCents: input.order.total,
    ratesVersion: input.ratesVersion,
    ...(input.frequency === "one time" ? {} : { frequency: input.frequency }),
    donor: input.donor,
  };
  const headers = { "idempotency-key": idempotencyKey };
  try {
    return await post<Donation & { clientSecret: string }>(
      "/svc/payment/v1/donations/create",
      body,
      headers,
    );
  } catch (error) {
    if (!(error instanceof PaymentApiError) || error.status !== 401) throw error;
    await post("/svc/main/v1/session/guest", {});
    return post<Donation & { clientSecret: string }>(
      "/svc/payment/v1/donations/create",
      body,
      headers,
    );
  }
};

export interface DonationRef {
  readonly donationId: string;
  readonly clientSecret: string;
}

export const confirmDonation = (
  ref: DonationRef,
  paymentMethodId: string,
  wallet?: "google_pay" | "apple_pay",
) =>
  post<Donation>("/svc/payment/v1/donations/confirm", {
    ...ref,
    paymentMethodId,
    ...(wallet ? { wallet } : {}),
  });

export const retrieveDonation = (ref: DonationRef) =>
  post<Donation>("/svc/payment/v1/donations/retrieve", ref);

export const payNowDonation = (ref: DonationRef) =>
  post<Donation>("/svc/payment/v1/donations/payNow", ref);

export const payNowQrImage = (ref: DonationRef) =>
  post<{ svg: string; expiresAt: string }>("/svc/payment/v1/donations/payNowQrImage", ref);

/** The card, sent to the sandbox gateway only (never to the portal's API); a payment-method id back. */
export const tokenizeSandboxCard = (card: {
  readonly number: string;
  readonly expMonth: number;
  readonly expYear: number;
  readonly cvc: string;
}) => post<{ id: string; brand: string; last4: string }>("/sandbox/v1/payment_methods", card);

/** Which gateway takes the card (and Stripe's publishable key in Stripe mode). */
export const getPaymentConfiguration = async (): Promise<{
  gateway: "sandbox" | "stripe";
  publishableKey: string;
}> => {
  const response = await fetch("/svc/payment/v1/paymentConfiguration", {
    headers: { accept: "application/json" },
  });
  if (!response.ok) throw new PaymentApiError(response.status, response.statusText, undefined);
  return (
    (await response.json()) as { data: { gateway: "sandbox" | "stripe"; publishableKey: string } }
  ).data;
};

/** Stops a recurring gift, as the holder of its receipt token (guests cannot sign in). */
export const cancelRecurring = (transactionNo: string, token: string) =>
  post<unknown>("/svc/payment/api/Donation/cancelRecurringPayment", { transactionNo, token });
