import { describe, expect, it } from "vitest";
import type { DonationView } from "@portal/adapters/db";
import { receiptMail } from "./receipt-mail";
import { recurringReceiptMail } from "./manage-mail";

// The receipt e-mail of a zakat instalment plan's payment says which it is (issue 33,
// docs/instalments.md), in both of its languages; the recurring mail, in the gift's language.

const site = {
  publicUrl: "https://giving.example.sg",
  productRoute: "",
  verificationCode: () => "123456789012",
};
const donation = {
  id: "d1",
  transactionNo: "ZKT-1234567890-123456",
  flow: "ZAKAT",
  amounts: { harta: 12_500 },
  totalCents: 12_500,
  feeCents: 0,
  receipt: { receiptNo: "ZK-00000042", token: "tok" },
} as unknown as DonationView;
const link = {
  token: "k".repeat(43),
  transactionNo: "ZKT-1234567890-123456",
  frequency: "monthly",
} as const;

describe("an instalment's receipt e-mail", () => {
  it("says k of n in English and Malay, and names it in the mail's meta", () => {
    const mail = receiptMail(site, donation, "a@example.sg", [], { kind: "month", k: 2, n: 7 })!;
    expect(mail.text).toContain("Instalment 2 of 7.");
    expect(mail.text).toContain("Ansuran 2 daripada 7.");
    expect(mail.meta?.["instalment"]).toBe("2/7");
  });

  it("calls the difference at the end the settling payment", () => {
    const mail = receiptMail(site, donation, "a@example.sg", [], { kind: "settle" })!;
    expect(mail.text).toContain("Zakat instalment plan: settling payment.");
    expect(mail.text).toContain("Pelan ansuran zakat: bayaran baki.");
    expect(mail.meta?.["instalment"]).toBe("settle");
  });

  it("says nothing of instalments for any other gift", () => {
    const mail = receiptMail(site, donation, "a@example.sg")!;
    expect(mail.text).not.toMatch(/instalment|ansuran/i);
    expect(mail.meta).not.toHaveProperty("instalment");
  });

  it("keeps it in a monthly charge's mail with the manage link, in the plan's language", () => {
    const plain = receiptMail(site, donation, "a@example.sg", [], { kind: "month", k: 3, n: 4 })!;
    const ms = recurringReceiptMail(donation, plain, { ...link, lang: "ms" }, site.publicUrl, {
      kind: "month",
      k: 3,
      n: 4,
    });
    expect(ms.text).toContain("Ansuran 3 daripada 4.");
    expect(ms.text).not.toContain("Instalment 3 of 4");
    expect(ms.text).toContain("/ms/manage-gift#");
    const en = recurringReceiptMail(donation, plain, { ...link, lang: "en" }, site.publicUrl, {
      kind: "month",
      k: 3,
      n: 4,
    });
    expect(en.text).toContain("Instalment 3 of 4.");
  });
});
