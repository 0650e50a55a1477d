import { atom } from "nanostores";
import {
  initialFidyahState,
  reduceFidyah,
  type Cents,
  type FidyahAction,
  type FidyahState,
  type RateConfig,
} from "@portal/domain";
import { isRecord, readStored, removeStored, storageKeys, writeStored } from "./session-storage";

/** The fidyah page's entries (days per year, no personal data) and the rates' version they used. */
export interface FidyahSnapshot {
  readonly state: FidyahState;
  readonly ratesVersion: number | null;
}

/** The fidyah entries; undefined until the donor edits or a stored snapshot is restored. */
export const $fidyah = atom<FidyahSnapshot | undefined>(undefined);

/** Sets the entries and keeps them in this tab's session storage (they survive a reload). */
export const saveFidyah = (snapshot: FidyahSnapshot): void => {
  $fidyah.set(snapshot);
  writeStored(storageKeys.fidyah, snapshot);
};

const count = (value: unknown): number =>
  typeof value === "number" && Number.isInteger(value) && value > 0 ? value : 0;

const rowsOf = (category: unknown, field: "years" | "yearsCalc"): ReadonlyArray<unknown> => {
  const rows = isRecord(category) ? category[field] : undefined;
  return Array.isArray(rows) ? rows : [];
};

/**
 * Rebuilds stored entries through the domain's own edits, so every amount is priced again with `rates`
 * (which may have changed since) and nothing unreadable gets in.
 */
export const repriceFidyah = (stored: unknown, rates: RateConfig): FidyahState => {
  const source = isRecord(stored) ? stored : {};
  let state = initialFidyahState;
  const apply = (action: FidyahAction) => {
    state = reduceFidyah(state, action, rates);
  };
  for (const category of ["haid", "pregnancy", "illness"] as const) {
    // A category paid as an amount set directly (§4) has no rows; the domain caps it again.
    const stored = source[category];
    const amount = isRecord(stored) ? count(stored["totalAmount"]) : 0;
    const rowless = (field: "years" | "yearsCalc") =>
      isRecord(stored) && Array.isArray(stored[field]) && rowsOf(stored, field).length === 0;
    if (amount > 0 && rowless("years") && (category !== "illness" || rowless("yearsCalc"))) {
      apply({ type: "setAmount", category, amount: amount as Cents });
      continue;
    }
    const calcRows = category === "illness" ? rowsOf(source[category], "yearsCalc") : [];
    const useCalc = calcRows.some((row) => isRecord(row) && count(row["noOfYear"]) > 0);
    const rows = useCalc ? calcRows : rowsOf(source[category], "years");
    rows.forEach((row, index) => {
      if (!isRecord(row)) return;
      if (index > 0) apply({ type: "addRow", category, calc: useCalc });
      if (useCalc) {
        apply({
          type: "updateCalcRow",
          index,
          patch: { noOfYear: count(row["noOfYear"]), noOfDays: count(row["noOfDays"]) },
        });
      } else {
        const year = typeof row["year"] === "string" ? row["year"].slice(0, 4) : "";
        apply({
          type: "updateRow",
          category,
          index,
          patch: { year, noOfDays: count(row["noOfDays"]) },
        });
      }
    });
  }
  const illness = source["illness"];
  if (isRecord(illness) && typeof illness["remark"] === "string") {
    apply({ type: "setRemark", remark: illness["remark"].slice(0, 25) });
  }
  return state;
};

/** Restores the stored entries, priced with `rates`; undefined when nothing is stored. */
export const restoreFidyah = (rates: RateConfig): FidyahSnapshot | undefined => {
  const stored = readStored(storageKeys.fidyah);
  if (!isRecord(stored)) return undefined;
  const version = typeof stored["ratesVersion"] === "number" ? stored["ratesVersion"] : null;
  const snapshot = { state: repriceFidyah(stored["state"], rates), ratesVersion: version };
  $fidyah.set(snapshot);
  return snapshot;
};

/** Clears the entries (Reset; also after a passed transaction, a flow change or a rate change). */
export const resetFidyah = (): void => {
  $fidyah.set(undefined);
  removeStored(storageKeys.fidyah);
};
