import { atom } from "nanostores";
import { initialZakatState, withResults, type RateConfig, type ZakatState } from "@portal/domain";

/**
 * What the zakat calculator hands to checkout: its state (amounts, weights, persons, remarks; no personal
 * data) and the version of the rates it was computed on, so the payment can refuse superseded rates.
 */
export interface CalculatorSnapshot {
  readonly state: ZakatState;
  /** Version of the live rates, or null while the page still uses the seeded ones. */
  readonly ratesVersion: number | null;
}

const storageKey = "portal.calculator";

/** The calculator's entries; undefined until the donor edits or a stored snapshot is restored. */
export const $calculator = atom<CalculatorSnapshot | undefined>(undefined);

const storage = (): Storage | undefined => {
  try {
    return typeof sessionStorage === "undefined" ? undefined : sessionStorage;
  } catch {
    return undefined; // storage disabled by the browser
  }
};

/** Sets the calculator's entries and keeps them in this tab's session storage (survives a reload). */
export const saveCalculator = (snapshot: CalculatorSnapshot): void => {
  $calculator.set(snapshot);
  try {
    storage()?.setItem(storageKey, JSON.stringify(snapshot));
  } catch {
    // Full or disabled storage: the entries still live in the atom for this page.
  }
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Restores stored entries, recomputed with `rates`; anything unreadable is dropped. Each part is merged
 * over the initial state, so a snapshot from an older page still fills every field.
 */
export const restoreCalculator = (rates: RateConfig): CalculatorSnapshot | undefined => {
  const text = storage()?.getItem(storageKey);
  if (text == null) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
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
    storage()?.removeItem(storageKey);
    return undefined;
  }
};

/** Clears the entries (the Reset button; also after a passed transaction or a flow change). */
export const resetCalculator = (): void => {
  $calculator.set(undefined);
  try {
    storage()?.removeItem(storageKey);
  } catch {
    // Nothing stored to clear.
  }
};
