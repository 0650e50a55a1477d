import { Result } from "effect";
import { describe, expect, it } from "vitest";
import { checkCounterEntry } from "../console/counter-payment.ts";
import { decideOfflineEntry, type DeviceView } from "../counter/offline.ts";
import { receiptAttributes } from "../receipt/attributes.ts";
import {
  fitrahCounts,
  householdLines,
  householdLinesOk,
  householdProblems,
  linesTotal,
  HOUSEHOLD_MAX_MEMBERS,
  type HouseholdMember,
  type HouseholdRates,
} from "./household.ts";

const rates = {
  fitrahNormalRate: 700,
  fitrahPremiumRate: 1_900,
  fitrahMinAmount: 500,
  fitrahMaxAmount: 10_000,
  fidyahPerDay: 140,
} as HouseholdRates;

/** A household of four: two at the normal rate, one at the higher, one at her own; two owe fidyah. */
const four: ReadonlyArray<HouseholdMember> = [
  { name: "Haji Rahman", fitrah: "normal", fidyahDays: 3 },
  { name: "Siti  Aminah ", fitrah: "premium" },
  { name: "Nur Aisyah", fitrah: "own", ownRateCents: 1_200, fidyahDays: 7 },
  { name: "Adam", fitrah: "normal" },
];

describe("a household paying together", () => {
  it("prices each person's fitrah at their rate and fidyah by their days, item by item", () => {
    expect(householdProblems(four, rates)).toEqual([]);
    const lines = householdLines(four, rates);
    expect(lines.fitrah).toEqual([
      { name: "Haji Rahman", kind: "normal", cents: 700 },
      { name: "Siti Aminah", kind: "premium", cents: 1_900 },
      { name: "Nur Aisyah", kind: "own", cents: 1_200 },
      { name: "Adam", kind: "normal", cents: 700 },
    ]);
    expect(lines.fidyah).toEqual([
      { name: "Haji Rahman", days: 3, cents: 420 },
      { name: "Nur Aisyah", days: 7, cents: 980 },
    ]);
    expect(lines.harta).toEqual([]);
    expect(linesTotal(lines.fitrah)).toBe(4_500);
    expect(fitrahCounts(lines.fitrah)).toEqual({ normal: 2, premium: 1, own: 1 });
  });

  it("names what is wrong, person by person", () => {
    expect(householdProblems([], rates)).toEqual([{ problem: "household.empty" }]);
    const many = Array.from({ length: HOUSEHOLD_MAX_MEMBERS + 1 }, () => four[0]!);
    expect(householdProblems(many, rates)).toEqual([{ problem: "household.tooMany" }]);
    expect(
      householdProblems(
        [
          { name: "X", fitrah: "normal" },
          { name: "Adam" },
          { name: "Hawa", fitrah: "own", ownRateCents: 400 },
          { name: "Musa", fidyahDays: 1.5 },
        ],
        rates,
      ),
    ).toEqual([
      { problem: "household.name", member: 0 },
      { problem: "household.nothing", member: 1 },
      { problem: "household.ownRate", member: 2 },
      { problem: "household.days", member: 3 },
    ]);
  });

  it("takes lines sent as they were priced, and refuses lines that do not add up or are mispriced", () => {
    const { fitrah, fidyah } = householdLines(four, rates);
    expect(householdLinesOk("fitrah", fitrah, 4_500, rates)).toBe(true);
    expect(householdLinesOk("fitrah", fitrah, 4_600, rates)).toBe(false);
    expect(householdLinesOk("fidyah", fidyah, 1_400, rates)).toBe(true);
    // A normal-rate person at a cent less, days missing, a fitrah kind on fidyah, an empty name.
    const cheap = [{ ...fitrah[0]!, cents: 699 }, ...fitrah.slice(1)];
    expect(householdLinesOk("fitrah", cheap, 4_499, rates)).toBe(false);
    expect(householdLinesOk("fitrah", cheap, 4_499, null)).toBe(true);
    expect(householdLinesOk("fidyah", [{ name: "Adam", cents: 140 }], 140, null)).toBe(false);
    expect(
      householdLinesOk(
        "fidyah",
        [{ name: "Adam", kind: "normal", days: 1, cents: 140 }],
        140,
        null,
      ),
    ).toBe(false);
    expect(householdLinesOk("harta", [{ name: " ", cents: 100 }], 100, null)).toBe(false);
    expect(householdLinesOk("kaffarah", [{ name: "Adam", cents: 100 }], 100, null)).toBe(false);
  });

  it("lets the counter's rules check a household's lines against the amount", () => {
    const { fitrah } = householdLines(four, rates);
    const entry = {
      fund: "fitrah",
      amountCents: 4_500,
      method: "cash",
      mosqueName: "Masjid Sultan",
      donor: { name: "Haji Rahman" },
      household: fitrah,
    };
    const checked = checkCounterEntry(entry);
    expect(Result.isSuccess(checked) && checked.success.household).toEqual(fitrah);
    const wrong = checkCounterEntry({ ...entry, amountCents: 4_000 });
    expect(Result.isFailure(wrong) && wrong.failure.fields).toEqual(["household"]);
  });

  it("holds a device's household entry priced wrongly at today's rates, and takes one priced at replaced rates", () => {
    const device: DeviceView = {
      id: "0b6f7c1e-2f59-4d1c-9a55-0d2b6c8d9e10",
      deviceNo: 7,
      blockFrom: 1,
      blockTo: 2_000,
      revoked: false,
      mosqueName: "Masjid Sultan",
    };
    const cheap = householdLines(four, {
      ...rates,
      fitrahNormalRate: 600,
    } as HouseholdRates).fitrah;
    const input = {
      v: 1 as const,
      deviceId: device.id,
      key: "till-7-0009",
      serial: 9,
      takenAt: "2026-03-19T13:30:00Z",
      amil: { id: "amil-7", name: "Ustaz Hafiz" },
      ratesVersion: 3,
      entry: {
        fund: "fitrah",
        amountCents: linesTotal(cheap),
        method: "cash",
        mosqueName: "Masjid Sultan",
        donor: { name: "Haji Rahman" },
        household: cheap,
      },
    };
    const now = new Date("2026-03-19T14:00:00Z");
    expect(decideOfflineEntry(input, device, now, 3, rates)).toMatchObject({
      outcome: "hold",
      reason: "entry.invalid",
      receiptNo: "ZK-D007-00000009",
    });
    expect(decideOfflineEntry(input, device, now, 4, rates)).toMatchObject({
      outcome: "apply",
      ratesSuperseded: true,
    });
  });

  it("names every person on the receipt, and counts them in the fitrah and fidyah items", () => {
    const { fitrah, fidyah } = householdLines(four, rates);
    const inputs = {
      household: [
        ...fitrah.map((line) => ({ item: "fitrah", ...line })),
        ...fidyah.map((line) => ({ item: "fidyah", ...line })),
        { item: "kaffarah", name: "Stray", cents: 5 },
      ],
    };
    const attributes = receiptAttributes(inputs, { fitrah: 4_500, fidyah: 1_400 }, null);
    expect(attributes.household.map((p) => [p.name, p.item, p.kind, p.days, p.amount])).toEqual([
      ["Haji Rahman", "fitrah", "normal", null, 700],
      ["Siti Aminah", "fitrah", "premium", null, 1_900],
      ["Nur Aisyah", "fitrah", "own", null, 1_200],
      ["Adam", "fitrah", "normal", null, 700],
      ["Haji Rahman", "fidyah", null, 3, 420],
      ["Nur Aisyah", "fidyah", null, 7, 980],
    ]);
    expect(attributes.muisFitrah).toEqual([
      { name: "Normal", noOfPerson: 2, perPerson: 700, amount: 1_400 },
      { name: "Premium", noOfPerson: 1, perPerson: 1_900, amount: 1_900 },
      { name: "Variable", noOfPerson: 1, perPerson: 1_200, amount: 1_200 },
    ]);
    expect(attributes.muisFidyah).toEqual([
      { name: "Fidyah", noOfDays: 3, perDay: 140, amount: 420 },
      { name: "Fidyah", noOfDays: 7, perDay: 140, amount: 980 },
    ]);
  });
});
