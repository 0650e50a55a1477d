import { atom } from "nanostores";
import {
  initialZakatState,
  isSourceOfIncome,
  withResults,
  type RateConfig,
  type ZakatState,
} from "@portal/domain";
import { isRecord, readStored, removeStored, storageKeys, writeStored } from "./session-storage";

/**
 * What the zakat calculator hands to checkout: its state (amounts, weights, persons, remarks; no personal
 * data) and the version of the rates it was computed on, so the payment can refuse superseded rates.
 */
export interface CalculatorSnapshot {
  readonly state: ZakatState;
  /** Version of the live rates, or null while the page still uses the seeded ones. */
  readonly ratesVersion: number | null;
}

/** The calculator's entries; undefined until the donor edits or a stored snapshot is restored. */
export const $calculator = atom<CalculatorSnapshot | undefined>(undefined);

/** Sets the calculator's entries and keeps them in this tab's session storage (survives a reload). */
export const saveCalculator = (snapshot: CalculatorSnapshot): void => {
  $calculator.set(snapshot);
  writeStored(storageKeys.calculator, snapshot);
};

/**
 * Restores stored entries, recomputed with `rates`; anything unreadable is dropped. Each part is merged
 * over the initial state, so a snapshot from an older page still fills every field.
 */
export const restoreCalculator = (rates: RateConfig): CalculatorSnapshot | undefined => {
  const parsed = readStored(storageKeys.calculator);
  if (parsed === undefined) return undefined;
  try {
    if (!isRecord(parsed) || !isRecord(parsed.state)) throw new Error("not a snapshot");
    const stored = parsed.state as Partial<ZakatState>;
    const i = initialZakatState;
    const state: ZakatState = {
      ...i,
      savings: { ...i.savings, ...stored.savings },
      gold: { ...i.gold, ...stored.gold },
      insurance: { ...i.insurance, ...stored.insurance },
      business: { ...i.business, ...stored.business },
      fitrah: { ...i.fitrah, ...stored.fitrah },
      shares: { ...i.shares, ...stored.shares },
      cpf: { ...i.cpf, ...stored.cpf },
      sourceOfIncome: isSourceOfIncome(stored.sourceOfIncome) ? stored.sourceOfIncome : "",
    };
    if (
      ![state.savings.accounts, state.insurance.policies, state.shares.portfolios].every(
        Array.isArray,
      )
    ) {
      throw new Error("not a snapshot");
    }
    const version = typeof parsed.ratesVersion === "number" ? parsed.ratesVersion : null;
    const snapshot = { state: withResults(state, rates), ratesVersion: version };
    $calculator.set(snapshot);
    return snapshot;
  } catch {
    removeStored(storageKeys.calculator);
    return undefined;
  }
};

/** Clears the entries (the Reset button; also after a passed transaction or a flow change). */
export const resetCalculator = (): void => {
  $calculator.set(undefined);
  removeStored(storageKeys.calculator);
};
