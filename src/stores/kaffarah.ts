import { atom } from "nanostores";
import {
  initialKaffarahState,
  applyKaffarah,
  type Cents,
  type KaffarahKind,
  type KaffarahState,
  type RateConfig,
} from "@portal/domain";
import { isRecord, readStored, removeStored, storageKeys, writeStored } from "./session-storage";

/** The kaffarah page's entries: the option chosen, its quantity or amount, and the rates' version. */
export interface KaffarahSnapshot {
  readonly kind: KaffarahKind | null;
  readonly state: KaffarahState;
  readonly ratesVersion: number | null;
}

export const $kaffarah = atom<KaffarahSnapshot | undefined>(undefined);

/** Sets the entries and keeps them in this tab's session storage (they survive a reload). */
export const saveKaffarah = (snapshot: KaffarahSnapshot): void => {
  $kaffarah.set(snapshot);
  writeStored(storageKeys.kaffarah, snapshot);
};

const isKind = (value: unknown): value is KaffarahKind =>
  value === "jimak" || value === "nazar" || value === "custom";

/** Rebuilds stored entries through the domain's edits, priced with `rates`; bad entries are dropped. */
export const repriceKaffarah = (
  kind: KaffarahKind | null,
  stored: unknown,
  rates: RateConfig,
): KaffarahState => {
  if (kind === null || !isRecord(stored)) return initialKaffarahState;
  const option = stored[kind];
  const value = isRecord(option) && typeof option["value"] === "number" ? option["value"] : 0;
  const result =
    kind === "custom"
      ? applyKaffarah(initialKaffarahState, { type: "custom", amount: value as Cents }, rates)
      : applyKaffarah(initialKaffarahState, { type: "choose", kind, quantity: value }, rates);
  return result.ok ? result.state : initialKaffarahState;
};

/** Restores the stored entries, priced with `rates`; undefined when nothing is stored. */
export const restoreKaffarah = (rates: RateConfig): KaffarahSnapshot | undefined => {
  const stored = readStored(storageKeys.kaffarah);
  if (!isRecord(stored)) return undefined;
  const kind = isKind(stored["kind"]) ? stored["kind"] : null;
  const version = typeof stored["ratesVersion"] === "number" ? stored["ratesVersion"] : null;
  const snapshot = {
    kind,
    state: repriceKaffarah(kind, stored["state"], rates),
    ratesVersion: version,
  };
  $kaffarah.set(snapshot);
  return snapshot;
};

/** Clears the entries (Reset; also after a passed transaction, a flow change or a rate change). */
export const resetKaffarah = (): void => {
  $kaffarah.set(undefined);
  removeStored(storageKeys.kaffarah);
};
