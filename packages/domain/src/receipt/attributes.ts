import type { RateConfig } from "../config.ts";
import { receiptInstalmentOf, type ReceiptInstalment } from "./instalment.ts";

/** Spec §3's receipt attribute lists. Amounts are integer cents. */
export interface HartaItem {
  readonly name: "savings" | "insurance" | "shares" | "cpf" | "gold" | "business" | "others";
  readonly amount: number;
  readonly remark: ReadonlyArray<string>;
}
export interface FitrahItem {
  readonly name: "Normal" | "Premium" | "Variable";
  readonly noOfPerson: number;
  /** Null when the rate in force at the time is no longer known. */
  readonly perPerson: number | null;
  readonly amount: number | null;
}
export interface FidyahItem {
  readonly name: "Fidyah";
  readonly noOfDays: number;
  readonly perDay: number | null;
  readonly amount: number;
}
export interface KaffarahItem {
  readonly name: "Jimak" | "Nazar" | "Custom";
  readonly quantity: number;
  readonly perUnit: number | null;
  readonly amount: number;
}
/** A person paid for (a household, issue 32): named on the receipt with what was paid for them. */
export interface HouseholdPerson {
  readonly name: string;
  readonly item: "fitrah" | "fidyah" | "harta";
  /** Fitrah's rate kind. */
  readonly kind: "normal" | "premium" | "own" | null;
  /** Fidyah's days. */
  readonly days: number | null;
  readonly amount: number;
}
export interface ReceiptAttributes {
  readonly muisHarta: ReadonlyArray<HartaItem>;
  readonly muisFitrah: ReadonlyArray<FitrahItem>;
  readonly muisFidyah: ReadonlyArray<FidyahItem>;
  readonly muisKaffarah: ReadonlyArray<KaffarahItem>;
  /** The people paid for, in the order the payer named them; empty when the payer paid for themselves. */
  readonly household: ReadonlyArray<HouseholdPerson>;
  /** Which payment of a zakat instalment plan this is (issue 33); absent for any other gift. */
  readonly instalment?: ReceiptInstalment;
}

const PERSON_ITEMS: ReadonlyArray<HouseholdPerson["item"]> = ["fitrah", "fidyah", "harta"];
const FITRAH_KIND: ReadonlyArray<NonNullable<HouseholdPerson["kind"]>> = [
  "normal",
  "premium",
  "own",
];

/** The household a donation names (`inputs.household`); anything malformed is left out. */
const householdOf = (value: unknown): HouseholdPerson[] =>
  Array.isArray(value)
    ? value.flatMap((line: unknown) => {
        if (!isRecord(line) || typeof line["name"] !== "string") return [];
        const item = PERSON_ITEMS.find((i) => i === line["item"]);
        if (item === undefined) return [];
        return [
          {
            name: line["name"],
            item,
            kind: FITRAH_KIND.find((k) => k === line["kind"]) ?? null,
            days: item === "fidyah" ? count(line["days"]) : null,
            amount: count(line["cents"]),
          },
        ];
      })
    : [];

/** Fitrah items per kind from the people paid for (a household names each; the receipt counts them). */
const fitrahOfHousehold = (people: ReadonlyArray<HouseholdPerson>): FitrahItem[] => {
  const kinds: Array<[FitrahItem["name"], HouseholdPerson["kind"]]> = [
    ["Normal", "normal"],
    ["Premium", "premium"],
    ["Variable", "own"],
  ];
  return kinds.flatMap(([name, kind]) => {
    const of = people.filter((p) => p.item === "fitrah" && p.kind === kind);
    if (of.length === 0) return [];
    const amount = of.reduce((sum, p) => sum + p.amount, 0);
    const same = of.every((p) => p.amount === of[0]!.amount);
    return [{ name, noOfPerson: of.length, perPerson: same ? of[0]!.amount : null, amount }];
  });
};

type Rates = Pick<
  RateConfig,
  | "fitrahNormalRate"
  | "fitrahPremiumRate"
  | "fidyahPerDay"
  | "kaffarahPerDay"
  | "jimakNoOfPeople"
  | "nazarNoOfPeople"
>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const count = (value: unknown): number =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? value : 0;
/** The harta item names a receipt knows: the calculator's assets, and "others". */
export const HARTA_NAMES: ReadonlyArray<HartaItem["name"]> = [
  "savings",
  "insurance",
  "shares",
  "cpf",
  "gold",
  "business",
  "others",
];

/** Harta items as a calculator may send them (`hartaItems`); anything malformed is left out. */
const hartaItems = (value: unknown): HartaItem[] =>
  Array.isArray(value)
    ? value.flatMap((item: unknown) => {
        if (!isRecord(item)) return [];
        const name = HARTA_NAMES.find((n) => n === item["name"]) ?? "others";
        const remark = Array.isArray(item["remark"])
          ? item["remark"].filter((r): r is string => typeof r === "string" && r.trim() !== "")
          : typeof item["remark"] === "string" && item["remark"].trim() !== ""
            ? [item["remark"]]
            : [];
        return [{ name, amount: count(item["amount"]), remark }];
      })
    : [];

