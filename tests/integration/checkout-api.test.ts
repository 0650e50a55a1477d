import { describe, expect, it } from "vitest";
import { payNowCrcValid, parsePayNowPayload } from "@portal/domain";
import { readOutbox } from "@portal/adapters/mail";
import { signWebhookPayload } from "@portal/adapters/payments";
import path from "node:path";
import { Result } from "effect";
import { testDatabases } from "../support/databases";
import { guestPortal, payByCard } from "../support/guest-portal";

// Ports 4700-4719 are this file's.
let nextPort = 4700;
const WEBHOOK_SECRET = "whsec_checkout_api_test";

interface Donation {
  id: string;
  clientSecret: string;
  transactionNo: string;
  status: string;
  totalCents: number;
  paymentMethod: string | null;
  nextAction: { kind: string; payload: string } | null;
  payNow: { payload: string; expiresAt: string } | null;
  receipt: { receiptNo: string; token: string } | null;
}

describe.each(testDatabases())("checkout calls on $name", (database) => {
  const portal = guestPortal(database, nextPort++, () => ({
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    PORTAL_PAYNOW_UEN: "T08GB0032G",
  }));
  const post = portal.post;

  const fidyah = (donor: Record<string, unknown>) => ({
    flow: "FIDYAH",
    items: { fidyah: { days: 10 } },
    totalCents: 4_000,
    ratesVersion: 1,
    donor: { name: "Siti Nurhaliza", email: "siti@example.sg", anonymous: false, ...donor },
  });

  /** A zakat harta gift: deductible, so it may carry an identity number for IRAS inclusion. */
  const zakat = (donor: Record<string, unknown>) => ({
    ...fidyah(donor),
    flow: "ZAKAT",
    items: { harta: 4_000 },
  });

  const create = async (key: string, body: unknown) => {
    const result = await post("/svc/payment/v1/donations/create", body, { "idempotency-key": key });
    return { ...result, donation: result.body["data"] as Donation };
  };

  const ref = (d: Donation) => ({ donationId: d.id, clientSecret: d.clientSecret });

  it("shows a PayNow QR with a valid SGQR payload, the same one while it is valid, and settles it from the payer's bank", async () => {
    const { donation } = await create("paynow-1", fidyah({ email: "paynow.api@example.sg" }));
    const first = await post("/svc/payment/v1/donations/payNow", ref(donation));
    expect(first.status).toBe(200);
    const qr = first.body["data"] as Donation;
    expect(qr).toMatchObject({ status: "requires_action", paymentMethod: "paynow" });
    expect(qr.nextAction?.kind).toBe("qr");
    const payload = qr.payNow?.payload ?? "";
    expect(payNowCrcValid(payload)).toBe(true);
    const read = parsePayNowPayload(payload);
    expect(Result.isSuccess(read) && read.success).toMatchObject({
      uen: "T08GB0032G",
      amount: 4_000,
      reference: donation.transactionNo,
      editable: false,
    });
    const expiresIn = Date.parse(qr.payNow?.expiresAt ?? "") - Date.now();
    expect(expiresIn).toBeGreaterThan(290_000);
    expect(expiresIn).toBeLessThanOrEqual(300_000);

    const again = await post("/svc/payment/v1/donations/payNow", ref(donation));
    expect((again.body["data"] as Donation).payNow?.payload).toBe(payload);
    const image = await post("/svc/payment/v1/donations/payNowQrImage", ref(donation));
    expect(image.body["data"].svg).toMatch(/^<svg role="img" aria-label="PayNow QR code"/);

    // Polling reads our records: still waiting until the bank pays.
    const waiting = await post("/svc/payment/v1/donations/retrieve", ref(donation));
    expect(waiting.body["data"].status).toBe("requires_action");

    const unreadable = await post("/sandbox/v1/paynow", { payload: "not a QR" });
    expect(unreadable.status).toBe(400);
    const paid = await post("/sandbox/v1/paynow", { payload });
    expect(paid.status).toBe(200);
    const settled = (await post("/svc/payment/v1/donations/retrieve", ref(donation))).body[
      "data"
    ] as Donation;
    expect(settled).toMatchObject({ status: "succeeded", paymentMethod: "paynow" });
    expect(settled.receipt?.receiptNo).toMatch(/^ZK-\d{8}$/);
    const twice = await post("/sandbox/v1/paynow", { payload });
    expect(twice).toMatchObject({ status: 409, body: { error: "alreadyPaid" } });

    // The receipt e-mail went to the outbox once, with the receipt link and its token.
    const mails = await readOutbox(path.join(portal.dataDir, "outbox"), {
      to: "paynow.api@example.sg",
    });
    expect(mails).toHaveLength(1);
    expect(mails[0]?.meta?.["link"]).toContain(
      `/receipt/fidyah?transactionNo=${donation.transactionNo}&token=${encodeURIComponent(settled.receipt?.token ?? "")}`,
    );
    expect(mails[0]?.text).toContain("$40.00");
  });

  it("prices fidyah paid as a category's amount set directly (§4), within the configured limit, and the receipt says so", async () => {
    const direct = {
      ...fidyah({ email: "fidyah.direct@example.sg" }),
      items: { fidyah: { days: 2, types: ["haid", "illness"], amounts: { illness: 12_345 } } },
      totalCents: 2 * 400 + 12_345,
    };
    const { status, donation } = await create("fidyah-direct-1", direct);
    expect(status).toBe(200);
    expect(donation.totalCents).toBe(13_145);
    // The server prices it: a total that is not days x rate + the amounts stated is refused.
    const wrong = await create("fidyah-direct-2", { ...direct, totalCents: 12_345 });
    expect(wrong).toMatchObject({ status: 422, body: { code: "donation.totalMismatch" } });
    // Over the configured maximum (seed: $999,999), or nothing: refused.
    for (const amount of [99_999_901, 0]) {
      const refused = await create(`fidyah-direct-${amount}`, {
        ...direct,
        items: { fidyah: { days: 0, amounts: { pregnancy: amount } } },
        totalCents: amount,
      });
      expect(refused).toMatchObject({ status: 422, body: { code: "donation.amount" } });
    }
    const paid = await payByCard(post, donation);
    const receipt = await post("/svc/payment/api/Donation/getThirdPartyDonationReceiptData", {
      token: paid.body["data"].receipt.token,
    });
    expect(receipt.body["data"]).toMatchObject({
      fidyahAmount: 13_145,
      attributes: {
        muisFidyah: [
          { noOfDays: 2, perDay: 400, amount: 800 },
          { noOfDays: 0, perDay: null, amount: 12_345 },
        ],
      },
    });
  });

  it("records Google Pay as payment type 2 on the receipt", async () => {
    const { donation } = await create("wallet-1", fidyah({}));
    const paid = await payByCard(post, donation, { extra: { wallet: "google_pay" } });
    expect(paid.body["data"]).toMatchObject({ status: "succeeded", paymentMethod: "google_pay" });
    const receipt = await post("/svc/payment/api/Donation/getThirdPartyDonationReceiptData", {
      token: paid.body["data"].receipt.token,
    });
    expect(receipt.body["data"]).toMatchObject({ paymentType: 2, paymentMethod: "DebitCard" });
  });

  it("checks the donor's details with the validators of spec 5 and keeps the IRAS identity number sealed", async () => {
    const badNric = await create("iras-bad", zakat({ taxId: "S1234567X" }));
    expect(badNric).toMatchObject({ status: 400, body: { code: "validation.nric.invalid" } });
    const badEmail = await create("email-bad", fidyah({ email: "not-an-email" }));
    expect(badEmail.body["code"]).toBe("validation.email.invalid");
    const badUen = await create(
      "uen-bad",
      fidyah({ business: { companyName: "Kedai Runcit", uen: "12" } }),
    );
    expect(badUen.body["code"]).toMatch(/^validation\.uen\./);
    // Issue 34: names (the donor's, on behalf of, a company's) take 66 characters; 67 is refused at
    // the schema, before anything is written.
    for (const donor of [
      { name: "A".repeat(67) },
      { onBehalfOf: "B".repeat(67) },
      { business: { companyName: "C".repeat(67), uen: "53312345K" } },
    ]) {
      const refused = await create(`name-67-${Object.keys(donor)[0]}`, fidyah(donor));
      expect(refused.status, JSON.stringify(donor)).toBe(400);
      expect(refused.body["message"]).toMatch(/^Invalid request/);
    }
    const atCap = await create(
      "name-66",
      fidyah({ name: "A".repeat(66), onBehalfOf: "B".repeat(66), email: "name.cap@example.sg" }),
    );
    expect(atCap.status).toBe(200);

    const good = await create(
      "iras-good",
      zakat({ taxId: "s9812379b", onBehalfOf: "Ahmad bin Ali", isDeceased: true }),
    );
    expect(good.status).toBe(200);
    expect(JSON.stringify(good.body)).not.toContain("9812379");
    const peek = await database.peek();
    if (peek) {
      const [row] = await peek.query<{ details: string; sealed: boolean }>(
        "select donor_details::text as details, tax_id_encrypted is not null as sealed from donation where id = $1",
        [good.donation.id],
      );
      await peek.close();
      expect(row?.sealed).toBe(true);
      expect(row?.details).not.toContain("9812379");
      expect(row?.details).toContain('"isDeceased": true');
    }
  });

  describe("the Stripe webhook endpoint", () => {
    const event = (id: string) =>
      JSON.stringify({
        id,
        object: "event",
        type: "payment_intent.succeeded",
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            id: `pi_unknown_${id}`,
            object: "payment_intent",
            amount: 100,
            currency: "sgd",
            status: "succeeded",
          },
        },
      });
    const deliver = (body: string, signature: string) =>
      fetch(`${portal.base}/svc/payment/v1/webhooks/stripe`, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        body,
      }).then(async (response) => ({ status: response.status, body: await response.json() }));
    const now = () => Math.floor(Date.now() / 1000);

    it("takes a signed delivery once: a repeat is a duplicate", async () => {
      const body = event("evt_route_1");
      const first = await deliver(body, signWebhookPayload(body, WEBHOOK_SECRET, now()));
      expect(first).toEqual({ status: 200, body: { received: true, outcome: "ignored" } });
      const repeat = await deliver(body, signWebhookPayload(body, WEBHOOK_SECRET, now()));
      expect(repeat).toEqual({ status: 200, body: { received: true, outcome: "duplicate" } });
    });

    it("refuses a bad signature, an altered body and an old timestamp", async () => {
      const body = event("evt_route_2");
      const wrongSecret = await deliver(body, signWebhookPayload(body, "whsec_other", now()));
      expect(wrongSecret).toEqual({ status: 400, body: { error: "webhook.signature" } });
      const altered = await deliver(
        body.replace('"amount":100', '"amount":1'),
        signWebhookPayload(body, WEBHOOK_SECRET, now()),
      );
      expect(altered.status).toBe(400);
      const old = await deliver(body, signWebhookPayload(body, WEBHOOK_SECRET, now() - 301));
      expect(old.status).toBe(400);
      // None of them was recorded: the genuine delivery is still new.
      const genuine = await deliver(body, signWebhookPayload(body, WEBHOOK_SECRET, now()));
      expect(genuine.body).toEqual({ received: true, outcome: "ignored" });
    });
  });
});
