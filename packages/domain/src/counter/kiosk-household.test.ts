import { Result } from "effect";
import { describe, expect, it } from "vitest";
import { priceKioskOrder, readKioskRequest } from "./kiosk.ts";
import { householdLines, type HouseholdMember } from "../household/household.ts";
import type { Cents } from "../money.ts";
import { receiptAttributes } from "../receipt/attributes.ts";

// A kiosk's household (docs/counter.md "Kiosks"): the payer names each person for fitrah or fidyah,
// the kiosk signs their lines, and the server prices each person again at the current rates.

const kiosk = "0b6f7c1e-2f59-4d1c-9a55-0d2b6c8d9e10";
const now = new Date("2027-03-28T13:00:00Z");
const rates = {
  fitrahNormalRate: 750 as Cents,
  fitrahPremiumRate: 1_900 as Cents,
  fitrahMinAmount: 750 as Cents,
  fitrahMaxAmount: 10_000 as Cents,
  fidyahPerDay: 130 as Cents,
};
const members: HouseholdMember[] = [
  { name: "Siti  Aminah ", fitrah: "premium" },
  { name: "Ahmad bin Ali", fitrah: "normal" },
  { name: "Nur Iman", fitrah: "own", ownRateCents: 2_500 },
];
const fitrahLines = householdLines(members, rates).fitrah;
const order = (fund: string, household: unknown, totalCents: number) => ({
  fund,
  household: household as never,
  totalCents,
  ratesVersion: 3,
});
const code = <A, E extends { code: string }>(result: Result.Result<A, E>) =>
  Result.isFailure(result) ? result.failure.code : "ok";
const request = (o: Record<string, unknown>) =>
  JSON.stringify({
    v: 1,
    kiosk,
    key: "kiosk-h",
    at: now.toISOString(),
    order: { ratesVersion: 3, lang: "ms", ...o },
  });

describe("a kiosk's household", () => {
  it("is read from the signed request in place of persons", () => {
    const read = readKioskRequest(
      request({ fund: "fitrah", household: fitrahLines, totalCents: 5_150 }),
      kiosk,
      now,
    );
    expect(code(read)).toBe("ok");
    if (Result.isSuccess(read)) {
      expect(read.success.order.household).toEqual(fitrahLines);
      expect(read.success.order.persons).toBeUndefined();
    }
  });

  it("is refused with persons or an amount as well, or for a fund that names nobody", () => {
    const both = { fund: "fitrah", household: fitrahLines, persons: { normal: 1, premium: 0 } };
    expect(code(readKioskRequest(request({ ...both, totalCents: 5_900 }), kiosk, now))).toBe(
      "kiosk.household_invalid",
    );
    expect(
      code(
        readKioskRequest(
          request({ fund: "fitrah", household: "Siti", totalCents: 750 }),
          kiosk,
          now,
        ),
      ),
    ).toBe("kiosk.household_invalid");
    expect(
      code(
        readKioskRequest(
          request({
            fund: "harta",
            household: [{ name: "Siti", cents: 5_000 }],
            totalCents: 5_000,
          }),
          kiosk,
          now,
        ),
      ),
    ).toBe("kiosk.household_invalid");
  });

  it("prices fitrah per person at the current rates and keeps each named for the receipt", () => {
    const priced = priceKioskOrder(order("fitrah", fitrahLines, 1_900 + 750 + 2_500), rates, 3);
    expect(code(priced)).toBe("ok");
    if (!Result.isSuccess(priced)) return;
    expect(priced.success.total).toBe(5_150);
    expect(priced.success.inputs).toEqual({
      household: [
        { item: "fitrah", name: "Siti Aminah", kind: "premium", cents: 1_900 },
        { item: "fitrah", name: "Ahmad bin Ali", kind: "normal", cents: 750 },
        { item: "fitrah", name: "Nur Iman", kind: "own", cents: 2_500 },
      ],
    });
    const receipt = receiptAttributes(priced.success.inputs, { fitrah: 5_150 }, null);
    expect(receipt.household.map((p) => p.name)).toEqual([
      "Siti Aminah",
      "Ahmad bin Ali",
      "Nur Iman",
    ]);
    expect(receipt.muisFitrah.map((f) => [f.name, f.noOfPerson])).toEqual([
      ["Normal", 1],
      ["Premium", 1],
      ["Variable", 1],
    ]);
  });

  it("prices fidyah per person's days", () => {
    const lines = householdLines(
      [
        { name: "Siti Aminah", fidyahDays: 3 },
        { name: "Ahmad bin Ali", fidyahDays: 10 },
      ],
      rates,
    ).fidyah;
    const priced = priceKioskOrder(order("fidyah", lines, 13 * 130), rates, 3);
    expect(code(priced)).toBe("ok");
    if (Result.isSuccess(priced)) {
      expect(receiptAttributes(priced.success.inputs, { fidyah: 1_690 }, null).muisFidyah).toEqual([
        { name: "Fidyah", noOfDays: 3, perDay: 130, amount: 390 },
        { name: "Fidyah", noOfDays: 10, perDay: 130, amount: 1_300 },
      ]);
    }
  });

  it("refuses a person priced below the rates, even when the total agrees with the lines", () => {
    const cheap = fitrahLines.map((line) =>
      line.kind === "premium" ? { ...line, cents: 750 } : line,
    );
    expect(code(priceKioskOrder(order("fitrah", cheap, 750 + 750 + 2_500), rates, 3))).toBe(
      "kiosk.household_invalid",
    );
    const fewDays = [{ name: "Siti Aminah", days: 10, cents: 130 }];
    expect(code(priceKioskOrder(order("fidyah", fewDays, 130), rates, 3))).toBe(
      "kiosk.household_invalid",
    );
  });

  it("refuses lines that do not add up, a malformed person, an own rate out of range, too many", () => {
    expect(code(priceKioskOrder(order("fitrah", fitrahLines, 5_000), rates, 3))).toBe(
      "kiosk.household_invalid",
    );
    const bad = [
      [{ name: "S", kind: "normal", cents: 750 }],
      [{ name: "Siti Aminah", kind: "family", cents: 750 }],
      [{ name: "Siti Aminah", kind: "normal", days: 2, cents: 750 }],
      [{ name: "Siti Aminah", kind: "own", cents: 100 }],
      [],
      Array.from({ length: 21 }, () => ({ name: "Siti Aminah", kind: "normal", cents: 750 })),
    ];
    for (const lines of bad) {
      const cents = lines.reduce((sum, line) => sum + line.cents, 0);
      expect(code(priceKioskOrder(order("fitrah", lines, cents), rates, 3))).toBe(
        "kiosk.household_invalid",
      );
    }
  });

  it("asks for a new price when the rates changed, before looking at the people", () => {
    expect(code(priceKioskOrder(order("fitrah", fitrahLines, 5_150), rates, 4))).toBe(
      "kiosk.rates_changed",
    );
  });
});
