import { Result } from "effect";
import { describe, expect, it } from "vitest";
import {
  checkCounterEntry,
  counterMethodLabel,
  flowOfFund,
  seriesOfFlow,
} from "./counter-payment.ts";
import { nricCheckLetter } from "../validators/nric.ts";

const nric = `S1234567${nricCheckLetter("S", "1234567")}`;
const entry = {
  fund: "fidyah",
  amountCents: 4_000,
  method: "cash",
  mosqueName: "Masjid Sultan",
  donor: { name: "Aminah binte Salleh", email: "Aminah@Example.sg", idNumber: nric.toLowerCase() },
};

describe("a counter entry", () => {
  it("takes a cash gift with the donor's details as checkout would", () => {
    const checked = checkCounterEntry(entry);
    expect(Result.isSuccess(checked) && checked.success).toMatchObject({
      flow: "FIDYAH",
      series: "ZK",
      reference: null,
      donor: { email: "aminah@example.sg", idNumber: nric, idKind: "NRIC", anonymous: false },
    });
  });

  it("names every wrong field: cheque without its number, bad fund, amount, e-mail, id", () => {
    const checked = checkCounterEntry({
      ...entry,
      fund: "lottery",
      method: "cheque",
      amountCents: 12.5,
      mosqueName: "<b>",
      donor: { name: "", email: "nope", idNumber: "S1234567X", mobile: "12" },
    });
    expect(Result.isFailure(checked) && checked.failure.fields).toEqual([
      "fund",
      "amountCents",
      "reference",
      "mosqueName",
      "donorName",
      "email",
      "mobile",
      "idNumber",
    ]);
  });

  it("holds each fund to its own limits: WMS from $10, wakaf below $20,000", () => {
    const wms = checkCounterEntry({ ...entry, fund: "wms", amountCents: 900 });
    expect(Result.isFailure(wms) && wms.failure.fields).toEqual(["amountCents"]);
    const ilmu = checkCounterEntry({ ...entry, fund: "ilmu", amountCents: 2_000_001 });
    expect(Result.isFailure(ilmu) && ilmu.failure.fields).toEqual(["amountCents"]);
    const nets = checkCounterEntry({ ...entry, fund: "ilmu", method: "nets", reference: "ab-123" });
    expect(Result.isSuccess(nets) && nets.success).toMatchObject({
      series: "WK",
      reference: "AB-123",
    });
  });

  it("maps funds to flows and series, and methods to their receipt images", () => {
    expect(["harta", "fitrah", "kaffarah", "wms"].map((f) => flowOfFund(f as never))).toEqual([
      "ZAKAT",
      "ZAKAT",
      "KAFFARAH",
      "WMS",
    ]);
    expect(seriesOfFlow("KAFFARAH")).toBe("ZK");
    expect(counterMethodLabel("bank_transfer")).toBe("BankTransfer");
    expect(counterMethodLabel("nets")).toBe("NETS");
  });
});
