import { describe, expect, it } from "vitest";
import { Result } from "effect";
import {
  dollarsToCents,
  initialFidyahState,
  initialKaffarahState,
  reduceFidyah,
  reduceKaffarah,
  seedRates,
  type FidyahAction,
} from "@portal/domain";
import { repriceFidyah } from "./fidyah";
import { repriceKaffarah } from "./kaffarah";

const fidyah = (actions: ReadonlyArray<FidyahAction>, rates = seedRates) =>
  actions.reduce((s, a) => reduceFidyah(s, a, rates), initialFidyahState);

describe("stored fidyah entries", () => {
  const entries: ReadonlyArray<FidyahAction> = [
    { type: "updateRow", category: "haid", index: 0, patch: { year: "2024", noOfDays: 7 } },
    { type: "addRow", category: "haid" },
    { type: "updateRow", category: "haid", index: 1, patch: { noOfDays: 5 } },
    { type: "updateRow", category: "pregnancy", index: 0, patch: { noOfDays: 30 } },
    { type: "updateCalcRow", index: 0, patch: { noOfYear: 3, noOfDays: 10 } },
    { type: "setRemark", remark: "kidney" },
  ];

  it("come back as the same state when the rates are unchanged", () => {
    const state = fidyah(entries);
    expect(repriceFidyah(JSON.parse(JSON.stringify(state)), seedRates)).toEqual(state);
  });

  it("are priced again at new rates", () => {
    const rates = { ...seedRates, fidyahPerDay: dollarsToCents(5) };
    expect(repriceFidyah(fidyah(entries), rates)).toEqual(fidyah(entries, rates));
    expect(repriceFidyah(fidyah(entries), rates).totalAmount).toBe(dollarsToCents(360));
  });

  it("keep a category's amount set directly, capped at the limit again", () => {
    const direct = fidyah([
      ...entries,
      { type: "setAmount", category: "pregnancy", amount: dollarsToCents(120) },
    ]);
    expect(repriceFidyah(JSON.parse(JSON.stringify(direct)), seedRates)).toEqual(direct);
    const tooMuch = { ...direct, pregnancy: { years: [], totalAmount: 10 ** 12 } };
    expect(repriceFidyah(tooMuch, seedRates).pregnancyAmount).toBe(seedRates.maxFidyahLimit);
  });

  it("anything unreadable gives the initial state, never a throw", () => {
    for (const junk of [null, 3, "x", { haid: { years: [{ noOfDays: -4 }, "?"] } }]) {
      expect(repriceFidyah(junk, seedRates).totalAmount).toBe(0);
    }
  });
});

describe("stored kaffarah entries", () => {
  it("come back priced by the domain, and a refused amount is dropped", () => {
    const jimak = Result.getOrThrow(
      reduceKaffarah(
        initialKaffarahState,
        { type: "choose", kind: "jimak", quantity: 2 },
        seedRates,
      ),
    );
    expect(repriceKaffarah("jimak", JSON.parse(JSON.stringify(jimak)), seedRates)).toEqual(jimak);
    expect(repriceKaffarah("custom", { custom: { value: 499 } }, seedRates)).toEqual(
      initialKaffarahState,
    );
    expect(repriceKaffarah(null, jimak, seedRates)).toEqual(initialKaffarahState);
  });
});
