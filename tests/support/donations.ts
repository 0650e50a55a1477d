import { randomUUID } from "node:crypto";
import {
  nricCheckLetter,
  receiptHref,
  receiptPath,
  TERMS_VERSION,
  type FlowType,
} from "@portal/domain";

/**
 * Real donations through the payment API (docs/payment-api.md), as checkout makes them: a guest
 * session, optionally an enrolment (name, NRIC, address), create with an idempotency key, a sandbox
 * card (4242...), confirm. Each donor is its own cookie jar, or a signed-in donor with its token.
 */
export const nricOf = (digits: string) => `S${digits}${nricCheckLetter("S", digits)}`;

export interface Paid {
  readonly flow: FlowType;
  readonly transactionNo: string;
  readonly receiptNo: string;
  readonly token: string;
  readonly totalCents: number;
  /** The receipt page with transactionNo and token, as the history's receiptLink gives it. */
  readonly link: string;
}

export interface DonationOrder {
  readonly flow: FlowType;
  readonly items: Record<string, unknown>;
  readonly totalCents: number;
  readonly donor?: { name: string; email: string; anonymous: boolean };
  /** Enrol the guest first, so the donation carries an NRIC, mobile and address. */
  readonly enrol?: Record<string, unknown>;
}

export class Donor {
  private cookie = "";
  /** `auth`: a signed-in donor's `authorization` header (then no guest session is needed). */
  constructor(
    private readonly base: string,
    private readonly auth: Record<string, string> = {},
  ) {}

  private async post(path: string, body: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${this.base}${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        cookie: this.cookie,
        ...this.auth,
        ...headers,
      },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    const json = (text ? JSON.parse(text) : null) as Record<string, unknown> | null;
    if (!response.ok) throw new Error(`${path}: ${response.status} ${text}`);
    return { response, json: json ?? {} };
  }

  async start() {
    const { response } = await this.post("/svc/main/v1/session/guest", {});
    this.cookie = (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    return this;
  }

  async donate(order: DonationOrder): Promise<Paid> {
    if (order.enrol) {
      await this.post("/svc/donor/api/User/enrollDonorManuallyPreDonation", order.enrol);
    }
    const config = await this.post("/svc/main/v1/Home/homePageConfiguration?charityId=25", {});
    const ratesVersion = (config.json["data"] as { version: number }).version;
    const created = await this.post(
      "/svc/payment/v1/donations/create",
      {
        flow: order.flow,
        items: order.items,
        totalCents: order.totalCents,
        ratesVersion,
        ...(order.donor ? { donor: order.donor } : {}),
      },
      { "idempotency-key": randomUUID() },
    );
    const donation = created.json["data"] as {
      id: string;
      clientSecret: string;
      transactionNo: string;
      amounts: Record<string, number>;
    };
    const card = await fetch(`${this.base}/sandbox/v1/payment_methods`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ number: "4242424242424242", expMonth: 12, expYear: 2031, cvc: "123" }),
    });
    const { id: paymentMethodId } = (await card.json()) as { id: string };
    const confirmed = await this.post("/svc/payment/v1/donations/confirm", {
      donationId: donation.id,
      clientSecret: donation.clientSecret,
      paymentMethodId,
    });
    const paid = confirmed.json["data"] as {
      status: string;
      receipt: { receiptNo: string; token: string } | null;
    };
    if (paid.status !== "succeeded" || !paid.receipt) {
      throw new Error(`not paid: ${JSON.stringify(paid)}`);
    }
    return {
      flow: order.flow,
      transactionNo: donation.transactionNo,
      receiptNo: paid.receipt.receiptNo,
      token: paid.receipt.token,
      totalCents: order.totalCents,
      link: receiptHref(
        receiptPath(order.flow, donation.amounts, "wakaf"),
        donation.transactionNo,
        paid.receipt.token,
      ),
    };
  }
}

/** Register a sign-in as a donor with this NRIC and mobile (registerCognitoUser, as sign-up does). */
export async function registerSignIn(base: string, token: string, nric: string, mobile: string) {
  const response = await fetch(`${base}/svc/donor/api/User/registerCognitoUser`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({
      uniqueUserId: Buffer.from(nric).toString("base64"),
      termsVersion: TERMS_VERSION,
      phoneCountryCode: "+65",
      phoneNumber: mobile,
    }),
  });
  const body = (await response.json()) as { status: number };
  // registerCognitoUser's success is status 0 (spec §7).
  if (body.status !== 0) throw new Error(`not registered: ${JSON.stringify(body)}`);
}

/** A paid fidyah gift of `cents` (a multiple of 400, $4 a day) by a named guest, for the console. */
export const fidyahGift = async (base: string, cents: number): Promise<Paid> =>
  (await new Donor(base).start()).donate({
    flow: "FIDYAH",
    items: { fidyah: { days: cents / 400 } },
    totalCents: cents,
    donor: { name: "Siti Aminah", email: "siti.aminah@example.sg", anonymous: false },
  });
