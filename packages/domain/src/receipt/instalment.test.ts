import { describe, expect, it } from "vitest";
import { receiptInstalmentOf, receiptInstalmentText } from "./instalment.ts";
import { receiptAttributes } from "./attributes.ts";

const planId = "0b7f6f0e-1d2c-4c1a-9a57-6f0f7c1f2a10";

describe("an instalment on the receipt (issue 33)", () => {
  it("reads k of n, or the settling payment, from a donation's inputs", () => {
    expect(receiptInstalmentOf({ instalment: { planId, k: 2, n: 7 } })).toEqual({
      kind: "month",
      k: 2,
      n: 7,
    });
    expect(receiptInstalmentOf({ renewal: {}, instalment: { planId, settle: true } })).toEqual({
      kind: "settle",
    });
  });

  it("reads nothing from another gift or a malformed instalment", () => {
    for (const inputs of [
      undefined,
      null,
      {},
      { instalment: null },
      { instalment: { k: 1, n: 3 } },
      { instalment: { planId, k: 0, n: 3 } },
      { instalment: { planId, k: 4, n: 3 } },
      { instalment: { planId, k: 1.5, n: 3 } },
      { instalment: { planId, k: "1", n: 3 } },
      { instalment: { planId, k: 1, n: 99 } },
      { instalment: { planId, settle: "yes" } },
      [{ instalment: { planId, k: 1, n: 3 } }],
    ]) {
      expect(receiptInstalmentOf(inputs), JSON.stringify(inputs)).toBeUndefined();
    }
  });

  it("words it in English and Malay", () => {
    expect(receiptInstalmentText({ kind: "month", k: 2, n: 7 }, "en")).toBe("Instalment 2 of 7");
    expect(receiptInstalmentText({ kind: "month", k: 2, n: 7 }, "ms")).toBe("Ansuran 2 daripada 7");
    expect(receiptInstalmentText({ kind: "settle" }, "en")).toBe(
      "Zakat instalment plan: settling payment",
    );
    expect(receiptInstalmentText({ kind: "settle" }, "ms")).toBe(
      "Pelan ansuran zakat: bayaran baki",
    );
  });

  it("is carried by the receipt's attributes, and absent for any other gift", () => {
    const month = receiptAttributes(
      { instalment: { planId, k: 1, n: 4 } },
      { harta: 12_500 },
      null,
    );
    expect(month.instalment).toEqual({ kind: "month", k: 1, n: 4 });
    const gift = receiptAttributes({}, { harta: 12_500 }, null);
    expect("instalment" in gift).toBe(false);
  });
});
