import { Result } from "effect";
import { describe, expect, it } from "vitest";
import { cents } from "../money.ts";
import { crc16Hex } from "./crc16.ts";
import {
  buildPayNowPayload,
  parsePayNowPayload,
  payNowCrcValid,
  payNowExpiryDate,
  type PayNowRequest,
} from "./payload.ts";
import { parseTlv } from "./tlv.ts";

const request: PayNowRequest = {
  uen: "T08GB0032G",
  amount: cents(27300),
  reference: "ZK1731234567890123",
  merchantName: "MUIS",
  expiry: "20261130",
};

const build = (r: PayNowRequest) => Result.getOrThrow(buildPayNowPayload(r));
const codeOf = <A, E extends { code: string }>(r: Result.Result<A, E>) =>
  Result.isFailure(r) ? r.failure.code : "ok";
/** Re-signs a hand-edited payload body (ending in "6304") so only the edit is under test. */
const signed = (body: string) => body + crc16Hex(body);

describe("PayNow payload", () => {
  it("lays out the EMVCo tags in order, with the CRC of everything up to and including 6304", () => {
    const payload = build(request);
    const body =
      "000201" +
      "010212" +
      "2649" +
      "0009SG.PAYNOW" +
      "01012" +
      "0210T08GB0032G" +
      "03010" +
      "040820261130" +
      "52040000" +
      "5303702" +
      "5406273.00" +
      "5802SG" +
      "5904MUIS" +
      "6009Singapore" +
      "62220118ZK1731234567890123" +
      "6304";
    // 6EC2 checked independently with Python's binascii.crc_hqx(body, 0xFFFF).
    expect(payload).toBe(`${body}6EC2`);
  });

  it("writes amounts from cents with two decimals", () => {
    const amountOf = (c: number) =>
      parseTlv(build({ ...request, amount: cents(c) }))?.find((o) => o.id === "54")?.value;
    expect(amountOf(1)).toBe("0.01");
    expect(amountOf(500)).toBe("5.00");
    expect(amountOf(99999900)).toBe("999999.00");
  });

  it("marks the amount editable only when asked", () => {
    expect(build({ ...request, editable: true })).toContain("03011");
    expect(
      Result.getOrThrow(parsePayNowPayload(build({ ...request, editable: true }))).editable,
    ).toBe(true);
  });

  it("reads back what it wrote", () => {
    expect(Result.getOrThrow(parsePayNowPayload(build(request)))).toEqual({
      ...request,
      editable: false,
      merchantCity: "Singapore",
    });
  });

  it("refuses requests a bank would reject, with stable codes", () => {
    expect(codeOf(buildPayNowPayload({ ...request, uen: "T08GB003" }))).toBe("paynow.uen");
    expect(codeOf(buildPayNowPayload({ ...request, uen: "t08gb0032g" }))).toBe("paynow.uen");
    expect(codeOf(buildPayNowPayload({ ...request, amount: cents(0) }))).toBe("paynow.amount");
    expect(codeOf(buildPayNowPayload({ ...request, amount: cents(-5) }))).toBe("paynow.amount");
    expect(codeOf(buildPayNowPayload({ ...request, amount: cents(1e12) }))).toBe("paynow.amount");
    expect(codeOf(buildPayNowPayload({ ...request, amount: cents(1e12 - 1) }))).toBe("ok");
    expect(codeOf(buildPayNowPayload({ ...request, reference: "" }))).toBe("paynow.reference");
    expect(codeOf(buildPayNowPayload({ ...request, reference: "x".repeat(26) }))).toBe(
      "paynow.reference",
    );
    expect(codeOf(buildPayNowPayload({ ...request, reference: "x".repeat(25) }))).toBe("ok");
    expect(
      codeOf(buildPayNowPayload({ ...request, merchantName: "Majlis Ugama Islam Singapura" })),
    ).toBe("paynow.merchantName");
    expect(codeOf(buildPayNowPayload({ ...request, merchantName: "Masjid Ba'alwie ü" }))).toBe(
      "paynow.merchantName",
    );
    expect(codeOf(buildPayNowPayload({ ...request, expiry: "20260231" }))).toBe("paynow.expiry");
    expect(codeOf(buildPayNowPayload({ ...request, expiry: "2026-11-30" }))).toBe("paynow.expiry");
  });

  it("gives the Singapore date for the expiry (UTC+8)", () => {
    expect(payNowExpiryDate(Date.UTC(2026, 10, 30, 15, 59, 59))).toBe("20261130");
    expect(payNowExpiryDate(Date.UTC(2026, 10, 30, 16, 0, 0))).toBe("20261201");
  });
});

describe("PayNow payload validation", () => {
  const body = build(request).slice(0, -4);

  it("refuses a wrong, lowercase or missing CRC", () => {
    expect(codeOf(parsePayNowPayload(body + "0000"))).toBe("paynow.crc");
    expect(codeOf(parsePayNowPayload(`${body}6ec2`))).toBe("paynow.crc");
    expect(codeOf(parsePayNowPayload(body))).toBe("paynow.crc");
    expect(codeOf(parsePayNowPayload(""))).toBe("paynow.crc");
    expect(payNowCrcValid("6304")).toBe(false);
  });

  it("refuses text that is not printable ASCII or not a sequence of data objects", () => {
    expect(codeOf(parsePayNowPayload(build(request).replace("MUIS", "MÜIS")))).toBe(
      "paynow.malformed",
    );
    expect(codeOf(parsePayNowPayload(signed("0002010102126304".replace("0102", "01x2"))))).toBe(
      "paynow.malformed",
    );
    expect(codeOf(parsePayNowPayload(signed("000202" + "6304")))).toBe("paynow.malformed");
  });

  it("refuses payloads for other schemes, currencies and proxies", () => {
    expect(codeOf(parsePayNowPayload(signed(body.replace("SG.PAYNOW", "SG.PAYNEX"))))).toBe(
      "paynow.notPayNow",
    );
    expect(codeOf(parsePayNowPayload(signed(body.replace("5303702", "5303840"))))).toBe(
      "paynow.notPayNow",
    );
    expect(codeOf(parsePayNowPayload(signed(body.replace("01012", "01010"))))).toBe(
      "paynow.notPayNow",
    );
  });

  it("refuses an amount with more than two decimals even when the CRC matches", () => {
    const edited = body.replace("5406273.00", "5407273.001");
    expect(codeOf(parsePayNowPayload(signed(edited)))).toBe("paynow.amount");
  });

  it("finds the PayNow account in any merchant-account tag from 26 to 51", () => {
    const moved = body.replace("2649", "3349");
    expect(Result.getOrThrow(parsePayNowPayload(signed(moved))).uen).toBe("T08GB0032G");
  });
});
