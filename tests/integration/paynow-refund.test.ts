import { describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { readOutbox } from "@portal/adapters/mail";
import { openDatabase, type Sql } from "@portal/adapters/db";
import { testDatabases } from "../support/databases";
import { guestPortal } from "../support/guest-portal";

// Ports 4860-4879 are this file's.
let nextPort = 4860;
const TOKEN = randomBytes(24).toString("hex");

interface Donation {
  id: string;
  clientSecret: string;
  transactionNo: string;
  status: string;
  payNow: { payload: string; expiresAt: string } | null;
  receipt: { receiptNo: string; token: string } | null;
}

/**
 * A donor paid twice: a PayNow QR superseded by a newer one was paid, and its payment reached the
 * portal after the newer QR had paid the donation. The payer's bank (the sandbox) keeps its own clock
 * and accepted the old QR within its 300 s; the portal's clock is moved past expiry and grace through
 * `POST /__test/clock`, so the portal issued the second QR as it would have after five and a half
 * minutes. The second payment to arrive is given back through the gateway, recorded, audit-logged and
 * mailed; the donation keeps the one payment and receipt it has.
 */
describe.each(testDatabases())("a PayNow donation paid twice, on $name", (database) => {
  const portal = guestPortal(database, nextPort++, () => ({ PORTAL_TEST_CONTROL_TOKEN: TOKEN }));
  const post = portal.post;
  const donationOf = (answer: { body: Record<string, unknown> }) => answer.body["data"] as Donation;

  it("refunds the superseded QR's late payment, records and mails it, and keeps one receipt", async () => {
    const email = "paid.twice@example.sg";
    const created = donationOf(
      await post(
        "/svc/payment/v1/donations/create",
        {
          flow: "FIDYAH",
          items: { fidyah: { days: 10 } },
          totalCents: 4_000,
          ratesVersion: 1,
          donor: { name: "Siti Nurhaliza", email, anonymous: false },
        },
        { "idempotency-key": "paid-twice-1" },
      ),
    );
    const ref = { donationId: created.id, clientSecret: created.clientSecret };
    const first = donationOf(await post("/svc/payment/v1/donations/payNow", ref));
    const oldQr = first.payNow?.payload ?? "";
    expect(oldQr).not.toBe("");

    // Five and a half minutes on for the portal: the first QR is past expiry and grace, so a new one.
    const moved = await fetch(`${portal.base}/__test/clock`, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ advanceMs: 331_000 }),
    });
    expect(moved.status).toBe(200);
    const again = await post("/svc/payment/v1/donations/payNow", ref);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const second = donationOf(again);
    const newQr = second.payNow?.payload ?? "";
    expect(newQr).not.toBe(oldQr);

    // The new QR pays the donation; then the old one's payment arrives.
    expect((await post("/sandbox/v1/paynow", { payload: newQr })).status).toBe(200);
    const paid = donationOf(await post("/svc/payment/v1/donations/retrieve", ref));
    expect(paid.status).toBe("succeeded");
    expect((await post("/sandbox/v1/paynow", { payload: oldQr })).status).toBe(200);

    // The donor is told, once, in both languages; the receipt of the payment kept stands.
    await expect
      .poll(
        async () => readOutbox(path.join(portal.dataDir, "outbox"), { to: email, kind: "refund" }),
        {
          timeout: 10_000,
        },
      )
      .toHaveLength(1);
    const [mail] = await readOutbox(path.join(portal.dataDir, "outbox"), {
      to: email,
      kind: "refund",
    });
    expect(mail?.text).toContain("We have refunded the second payment of $40.00 (PayNow)");
    expect(mail?.text).toContain("Kami telah memulangkan bayaran kedua sebanyak $40.00");
    expect(mail?.meta).toMatchObject({ receiptNo: paid.receipt?.receiptNo, refundedCents: "4000" });
    const after = donationOf(await post("/svc/payment/v1/donations/retrieve", ref));
    expect(after).toMatchObject({ status: "succeeded", receipt: paid.receipt });
    const receipts = await readOutbox(path.join(portal.dataDir, "outbox"), {
      to: email,
      kind: "receipt",
    });
    expect(receipts).toHaveLength(1);
    // Paid back, the old QR cannot be paid a third time.
    expect((await post("/sandbox/v1/paynow", { payload: oldQr })).body).toEqual({
      error: "alreadyPaid",
    });

    // The records, read once the portal has stopped (PGlite has one opener).
    await portal.stop();
    const sql: Sql =
      database.name === "PGlite"
        ? await openDatabase({ dataDir: portal.dataDir })
        : await database.open();
    try {
      const attempts = await sql.query<{ qr_payload: string; status: string; refund_due: boolean }>(
        `select qr_payload, status, refund_due_at is not null as refund_due from payment_attempt
         where donation_id = $1 order by created_at`,
        [created.id],
      );
      expect(attempts).toEqual([
        { qr_payload: oldQr, status: "refunded", refund_due: false },
        { qr_payload: newQr, status: "succeeded", refund_due: false },
      ]);
      const [gateway] = await sql.query<{ state: string }>(
        "select state from sandbox_payment where paynow_payload = $1",
        [oldQr],
      );
      expect(gateway?.state).toBe("refunded");
      const audit = await sql.query<{ action: string }>(
        `select action from audit_log where entity_id = $1 and action like 'payment.%' order by id`,
        [created.id],
      );
      expect(audit.map((row) => row.action)).toEqual(["payment.duplicate", "payment.refunded"]);
      const [receipt] = await sql.query<{ count: number }>(
        "select count(*)::int as count from receipt where donation_id = $1",
        [created.id],
      );
      expect(receipt?.count).toBe(1);
    } finally {
      await sql.close();
    }
  });
});
