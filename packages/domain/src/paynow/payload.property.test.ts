import { Result } from "effect";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cents } from "../money.ts";
import {
  buildPayNowPayload,
  parsePayNowPayload,
  payNowCrcValid,
  type PayNowRequest,
} from "./payload.ts";

const printable = fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c));
const text25 = fc.string({ unit: printable, minLength: 1, maxLength: 25 });

const requests: fc.Arbitrary<PayNowRequest> = fc.record({
  uen: fc.stringMatching(/^[0-9A-Z]{9,10}$/),
  amount: fc.integer({ min: 1, max: 1e12 - 1 }).map(cents),
  reference: text25,
  merchantName: text25,
  expiry: fc
    .date({
      min: new Date("2000-01-01T00:00:00Z"),
      max: new Date("2099-12-31T00:00:00Z"),
      noInvalidDate: true,
    })
    .map((d) => d.toISOString().slice(0, 10).replaceAll("-", "")),
  editable: fc.boolean(),
});

const build = (r: PayNowRequest) => Result.getOrThrow(buildPayNowPayload(r));

describe("PayNow payload properties", () => {
  it("the CRC verifies for any amount, reference and merchant", () => {
    fc.assert(
      fc.property(requests, (r) => {
        const payload = build(r);
        expect(payNowCrcValid(payload)).toBe(true);
        expect(Result.isSuccess(parsePayNowPayload(payload))).toBe(true);
      }),
    );
  });

  it("any single-character change breaks the CRC", () => {
    fc.assert(
      fc.property(requests, fc.nat(), printable, (r, where, replacement) => {
        const payload = build(r);
        const at = where % payload.length;
        fc.pre(payload[at] !== replacement);
        const changed = payload.slice(0, at) + replacement + payload.slice(at + 1);
        expect(payNowCrcValid(changed)).toBe(false);
        expect(Result.isFailure(parsePayNowPayload(changed))).toBe(true);
      }),
    );
  });

  it("the amount, and every other field, round-trips through the payload", () => {
    fc.assert(
      fc.property(requests, (r) => {
        const read = Result.getOrThrow(parsePayNowPayload(build(r)));
        expect(read.amount).toBe(r.amount);
        expect(read).toEqual({ ...r, merchantCity: "Singapore" });
      }),
    );
  });
});
