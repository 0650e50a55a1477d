import { describe, expect, it } from "vitest";
import { seedRates } from "../config.ts";
import { receiptAttributes } from "./attributes.ts";

describe("receipt attribute lists", () => {
  it("lists fitrah kinds with persons and the rates they were priced on", () => {
    const lists = receiptAttributes(
      { fitrah: { normal: 3, premium: 1, variable: { persons: 2, rate: 700 } }, harta: 25000 },
      { harta: 25000, fitrah: 3700 },
      seedRates,
    );
    expect(lists.muisFitrah).toEqual([
      { name: "Normal", noOfPerson: 3, perPerson: 500, amount: 1500 },
      { name: "Premium", noOfPerson: 1, perPerson: 800, amount: 800 },
      { name: "Variable", noOfPerson: 2, perPerson: 700, amount: 1400 },
    ]);
    expect(lists.muisHarta).toEqual([]);
  });

  it("does not guess rates that are no longer known, except a single kind's amount over persons", () => {
    expect(
      receiptAttributes({ fitrah: { normal: 4, premium: 0 } }, { fitrah: 2400 }, null).muisFitrah,
    ).toEqual([{ name: "Normal", noOfPerson: 4, perPerson: 600, amount: 2400 }]);
    expect(
      receiptAttributes({ fitrah: { normal: 1, premium: 1 } }, { fitrah: 1300 }, null).muisFitrah,
    ).toEqual([
      { name: "Normal", noOfPerson: 1, perPerson: null, amount: null },
      { name: "Premium", noOfPerson: 1, perPerson: null, amount: null },
    ]);
  });

  it("keeps harta items with their remarks when the calculator sent them; malformed ones are dropped", () => {
    const lists = receiptAttributes(
      {
        harta: 35000,
        hartaItems: [
          { name: "savings", amount: 20000, remark: ["DBS", " "] },
          { name: "cpf", amount: 5000, remark: [] },
          { name: "crypto", amount: 10000, remark: "wallet" },
          "junk",
        ],
      },
      { harta: 35000 },
      seedRates,
    );
    expect(lists.muisHarta).toEqual([
      { name: "savings", amount: 20000, remark: ["DBS"] },
      { name: "cpf", amount: 5000, remark: [] },
      { name: "others", amount: 10000, remark: ["wallet"] },
    ]);
  });

  it("lists fidyah days at the daily rate and kaffarah by kind", () => {
    expect(receiptAttributes({ fidyah: { days: 7 } }, { fidyah: 2800 }, seedRates)).toMatchObject({
      muisFidyah: [{ name: "Fidyah", noOfDays: 7, perDay: 400, amount: 2800 }],
    });
    // A category's amount set directly stands as its own line, with neither days nor rate.
    expect(
      receiptAttributes(
        { fidyah: { days: 2, amounts: { illness: 5000 } } },
        { fidyah: 5800 },
        seedRates,
      ).muisFidyah,
    ).toEqual([
      { name: "Fidyah", noOfDays: 2, perDay: 400, amount: 800 },
      { name: "Fidyah", noOfDays: 0, perDay: null, amount: 5000 },
    ]);
    expect(
      receiptAttributes({ fidyah: { days: 0, amounts: { haid: 900 } } }, { fidyah: 900 }, null)
        .muisFidyah,
    ).toEqual([{ name: "Fidyah", noOfDays: 0, perDay: null, amount: 900 }]);
    expect(
      receiptAttributes({ kaffarah: { kind: "nazar", quantity: 2 } }, { kaffarah: 8000 }, seedRates)
        .muisKaffarah,
    ).toEqual([{ name: "Nazar", quantity: 2, perUnit: 4000, amount: 8000 }]);
    expect(
      receiptAttributes({ kaffarah: { kind: "jimak", quantity: 1 } }, { kaffarah: 24000 }, null)
        .muisKaffarah,
    ).toEqual([{ name: "Jimak", quantity: 1, perUnit: null, amount: 24000 }]);
    expect(
      receiptAttributes({ kaffarah: { kind: "custom", amount: 900 } }, { kaffarah: 900 }, null)
        .muisKaffarah,
    ).toEqual([{ name: "Custom", quantity: 1, perUnit: null, amount: 900 }]);
  });

  it("gives empty lists for wakaf gifts and unreadable inputs", () => {
    const empty = {
      muisHarta: [],
      muisFitrah: [],
      muisFidyah: [],
      muisKaffarah: [],
      household: [],
    };
    expect(receiptAttributes({ ilmu: 5000 }, { ilmu: 5000 }, seedRates)).toEqual(empty);
    expect(receiptAttributes(null, {}, null)).toEqual(empty);
  });
});
