import { describe, expect, it } from "vitest";
import { priceDonation, seedRates, type Cents, type CheckoutOrder } from "@portal/domain";
import {
  amountToPay,
  orderDigest,
  orderItemsOf,
  orderParts,
  partlyPaid,
  splitOrder,
} from "./household-order";
import type { OrderPayment } from "./payment-api";

// The zakat checkout's household with days of fidyah: the order split per fund, each part priced as
// the server prices it; what Pay charges once a part is paid.

const harta: CheckoutOrder = {
  flow: "ZAKAT",
  items: { harta: 28_750 as Cents },
  lines: [{ kind: "harta", amount: 28_750 as Cents }],
  total: 28_750 as Cents,
};
const people = [
  { name: "Hamidah binte Ali", memberId: "m1", fitrah: "normal" as const },
  { name: "Nur Iman", memberId: "m2", fitrah: "normal" as const, fidyahDays: 3 },
  { name: "Adam", fidyahDays: 2 },
];

describe("the zakat checkout's household order", () => {
  it("puts fitrah and harta in the zakat part and the days in a fidyah part, each priced as the server prices it", () => {
    const { main, fidyah } = splitOrder(harta, people, seedRates);
    expect(main?.items.household).toEqual([
      { name: "Hamidah binte Ali", memberId: "m1", fitrah: "normal" },
      { name: "Nur Iman", memberId: "m2", fitrah: "normal" },
    ]);
    expect(main?.total).toBe(28_750 + 2 * seedRates.fitrahNormalRate);
    expect(fidyah?.items).toEqual({
      household: [
        { name: "Nur Iman", memberId: "m2", fidyahDays: 3 },
        { name: "Adam", fidyahDays: 2 },
      ],
    });
    expect(fidyah?.total).toBe(5 * seedRates.fidyahPerDay);
    for (const part of orderParts({ main, fidyah })) {
      const priced = priceDonation({
        flow: part.flow,
        items: part.items,
        claimedTotal: part.total,
        ratesVersion: 3,
        currentRatesVersion: 3,
        rates: seedRates,
      });
      expect(priced).toMatchObject({ total: part.total });
    }
  });

  it("is the order as before without days, in another fund, or while the household is incomplete", () => {
    const noDays = people.slice(0, 1);
    expect(splitOrder(harta, noDays, seedRates).fidyah).toBeNull();
    expect(splitOrder(harta, [{ name: "", fidyahDays: 3 }], seedRates)).toEqual({
      main: harta,
      fidyah: null,
    });
    expect(splitOrder(harta, null, seedRates)).toEqual({ main: harta, fidyah: null });
    expect(orderItemsOf("ZAKAT", true)).toEqual(["fitrah", "fidyah", "harta"]);
    expect(orderItemsOf("ZAKAT", false)).toEqual(["fitrah", "harta"]);
    expect(orderItemsOf("FIDYAH", true)).toEqual(["fidyah"]);
  });

  it("charges only what is left once a part is paid", () => {
    const part = (status: OrderPayment["status"], totalCents: number) =>
      ({ status, totalCents }) as OrderPayment;
    expect(amountToPay(30_950, null)).toBe(30_950);
    expect(
      amountToPay(30_950, [
        part("requires_payment_method", 29_750),
        part("requires_payment_method", 1_200),
      ]),
    ).toBe(30_950);
    const left = [part("succeeded", 29_750), part("requires_payment_method", 1_200)];
    expect(partlyPaid(left)).toBe(true);
    expect(amountToPay(30_950, left)).toBe(1_200);
    expect(partlyPaid([part("succeeded", 29_750), part("succeeded", 1_200)])).toBe(false);
  });

  it("keeps in the tab a digest of the order, not the donor's details: the same order the same, another another", async () => {
    const input = {
      parts: [],
      ratesVersion: 1,
      lang: "en" as const,
      donor: { name: "Hamidah binte Ali", email: "hamidah@example.sg", taxId: "S9600043J" },
    };
    const digest = await orderDigest(input);
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    expect(await orderDigest({ ...input })).toBe(digest);
    expect(await orderDigest({ ...input, ratesVersion: 2 })).not.toBe(digest);
  });
});
