import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cents } from "../money.ts";
import { reconcile, type GatewayCharge, type LedgerPayment } from "./reconcile.ts";

const payment = fc.record({
  ref: fc.stringMatching(/^[a-z]{1,4}$/),
  amount: fc.integer({ min: 1, max: 10_000_000 }),
  returned: fc.boolean(),
});
const ledgerOf = (rows: ReadonlyArray<{ ref: string; amount: number; returned: boolean }>) =>
  [...new Map(rows.map((r) => [r.ref, r])).values()].map((r): LedgerPayment => ({
    ref: r.ref,
    transactionNo: r.ref,
    amount: cents(r.amount),
    method: "card",
    returned: r.returned,
  }));
const mirror = (ledger: ReadonlyArray<LedgerPayment>): GatewayCharge[] =>
  ledger.map((p) => ({ ref: p.ref, amount: p.amount, refunded: p.returned }));

describe("reconciliation properties", () => {
  it("a gateway that mirrors the ledger leaves no difference, whatever the order", () => {
    fc.assert(
      fc.property(fc.array(payment, { maxLength: 40 }), (rows) => {
        const ledger = ledgerOf(rows);
        const day = reconcile(ledger, mirror(ledger).reverse());
        expect(day.differences).toEqual([]);
        expect(day.matched).toBe(ledger.length);
      }),
    );
  });

  it("every planted difference is found once, and nothing else is", () => {
    fc.assert(
      fc.property(
        fc.array(payment, { minLength: 1, maxLength: 30 }),
        fc.nat(),
        fc.constantFrom("drop-gateway", "drop-ledger", "amount", "refund"),
        (rows, pick, plant) => {
          const ledger = ledgerOf(rows);
          const gateway = mirror(ledger);
          const i = pick % ledger.length;
          const target = ledger[i]!;
          let expected: string;
          let here = ledger;
          if (plant === "drop-gateway") {
            gateway.splice(i, 1);
            expected = target.returned ? "refundOnlyHere" : "paidNotAtGateway";
          } else if (plant === "drop-ledger") {
            here = ledger.filter((_, j) => j !== i);
            expected = target.returned ? "refundOnlyAtGateway" : "chargedNotPaidHere";
          } else if (plant === "amount") {
            gateway[i] = { ...gateway[i]!, amount: cents(target.amount + 1) };
            expected = "amountDiffers";
          } else {
            gateway[i] = { ...gateway[i]!, refunded: !target.returned };
            expected = target.returned ? "refundOnlyHere" : "refundOnlyAtGateway";
          }
          const day = reconcile(here, gateway);
          expect(day.differences.map((d) => [d.kind, d.ref])).toEqual([[expected, target.ref]]);
          expect(day.matched).toBe(ledger.length - 1);
        },
      ),
    );
  });
});
