import { atom } from "nanostores";
import {
  cents,
  initialDonationWidgetState,
  updateDonationCause,
  type Cents,
  type DonationWidgetState,
  type FlowType,
} from "@portal/domain";
import { isRecord, readStored, removeStored, storageKeys, writeStored } from "./session-storage";

/** The wakaf donation widget's entries, per fund: which fund the amount is for, and the amount. */
export interface DonationWidgetSnapshot {
  readonly fund: FlowType;
  readonly state: DonationWidgetState;
}

export const $donationWidget = atom<DonationWidgetSnapshot | undefined>(undefined);

export const saveDonationWidget = (snapshot: DonationWidgetSnapshot): void => {
  $donationWidget.set(snapshot);
  writeStored(storageKeys.donationWidget, snapshot);
};

/**
 * Restores the stored amount when it was entered for this fund, with this fund's limits; another fund's
 * amount is not carried over (spec §4: a flow change resets the old flow's state).
 */
export const restoreDonationWidget = (
  fund: FlowType,
  limits: { readonly minAmount: Cents; readonly maxAmount: Cents },
): DonationWidgetSnapshot => {
  const stored = readStored(storageKeys.donationWidget);
  const cause =
    isRecord(stored) && isRecord(stored["state"]) ? stored["state"]["cause"] : undefined;
  const amount =
    isRecord(stored) && stored["fund"] === fund && isRecord(cause) ? cause["donationAmount"] : 0;
  const donationAmount = cents(
    typeof amount === "number" && Number.isSafeInteger(amount) && amount > 0 ? amount : 0,
  );
  const snapshot = {
    fund,
    state: updateDonationCause(initialDonationWidgetState, { ...limits, donationAmount }),
  };
  $donationWidget.set(snapshot);
  return snapshot;
};

export const resetDonationWidget = (): void => {
  $donationWidget.set(undefined);
  removeStored(storageKeys.donationWidget);
};
