import { describe, expect, it } from "vitest";
import { reconcile, seriesCheck } from "./reconcile.mjs";

const paidRow = (id) => ({ id, status: "succeeded", receipts: 1, charges: 1 });
const observed = (over = {}) => ({
  keys: 2,
  orphanCharges: 0,
  serials: { ZK: [1, 2] },
  nextSerial: { ZK: 3 },
  ...over,
});
const saw = (over = {}) => ({
  paid: ["a", "b"],
  created: [
    { key: "k1", id: "a" },
    { key: "k2", id: "b" },
  ],
  ...over,
});

describe("the crash run's reconciliation", () => {
  it("passes a clean run: every told-paid donation paid, charged once, receipted once", () => {
    const result = reconcile([paidRow("a"), paidRow("b")], observed(), saw());
    expect(result).toMatchObject({ pass: true, paid: 2, charges: 2, receipts: 2, toldPaid: 2 });
    expect(result.lost).toEqual([]);
    expect(result.doubled).toEqual([]);
  });

  it("counts an abandoned, never-charged donation as neither lost nor doubled", () => {
    const open = { id: "c", status: "requires_payment_method", receipts: 0, charges: 0 };
    const result = reconcile([paidRow("a"), paidRow("b"), open], observed({ keys: 3 }), saw());
    expect(result.pass).toBe(true);
  });

  it("finds a donation a donor was told was paid that the ledger does not hold as paid", () => {
    const row = { id: "b", status: "processing", receipts: 0, charges: 0 };
    const result = reconcile(
      [paidRow("a"), row],
      observed({ serials: { ZK: [1] }, nextSerial: { ZK: 2 } }),
      saw(),
    );
    expect(result.pass).toBe(false);
    expect(result.lost).toEqual([{ id: "b", why: "told paid, not paid here" }]);
  });

  it("finds money the gateway took for a donation the ledger never marked paid", () => {
    const row = { id: "c", status: "requires_action", receipts: 0, charges: 1 };
    const result = reconcile([paidRow("a"), paidRow("b"), row], observed({ keys: 3 }), saw());
    expect(result.lost).toContainEqual({ id: "c", why: "charged, not paid here" });
  });

  it("finds gateway charges that name no donation, and paid donations without a receipt", () => {
    const noReceipt = { ...paidRow("b"), receipts: 0 };
    const result = reconcile(
      [paidRow("a"), noReceipt],
      observed({ orphanCharges: 1, serials: { ZK: [1] }, nextSerial: { ZK: 2 } }),
      saw(),
    );
    expect(result.lost).toEqual([
      { id: "b", why: "paid without a receipt" },
      { id: null, why: "charge naming no donation" },
    ]);
  });

  it("finds a donation charged twice, receipted twice, or made twice for one key", () => {
    const twice = { ...paidRow("b"), charges: 2, receipts: 2 };
    const result = reconcile(
      [paidRow("a"), twice, paidRow("c")],
      observed({ keys: 2, serials: { ZK: [1, 2, 3, 4] }, nextSerial: { ZK: 5 } }),
      saw({
        created: [
          { key: "k1", id: "a" },
          { key: "k2", id: "b" },
          { key: "k2", id: "c" },
        ],
      }),
    );
    expect(result.pass).toBe(false);
    expect(result.doubled).toEqual([
      { id: "b", why: "2 charges" },
      { id: "b", why: "2 receipts" },
      { id: null, why: "3 donations for 2 keys" },
      { id: "c", why: "key k2 answered two donations" },
    ]);
  });

  it("fails a receipt series with a skipped number even when nothing was lost", () => {
    const result = reconcile(
      [paidRow("a"), paidRow("b")],
      observed({ serials: { ZK: [1, 3] }, nextSerial: { ZK: 4 } }),
      saw(),
    );
    expect(result.pass).toBe(false);
    expect(result.series.ZK.gaps).toEqual([2]);
  });
});

describe("a receipt series", () => {
  it("is unbroken when serials run 1..n once each and the counter stands at n + 1", () => {
    expect(seriesCheck([3, 1, 2], 4)).toEqual({
      issued: 3,
      last: 3,
      gaps: [],
      repeats: [],
      counterAgrees: true,
    });
  });

  it("names holes, repeats, and a counter that moved past the last receipt", () => {
    expect(seriesCheck([1, 2, 2, 5], 7)).toEqual({
      issued: 4,
      last: 5,
      gaps: [3, 4],
      repeats: [2],
      counterAgrees: false,
    });
  });

  it("treats an untouched series as unbroken", () => {
    expect(seriesCheck([], undefined).counterAgrees).toBe(true);
    expect(seriesCheck([], 1)).toMatchObject({ gaps: [], counterAgrees: true });
  });
});
