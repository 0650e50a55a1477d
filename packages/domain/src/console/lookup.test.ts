import { describe, expect, it } from "vitest";
import { lookupForAudit, maskEmail } from "./lookup.ts";

describe("what the audit log keeps of a look-up", () => {
  it("keeps an identity number's last four characters and an e-mail's first letter and domain", () => {
    expect(
      lookupForAudit({ idNumber: "s1234567d", email: "Zainab.Ali@Example.sg", flow: null }),
    ).toEqual({ idNumber: "*****567D", email: "z***@example.sg" });
  });

  it("keeps other criteria as given, leaves out empty ones and the page size", () => {
    expect(
      lookupForAudit({ transactionNo: " T1 ", minCents: 500, receiptNo: "", pageSize: 25 }),
    ).toEqual({ transactionNo: "T1", minCents: 500 });
    expect(maskEmail("not-an-email")).toBe("***");
  });
});