/**
 * The attribute lists of a receipt from what the donor asked to pay (the donation's inputs), its
 * priced amounts and the rates it was priced on. `rates` is null when those rates are no longer known:
 * the lists then keep persons and days but leave per-person rates out rather than guess them (a single
 * fitrah kind's rate is still its amount over its persons).
 */
export const receiptAttributes = (
  inputs: unknown,
  amounts: Readonly<Record<string, number>>,
  rates: Rates | null,
): ReceiptAttributes => {
  const items = isRecord(inputs) ? inputs : {};
  const fitrah = isRecord(items["fitrah"]) ? items["fitrah"] : undefined;
  const muisFitrah: FitrahItem[] = [];
  if (fitrah) {
    const variable = isRecord(fitrah["variable"]) ? fitrah["variable"] : undefined;
    const kinds: Array<[FitrahItem["name"], number, number | null]> = [
      ["Normal", count(fitrah["normal"]), rates?.fitrahNormalRate ?? null],
      ["Premium", count(fitrah["premium"]), rates?.fitrahPremiumRate ?? null],
      ["Variable", count(variable?.["persons"]), variable ? count(variable["rate"]) : null],
    ];
    const used = kinds.filter(([, persons]) => persons > 0);
    for (const [name, persons, rate] of used) {
      const perPerson =
        rate ?? (used.length === 1 ? Math.round((amounts["fitrah"] ?? 0) / persons) : null);
      muisFitrah.push({
        name,
        noOfPerson: persons,
        perPerson,
        amount: perPerson === null ? null : perPerson * persons,
      });
    }
  }
  const fidyah = isRecord(items["fidyah"]) ? items["fidyah"] : undefined;
  // The days at the rate, and each category paid as an amount set directly (no days, no rate).
  const direct = isRecord(fidyah?.["amounts"]) ? Object.values(fidyah["amounts"]).map(count) : [];
  const directTotal = direct.reduce((sum, amount) => sum + amount, 0);
  const days = fidyah ? count(fidyah["days"]) : 0;
  const muisFidyah: FidyahItem[] = fidyah
    ? [
        ...(days > 0 || direct.length === 0
          ? [
              {
                name: "Fidyah" as const,
                noOfDays: days,
                perDay: rates?.fidyahPerDay ?? null,
                amount: (amounts["fidyah"] ?? 0) - directTotal,
              },
            ]
          : []),
        ...direct.map((amount) => ({ name: "Fidyah" as const, noOfDays: 0, perDay: null, amount })),
      ]
    : [];
  const kaffarah = isRecord(items["kaffarah"]) ? items["kaffarah"] : undefined;
  const muisKaffarah: KaffarahItem[] = [];
  if (kaffarah?.["kind"] === "custom") {
    muisKaffarah.push({
      name: "Custom",
      quantity: 1,
      perUnit: null,
      amount: amounts["kaffarah"] ?? 0,
    });
  } else if (kaffarah?.["kind"] === "jimak" || kaffarah?.["kind"] === "nazar") {
    const jimak = kaffarah["kind"] === "jimak";
    const people = rates ? (jimak ? rates.jimakNoOfPeople : rates.nazarNoOfPeople) : null;
    muisKaffarah.push({
      name: jimak ? "Jimak" : "Nazar",
      quantity: count(kaffarah["quantity"]),
      perUnit: rates && people !== null ? rates.kaffarahPerDay * people : null,
      amount: amounts["kaffarah"] ?? 0,
    });
  }
  const household = householdOf(items["household"]);
  const fidyahPeople = household.filter((p) => p.item === "fidyah");
  return {
    muisHarta: hartaItems(items["hartaItems"]),
    muisFitrah: muisFitrah.length > 0 ? muisFitrah : fitrahOfHousehold(household),
    muisFidyah:
      muisFidyah.length > 0 || fidyahPeople.length === 0
        ? muisFidyah
        : fidyahPeople.map((p) => ({
            name: "Fidyah" as const,
            noOfDays: p.days ?? 0,
            perDay: p.days ? Math.round(p.amount / p.days) : null,
            amount: p.amount,
          })),
    muisKaffarah,
    household,
    ...withInstalment(items),
  };
};

/** The instalment a donation's inputs name, as the attributes carry it (nothing for other gifts). */
export const withInstalment = (inputs: unknown): { readonly instalment?: ReceiptInstalment } => {
  const instalment = receiptInstalmentOf(inputs);
  return instalment ? { instalment } : {};
};
