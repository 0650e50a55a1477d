import path from "node:path";
import { coverFeeCents, cents, type IrasEntry } from "@portal/domain";
import { irasRecords, reconciliation } from "@portal/adapters/finance";
import { readOutbox } from "@portal/adapters/mail";
import { sandboxRecords } from "@portal/standins";
import { describe, expect, it } from "vitest";
import { readPortalDatabase, testDatabases } from "../support/databases";
import { nricOf } from "../support/donations";
import { FINANCE_KEY } from "../support/finance";
import { guestPortal, payByCard } from "../support/guest-portal";

// Issue 33, covering the fee: the donor may add the provider's card fee to a gift. The fee is charged
// with the gift and kept apart from it: never the zakat amount, the receipt's zakat line, the IRAS
// record or the tax-deductible amount; a fee other than the server's own figure charges nothing.

let nextPort = 5470;

/** Stripe Singapore's published card fee, the portal's default: 3.4% and S$0.50. */
const CARD_FEE = { basisPoints: 340, fixedCents: 50 };
const sgDay = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

describe.each(testDatabases())("covering the card fee on $name", (database) => {
  const portal = guestPortal(database, nextPort++, () => ({
    PORTAL_SECRET_KEY: FINANCE_KEY.toString("base64"),
  }));
  const post = portal.post;
  const harta = 25_000;
  const fee = coverFeeCents(cents(harta), CARD_FEE);
  const zakat = (over: Record<string, unknown> = {}) => ({
    flow: "ZAKAT",
    items: { harta },
    totalCents: harta,
    ratesVersion: 1,
    donor: {
      name: "Aminah Rahman",
      email: "fee.payer@example.sg",
      anonymous: false,
      taxId: nricOf("3456789"),
    },
    ...over,
  });
  const create = (key: string, body: unknown) =>
    post("/svc/payment/v1/donations/create", body, { "idempotency-key": key });

  it("tells checkout the provider's fee, so the page shows the figure the server will charge", async () => {
    const config = (await (
      await fetch(`${portal.base}/svc/payment/v1/paymentConfiguration`)
    ).json()) as Record<string, unknown>;
    expect(config["data"]).toMatchObject({ gateway: "sandbox", cardFee: CARD_FEE });
    // $250 at 3.4% + $0.50: $9.32 more leaves the fund the whole $250 ($259.32 - $8.82 - $0.50).
    expect(fee).toBe(932);
  });

  it("refuses a fee that is not the provider's, and a fee on a recurring gift, charging nothing", async () => {
    for (const [key, body, code] of [
      ["fee-up", zakat({ coverFeeCents: fee + 1 }), "donation.feeMismatch"],
      ["fee-down", zakat({ coverFeeCents: fee - 1 }), "donation.feeMismatch"],
      ["fee-zero", zakat({ coverFeeCents: 0 }), "donation.feeMismatch"],
      [
        "fee-recurring",
        {
          flow: "ILMU",
          items: { ilmu: 5_000 },
          totalCents: 5_000,
          ratesVersion: 1,
          frequency: "monthly",
          coverFeeCents: coverFeeCents(cents(5_000), CARD_FEE),
        },
        "donation.feeOneTimeOnly",
      ],
    ] as const) {
      const refused = await create(key, body);
      expect(refused.status, key).toBe(422);
      expect(refused.body, key).toMatchObject({ status: 0, code });
      expect(refused.body["data"], key).toBeUndefined();
    }
    const fractional = await create("fee-half", zakat({ coverFeeCents: 931.5 }));
    expect(fractional.status).toBe(400);
  });

  it("charges gift and fee together, and keeps the fee out of the zakat line, the IRAS record and the tax amount", async () => {
    const created = await create("fee-paid", zakat({ coverFeeCents: fee }));
    expect(created.status).toBe(200);
    const donation = created.body["data"];
    expect(donation).toMatchObject({ totalCents: harta, feeCents: fee, amounts: { harta } });
    const paid = await payByCard(post, donation);
    expect(paid.body["data"]).toMatchObject({ status: "succeeded", totalCents: harta });
    const at = new Date();

    // The receipt: the zakat line and the total are the gift; the fee is its own figure.
    const receipt = await post("/svc/payment/api/Donation/getThirdPartyDonationReceiptData", {
      token: paid.body["data"].receipt.token,
    });
    expect(receipt.body["data"]).toMatchObject({
      hartaAmount: harta,
      totalAmount: harta,
      donationAmount: harta,
      feeCents: fee,
      typeOfZakat: ["harta"],
      isIRASInclusion: true,
    });

    // The receipt e-mail says what was received for zakat and the fee apart, in both languages.
    const receiptMail = async () =>
      (await readOutbox(path.join(portal.dataDir, "outbox"), { to: "fee.payer@example.sg" })).find(
        (m) => m.kind === "receipt",
      );
    let mail = await receiptMail();
    for (let tries = 0; !mail && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      mail = await receiptMail();
    }
    expect(mail?.text).toContain("We received $250.00");
    expect(mail?.text).toContain("Card fee you covered: $9.32");
    expect(mail?.text).toContain("charged in all: $259.32");
    expect(mail?.text).toContain("Caj kad yang anda tanggung: $9.32");
    expect(mail?.text).not.toContain("received $259.32");

    const seen = await readPortalDatabase(
      database,
      portal,
      async () => undefined,
      async (sql) => {
        const entries: IrasEntry[] = [];
        for await (const entry of irasRecords(sql, FINANCE_KEY).entries(
          Number(sgDay(at).slice(0, 4)),
        ))
          entries.push(entry);
        const [charge] = await sql.query<{ amount_cents: string | number }>(
          `select s.amount_cents from sandbox_payment s
           join payment_attempt a on a.gateway_ref = s.id
           join donation d on d.id = a.donation_id where d.transaction_no = $1`,
          [donation.transactionNo],
        );
        const day = await reconciliation(sql, sandboxRecords(sql)).day(sgDay(at));
        return { entries, charge, day };
      },
    );
    // The card was charged gift and fee together.
    expect(Number(seen.charge?.amount_cents)).toBe(harta + fee);
    // The IRAS record carries the zakat alone, deductible 1x.
    const mine = seen.entries.flatMap((e) =>
      e.kind === "record" && e.record.receiptNo === paid.body["data"].receipt.receiptNo
        ? [e.record]
        : [],
    );
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ donationType: "ZAKAT", deduction: "1x" });
    expect(mine[0]?.amount).toBe(harta);
    // Reconciliation matches the ledger's charge (gift and fee) with the gateway's: no difference.
    expect(seen.day?.differences).toEqual([]);
  });
});
