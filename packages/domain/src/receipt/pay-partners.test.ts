import { describe, expect, it } from "vitest";
import { payPartnerImages, payPartners } from "./pay-partners.ts";

describe("pay partners", () => {
  it("shows each accepted card in place of the card entry, then the wallets and PayNow", () => {
    expect(payPartnerImages()).toEqual([
      "Visa",
      "MasterCard",
      "AmericanExpress",
      "googlepay",
      "applepay",
      "paynow",
    ]);
  });

  it("records the wallets under their §4 payment types", () => {
    expect(payPartners.find((p) => p.icon === "googlepay")?.paymentType).toBe(2);
    expect(payPartners.find((p) => p.icon === "applepay")?.paymentType).toBe(3);
  });
});
