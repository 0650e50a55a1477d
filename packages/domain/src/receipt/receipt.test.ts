import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  cardImage,
  composeAddress,
  paymentMethodImage,
  receiptHref,
  receiptPath,
  recurrenceLabel,
  taxWording,
} from "./index.ts";
import {
  paymentStatusDisplay,
  showNextZakatDue,
  showOfficerName,
  wrapReference,
} from "../format/receipt.ts";

describe("receipt links", () => {
  it("sends each flow to its receipt page; zakat with harta is the harta receipt", () => {
    expect(receiptPath("ZAKAT", { harta: 100, fitrah: 500 }, "wakaf")).toBe("/receipt/harta");
    expect(receiptPath("ZAKAT", { fitrah: 500 }, "wakaf")).toBe("/receipt/fitrah");
    expect(receiptPath("FIDYAH", { fidyah: 400 }, "wakaf")).toBe("/receipt/fidyah");
    expect(receiptPath("KAFFARAH", { kaffarah: 400 }, "wakaf")).toBe("/receipt/kaffarah");
    expect(receiptPath("ILMU", { ilmu: 500 }, "wakaf")).toBe("/receipt/wakaf");
    expect(receiptPath("WMS", { wms: 1000 }, "giving")).toBe("/receipt/giving");
  });

  it("carries the transaction number and the token, encoded, and nothing else", () => {
    expect(receiptHref("/receipt/harta", "ZK2026&x", "a_b-c")).toBe(
      "/receipt/harta?transactionNo=ZK2026%26x&token=a_b-c",
    );
  });
});

describe("address from its parts", () => {
  it("joins block, street, floor-unit, building, country and postal code", () => {
    expect(
      composeAddress({
        blockNumber: "123",
        streetName: "Bedok North  Road",
        floorNo: "05",
        unitNo: "123",
        buildingName: "Sunrise Court",
        country: "SG",
        postalCode: "460123",
      }),
    ).toBe("123 Bedok North Road #05-123 Sunrise Court, Singapore 460123");
  });

  it("leaves out empty parts and the no-unit placeholders", () => {
    expect(composeAddress({ blockNo: "5", streetName: "Jalan Besar", unitNo: "-" })).toBe(
      "5 Jalan Besar",
    );
    expect(composeAddress({ unitNo: "00", postalCode: "123456" })).toBe("123456");
    expect(composeAddress({ unitNo: "05-12", country: "Malaysia" })).toBe("#05-12, Malaysia");
    expect(composeAddress({})).toBe("");
  });
});

describe("tax wording matches the fund", () => {
  it("gives zakat the auto-inclusion wording, never the 250% line", () => {
    expect(taxWording("ZAKAT", true)).toBe("zakatAutoInclusion");
    expect(taxWording("ZAKAT", false)).toBe("zakatNoTaxId");
  });
  it("gives the wakaf funds the 250% line and fidyah and kaffarah none", () => {
    expect(taxWording("ILMU", false)).toBe("wakaf250");
    expect(taxWording("WMS", true)).toBe("wakaf250");
    expect(taxWording("FIDYAH", true)).toBe("none");
    expect(taxWording("KAFFARAH", true)).toBe("none");
  });
});

describe("payment images", () => {
  it("maps card brands to the spec's card images", () => {
    expect(cardImage("visa")).toBe("Visa");
    expect(cardImage("Visa")).toBe("Visa");
    expect(cardImage("mastercard")).toBe("MasterCard");
    expect(cardImage("amex")).toBe("AmericanExpress");
    expect(cardImage("American Express")).toBe("AmericanExpress");
    expect(cardImage("diners")).toBe("DinersClub");
    expect(cardImage("jcb")).toBe("JCB");
    expect(cardImage("unionpay")).toBe("UnionPay");
    expect(cardImage("discover")).toBe("DefaultCard");
    expect(cardImage(null)).toBe("DefaultCard");
  });
  it("maps wallets by payment type and methods by name", () => {
    expect(paymentMethodImage("DebitCard", 2)).toBe("googlepay");
    expect(paymentMethodImage("DebitCard", 3)).toBe("applepay");
    expect(paymentMethodImage("PayNow", 1)).toBe("paynow");
    expect(paymentMethodImage("Bank Transfer")).toBe("banktransfer");
    expect(paymentMethodImage("DebitCard", 1)).toBe("default");
    expect(paymentMethodImage(undefined)).toBe("default");
  });
});

describe("recurrence label", () => {
  it("follows a recorded frequency, whatever the amount", () => {
    expect(recurrenceLabel("one time", "$50")).toBe("One Time");
    expect(recurrenceLabel("One Off", "$10")).toBe("One Time");
    expect(recurrenceLabel("monthly", "$7.00")).toBe("Recurrent Monthly");
    expect(recurrenceLabel("Weekly", "$7.00")).toBe("Recurrent Weekly");
    expect(recurrenceLabel("daily", "")).toBe("Recurrent Daily");
    expect(recurrenceLabel("quarterly", "")).toBe("Recurrent Quarterly");
    expect(recurrenceLabel("yearly", "")).toBe("Recurrent Annually");
  });
  it("falls back to the odd amount rule of §9 when no known frequency is recorded", () => {
    expect(recurrenceLabel(null, "$10")).toBe("Recurrent Daily");
    expect(recurrenceLabel("", "$200")).toBe("Recurrent Annually");
    expect(recurrenceLabel("fortnightly", "$20")).toBe("Recurrent Weekly");
    expect(recurrenceLabel(undefined, "$10.00")).toBe("One Time");
  });
});

describe("receipt display rules", () => {
  it("reference numbers wrap at 13 characters and lose nothing", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (ref) => {
        const lines = wrapReference(ref);
        expect(lines.join("")).toBe(ref);
        expect(lines.every((line) => line.length >= 1 && line.length <= 13)).toBe(true);
      }),
    );
    expect(wrapReference("pi_sandbox_0123456789abcdef")).toEqual([
      "pi_sandbox_01",
      "23456789abcde",
      "f",
    ]);
  });

  it("accepted, completed and missing statuses show plainly; refunded and voided are struck", () => {
    expect(paymentStatusDisplay(undefined)).toMatchObject({ label: "Accepted", struck: false });
    expect(paymentStatusDisplay("Completed")).toMatchObject({ label: "Completed", struck: false });
    expect(paymentStatusDisplay("Refunded")).toMatchObject({ label: "Refunded", struck: true });
    expect(paymentStatusDisplay("voided")).toMatchObject({ label: "Voided", struck: true });
  });

  it("officer name only at a point of sale whose amil is not the platform's own account", () => {
    const platformAmilId = "online";
    expect(showOfficerName({ source: "Online", amilId: "A7", platformAmilId })).toBe(false);
    expect(showOfficerName({ source: "kiosk", amilId: "A7", platformAmilId })).toBe(true);
    expect(showOfficerName({ source: "POS", amilId: "online", platformAmilId })).toBe(false);
    expect(showOfficerName({ source: "terminal", amilId: null, platformAmilId })).toBe(false);
  });

  it("next zakat harta due only for harta above 0, a living donor and a due date", () => {
    const base = { hartaAmount: 100, isDeceased: false, nextZakatDueDate: "2027-01-01" };
    expect(showNextZakatDue(base)).toBe(true);
    expect(showNextZakatDue({ ...base, hartaAmount: 0 })).toBe(false);
    expect(showNextZakatDue({ ...base, isDeceased: true })).toBe(false);
    expect(showNextZakatDue({ ...base, nextZakatDueDate: null })).toBe(false);
  });
});
