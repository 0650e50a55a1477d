import { describe, expect, it } from "vitest";
import { cents } from "../money.ts";
import {
  IRAS_HEADER,
  irasEntries,
  irasIdTypeOf,
  irasRow,
  type IrasGift,
  type IrasRecord,
} from "./iras-records.ts";

const at = (iso: string) => Date.parse(iso);
const gift = (over: Partial<IrasGift> = {}): IrasGift => ({
  receiptNo: "ZK-000001",
  transactionNo: "T1",
  fund: "ILMU",
  amount: cents(12_345),
  receivedAt: at("2026-03-01T02:00:00Z"),
  returnedAt: null,
  anonymous: false,
  donorName: "Siti Aminah",
  idNumber: "S1234567D",
  idKind: null,
  ...over,
});
const records = (g: IrasGift, year = 2026) =>
  irasEntries(g, year).flatMap((e) => (e.kind === "record" ? [e.record] : []));

describe("IRAS records", () => {
  it("a wakaf gift is one record at 2.5x with the receipt's particulars", () => {
    expect(records(gift())).toEqual<IrasRecord[]>([
      {
        recordType: "original",
        receiptNo: "ZK-000001",
        donorName: "Siti Aminah",
        idType: "NRIC",
        idNumber: "S1234567D",
        dateReceived: "2026-03-01",
        donationType: "WAKAF_ILMU",
        deduction: "2.5x",
        amount: cents(12_345),
      },
    ]);
  });

  it("zakat is included at 1x; WMS is its own type; a UEN and a FIN are told apart", () => {
    expect(records(gift({ fund: "ZAKAT", idNumber: "F1234567N" }))[0]).toMatchObject({
      donationType: "ZAKAT",
      deduction: "1x",
      idType: "FIN",
    });
    expect(records(gift({ fund: "WMS", idNumber: "201912345K" }))[0]).toMatchObject({
      donationType: "WAKAF_WMS",
      idType: "UEN",
    });
  });

  it("fidyah and kaffarah give nothing at all", () => {
    expect(irasEntries(gift({ fund: "FIDYAH" }), 2026)).toEqual([]);
    expect(irasEntries(gift({ fund: "KAFFARAH" }), 2026)).toEqual([]);
  });

  it("the date received is Singapore's: 31 Dec 20:00 UTC is 1 Jan in Singapore", () => {
    const g = gift({ receivedAt: at("2025-12-31T20:00:00Z") });
    expect(irasEntries(g, 2025)).toEqual([]);
    expect(records(g)[0]?.dateReceived).toBe("2026-01-01");
  });

  it("a refund is an amendment taking the amount off, in the year it was given back", () => {
    const g = gift({ returnedAt: at("2027-01-10T01:00:00Z") });
    expect(records(g, 2026).map((r) => [r.recordType, r.amount])).toEqual([["original", 12_345]]);
    expect(records(g, 2027).map((r) => [r.recordType, r.amount, r.receiptNo])).toEqual([
      ["amendment", -12_345, "ZK-000001"],
    ]);
    const sameYear = gift({ returnedAt: at("2026-04-01T01:00:00Z") });
    expect(records(sameYear).map((r) => r.recordType)).toEqual(["original", "amendment"]);
  });

  it("anonymous gifts and gifts with no identification are listed apart, never filed", () => {
    expect(irasEntries(gift({ anonymous: true }), 2026)).toEqual([
      {
        kind: "unfiled",
        gift: {
          receiptNo: "ZK-000001",
          transactionNo: "T1",
          donationType: "WAKAF_ILMU",
          amount: 12_345,
          dateReceived: "2026-03-01",
          reason: "anonymous",
        },
      },
    ]);
    expect(irasEntries(gift({ idNumber: null }), 2026)[0]).toMatchObject({
      kind: "unfiled",
      gift: { reason: "noIdentification" },
    });
    expect(irasEntries(gift({ idNumber: "hello" }), 2026)[0]).toMatchObject({
      gift: { reason: "noIdentification" },
    });
    expect(irasEntries(gift({ donorName: " " }), 2026)[0]).toMatchObject({
      gift: { reason: "noName" },
    });
    // Listed once, in the year received, not again when given back.
    expect(
      irasEntries(gift({ anonymous: true, returnedAt: at("2027-02-01T00:00:00Z") }), 2027),
    ).toEqual([]);
  });

  it("the kind the records name wins over the number's form", () => {
    expect(records(gift({ idKind: "FIN", idNumber: "s1234567d" }))[0]).toMatchObject({
      idType: "FIN",
      idNumber: "S1234567D",
    });
  });

  it("maps a record to the file's columns in one place", () => {
    expect(IRAS_HEADER).toEqual([
      "Record Type",
      "ID Type",
      "ID Number",
      "Donor Name",
      "Date Received",
      "Receipt Number",
      "Type of Donation",
      "Deduction",
      "Amount",
    ]);
    const [original, amendment] = records(
      gift({ amount: cents(5), returnedAt: at("2026-05-01T00:00:00Z") }),
    );
    expect(irasRow(original!)).toEqual([
      "O",
      "NRIC",
      "S1234567D",
      "Siti Aminah",
      "2026-03-01",
      "ZK-000001",
      "WAKAF_ILMU",
      "2.5x",
      "0.05",
    ]);
    expect(irasRow(amendment!).at(-1)).toBe("-0.05");
  });

  it("reads the kind of an identity number", () => {
    expect(irasIdTypeOf("T0123456G")).toBe("NRIC");
    expect(irasIdTypeOf("M1234567K")).toBe("FIN");
    expect(irasIdTypeOf("53123456A")).toBe("UEN");
    expect(irasIdTypeOf("T08LL1234A")).toBe("UEN");
    expect(irasIdTypeOf("X")).toBeUndefined();
  });
});
