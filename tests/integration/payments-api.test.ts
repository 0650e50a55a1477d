import { describe, expect, it } from "vitest";
import { testDatabases } from "../support/databases";
import { guestPortal } from "../support/guest-portal";

let nextPort = 4440;

interface Donation {
  id: string;
  clientSecret: string;
  transactionNo: string;
  status: string;
  totalCents: number;
  amounts: Record<string, number>;
  card: { brand: string; last4: string } | null;
  nextAction: { kind: string; payload: string } | null;
  lastPaymentError: string | null;
  receipt: { receiptNo: string; token: string } | null;
}

describe.each(testDatabases())("payment API on $name", (database) => {
  const portal = guestPortal(database, nextPort++);
  const call = portal.post;

  const zakat = {
    flow: "ZAKAT",
    items: { harta: 25_000, fitrah: { normal: 3, premium: 1 } },
    totalCents: 27_300,
    ratesVersion: 1,
  };

  const create = async (key: string, request: unknown = zakat) => {
    const result = await call("/svc/payment/v1/donations/create", request, {
      "idempotency-key": key,
    });
    return { ...result, donation: (result.body["data"] ?? null) as Donation | null };
  };

  const card = async (number: string) => {
    const response = await call("/sandbox/v1/payment_methods", {
      number,
      expMonth: 12,
      expYear: 2099,
      cvc: "123",
    });
    return response.body["id"] as string;
  };

  const confirm = async (donation: Donation, paymentMethodId: string) =>
    (
      await call("/svc/payment/v1/donations/confirm", {
        donationId: donation.id,
        clientSecret: donation.clientSecret,
        paymentMethodId,
      })
    ).body["data"] as Donation;

  it("prices the donation on the server and waits for a payment method", async () => {
    const { status, donation } = await create("k-price");
    expect(status).toBe(200);
    expect(donation).toMatchObject({
      status: "requires_payment_method",
      totalCents: 27_300,
      amounts: { harta: 25_000, fitrah: 2_300 },
    });
    expect(donation?.transactionNo).toMatch(/^ZK\d+$/);
  });

  it("refuses a total that does not match, and rates that are superseded, with a code", async () => {
    const wrong = await create("k-wrong", { ...zakat, totalCents: 27_000 });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({ status: 0, code: "donation.totalMismatch" });
    const stale = await create("k-stale", { ...zakat, ratesVersion: 0 });
    expect(stale.body).toMatchObject({ status: 0, code: "donation.ratesSuperseded" });
    const noKey = await call("/svc/payment/v1/donations/create", zakat);
    expect(noKey.status).toBe(400);
    const malformed = await create("k-bad", { ...zakat, items: { harta: "a lot" } });
    expect(malformed.status).toBe(400);
  });

  it("refuses negative or fractional persons and fidyah days with a code, never clamping them", async () => {
    const refusals = [
      { ...zakat, items: { fitrah: { normal: -1, premium: 0 } }, totalCents: 0 },
      { ...zakat, items: { fitrah: { normal: 1.5, premium: 0 } }, totalCents: 750 },
      {
        ...zakat,
        items: { fitrah: { normal: 0, premium: 0, variable: { persons: -2, rate: 600 } } },
        totalCents: 0,
      },
      { flow: "FIDYAH", items: { fidyah: { days: -3 } }, totalCents: 0, ratesVersion: 1 },
      { flow: "FIDYAH", items: { fidyah: { days: 2.5 } }, totalCents: 1_000, ratesVersion: 1 },
    ];
    for (const [i, request] of refusals.entries()) {
      const refused = await create(`k-count-${i}`, request);
      // The edge schema (400) or priceDonation (422 donation.quantity) refuses it; nothing is created.
      expect([400, 422]).toContain(refused.status);
      expect(refused.donation).toBeNull();
    }
  });

  it("replays a repeated create with the same Idempotency-Key, and refuses the key for another request", async () => {
    const first = await create("k-idem");
    const again = await create("k-idem");
    expect(again.donation?.id).toBe(first.donation?.id);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    const other = await create("k-idem", {
      ...zakat,
      items: { harta: 30_000 },
      totalCents: 30_000,
    });
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ code: "idempotency.conflict" });
  });

  it("takes a card payment once and issues one receipt; the card number is kept as brand and last four only", async () => {
    const { donation } = await create("k-pay");
    const paid = await confirm(donation!, await card("4242 4242 4242 4242"));
    expect(paid.status).toBe("succeeded");
    expect(paid.card).toEqual({ brand: "Visa", last4: "4242" });
    expect(paid.receipt?.receiptNo).toMatch(/^ZK-\d{8}$/);
    expect(paid.receipt?.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Confirming again, even with another card, changes nothing: no second charge, the same receipt.
    const again = await confirm(donation!, await card("4242424242424242"));
    expect(again.receipt).toEqual(paid.receipt);
    expect(JSON.stringify(paid)).not.toContain("4242424242424242");
  });

  it("keeps the donation open after a declined card, so the donor can pay with another", async () => {
    const { donation } = await create("k-decline");
    const declined = await confirm(donation!, await card("4000 0000 0000 0002"));
    expect(declined).toMatchObject({
      status: "requires_payment_method",
      lastPaymentError: "card_declined",
      receipt: null,
    });
    const paid = await confirm(donation!, await card("4242424242424242"));
    expect(paid.status).toBe("succeeded");
  });

  it("refuses a JCB, Discover or UnionPay card before charging, naming the accepted cards", async () => {
    const { donation } = await create("k-brand");
    for (const number of ["3530 1113 3330 0000", "6011 1111 1111 1117", "6200 0000 0000 0005"]) {
      const refused = await call("/svc/payment/v1/donations/confirm", {
        donationId: donation!.id,
        clientSecret: donation!.clientSecret,
        paymentMethodId: await card(number),
      });
      expect(refused.status, number).toBe(422);
      expect(refused.body).toMatchObject({ code: "checkout.card.accepted" });
    }
    // Nothing was charged: the donation still waits, and a Visa card pays it once.
    const paid = await confirm(donation!, await card("4242424242424242"));
    expect(paid.status).toBe("succeeded");
  });

  it("asks for 3-D Secure and completes when the bank approves", async () => {
    const { donation } = await create("k-3ds");
    const pending = await confirm(donation!, await card("4000002760003184"));
    expect(pending.status).toBe("requires_action");
    expect(pending.nextAction?.kind).toBe("redirect");
    const paymentId = new URL(pending.nextAction!.payload, portal.base).searchParams.get("payment");
    expect((await call("/sandbox/v1/challenge", { paymentId, approve: true })).status).toBe(200);
    const done = (
      await call("/svc/payment/v1/donations/retrieve", {
        donationId: donation!.id,
        clientSecret: donation!.clientSecret,
      })
    ).body["data"] as Donation;
    expect(done.status).toBe("succeeded");
    expect(done.receipt).not.toBeNull();
  });

  it("charges once when the same confirmation arrives twice at the same moment", async () => {
    const { donation } = await create("k-race");
    const method = await card("4242424242424242");
    const [a, b] = await Promise.all([confirm(donation!, method), confirm(donation!, method)]);
    expect(a.status).toBe("succeeded");
    expect(b.status).toBe("succeeded");
    expect(a.receipt).toEqual(b.receipt);
  });

  it("charges once when two confirmations with different cards race", async () => {
    const { donation } = await create("k-race-cards");
    const [visa, mastercard] = [await card("4242424242424242"), await card("5555555555554444")];
    const [a, b] = await Promise.all([confirm(donation!, visa), confirm(donation!, mastercard)]);
    expect(a.status).toBe("succeeded");
    expect(b.card).toEqual(a.card);
    expect(b.receipt).toEqual(a.receipt);
    const sql = await database.peek();
    if (sql) {
      // The charge itself: exactly one successful attempt reached the gateway.
      const rows = await sql.query<{ count: number }>(
        "select count(*)::int as count from payment_attempt where donation_id = $1 and status = 'succeeded'",
        [donation!.id],
      );
      await sql.close();
      expect(rows[0]?.count).toBe(1);
    }
  });

  it("numbers receipts in one series without gaps", async () => {
    const numbers: number[] = [];
    for (const key of ["k-s1", "k-s2", "k-s3"]) {
      const { donation } = await create(key);
      const paid = await confirm(donation!, await card("4242424242424242"));
      numbers.push(Number(paid.receipt!.receiptNo.slice(3)));
    }
    expect(numbers[1]).toBe(numbers[0]! + 1);
    expect(numbers[2]).toBe(numbers[1]! + 1);
  });

  it("shows a donation only to the holder of its client secret; a wrong one looks like a missing one", async () => {
    const { donation } = await create("k-secret");
    const wrong = await call("/svc/payment/v1/donations/retrieve", {
      donationId: donation!.id,
      clientSecret: "nope",
    });
    const missing = await call("/svc/payment/v1/donations/retrieve", {
      donationId: "00000000-0000-4000-8000-000000000000",
      clientSecret: "nope",
    });
    expect(wrong.status).toBe(404);
    expect(wrong.body).toEqual(missing.body);
  });

  it("refuses cards that fail Luhn or have expired, at the sandbox", async () => {
    const bad = await call("/sandbox/v1/payment_methods", {
      number: "4242424242424241",
      expMonth: 12,
      expYear: 2099,
      cvc: "123",
    });
    expect(bad.body).toEqual({ error: "invalid_number" });
    const expired = await call("/sandbox/v1/payment_methods", {
      number: "4242424242424242",
      expMonth: 1,
      expYear: 2020,
      cvc: "123",
    });
    expect(expired.body).toEqual({ error: "invalid_expiry" });
  });

  it("takes no donation from a request with neither a guest session nor a sign-in", async () => {
    for (const cookie of ["", "portal_session=forged-or-expired-token-000000000000000000000"]) {
      const result = await call("/svc/payment/v1/donations/create", zakat, {
        "idempotency-key": `no-session-${cookie.length}`,
        cookie,
      });
      expect(result.status).toBe(401);
      expect(result.body).toMatchObject({ status: 0, code: "session.required" });
    }
    // The refused keys were not claimed: the same key with a session creates the donation.
    const created = await create("no-session-0");
    expect(created.status).toBe(200);
  });
});
