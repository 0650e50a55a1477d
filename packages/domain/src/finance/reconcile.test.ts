import { describe, expect, it } from "vitest";
import { cents } from "../money.ts";
import { canSignOff, reconcile, type GatewayCharge, type LedgerPayment } from "./reconcile.ts";

const paid = (ref: string, amount: number, returned = false): LedgerPayment => ({
  ref,
  transactionNo: `T-${ref}`,
  amount: cents(amount),
  method: "card",
  returned,
});
const charge = (ref: string, amount: number, refunded = false): GatewayCharge => ({
  ref,
  amount: cents(amount),
  refunded,
});

describe("reconcile", () => {
  it("a clean day has no difference and can be signed off", () => {
    const day = reconcile(
      [paid("a", 1000), paid("b", 2500, true)],
      [charge("b", 2500, true), charge("a", 1000)],
    );
    expect(day).toEqual({ matched: 2, differences: [] });
    expect(canSignOff(day)).toBe(true);
  });

  it("names each kind of difference with the donation behind it", () => {
    const day = reconcile(
      [paid("only-here", 500), paid("amount", 1000), paid("ref-here", 700, true), paid("ok", 1)],
      [
        charge("only-there", 900),
        charge("amount", 1200),
        charge("ref-here", 700),
        charge("ref-there", 300, true),
        charge("ok", 1),
      ],
    );
    expect(day.matched).toBe(1);
    expect(day.differences).toEqual([
      {
        kind: "paidNotAtGateway",
        ref: "only-here",
        transactionNo: "T-only-here",
        ledgerAmount: 500,
        gatewayAmount: null,
      },
      {
        kind: "chargedNotPaidHere",
        ref: "only-there",
        transactionNo: null,
        ledgerAmount: null,
        gatewayAmount: 900,
      },
      {
        kind: "amountDiffers",
        ref: "amount",
        transactionNo: "T-amount",
        ledgerAmount: 1000,
        gatewayAmount: 1200,
      },
      {
        kind: "refundOnlyHere",
        ref: "ref-here",
        transactionNo: "T-ref-here",
        ledgerAmount: 700,
        gatewayAmount: 700,
      },
      {
        kind: "refundOnlyAtGateway",
        ref: "ref-there",
        transactionNo: null,
        ledgerAmount: null,
        gatewayAmount: 300,
      },
    ]);
    expect(canSignOff(day)).toBe(false);
  });

  it("a payment refunded on one side and paid a different amount shows both differences", () => {
    const day = reconcile([paid("x", 100)], [charge("x", 90, true)]);
    expect(day.differences.map((d) => d.kind)).toEqual(["amountDiffers", "refundOnlyAtGateway"]);
  });

  it("a payment given back here that the gateway never saw is a refund only here", () => {
    expect(reconcile([paid("x", 100, true)], []).differences.map((d) => d.kind)).toEqual([
      "refundOnlyHere",
    ]);
  });
});
