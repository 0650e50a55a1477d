import type { Cents } from "./money.ts";
import { ZERO, dollarsToCents } from "./money.ts";

/** A cause offered by the wakaf donation widget. */
export interface WidgetCause {
  readonly id: string;
  readonly name: string;
}

/** The cause being given to, with the widget's limits (amounts in cents). */
export interface DonationCause {
  readonly donationAmount: Cents;
  readonly frequency: string;
  readonly partPayment: string;
  readonly entity: string;
  readonly causes: ReadonlyArray<WidgetCause>;
  readonly id: string;
  readonly minAmount: Cents;
  readonly maxAmount: Cents;
}

/** Donation widget state of spec §3. */
export interface DonationWidgetState {
  readonly cause: DonationCause;
  readonly donationMethod: string;
}

/** Defaults of spec §3: amount 0, 'one time', 'One Time', 'individual', limits $5 to $999,999, 'cause'. */
export const initialDonationWidgetState: DonationWidgetState = {
  cause: {
    donationAmount: ZERO,
    frequency: "one time",
    partPayment: "One Time",
    entity: "individual",
    causes: [],
    id: "",
    minAmount: dollarsToCents(5),
    maxAmount: dollarsToCents(999_999),
  },
  donationMethod: "cause",
};

/** Merges the given fields into the cause (spec §4). */
export const updateDonationCause = (
  state: DonationWidgetState,
  patch: Partial<DonationCause>,
): DonationWidgetState => ({ ...state, cause: { ...state.cause, ...patch } });

/** Sets how the donor gives (e.g. 'cause'). */
export const setDonationMethod = (
  state: DonationWidgetState,
  donationMethod: string,
): DonationWidgetState => ({ ...state, donationMethod });

/** Restores the defaults. */
export const resetDonationWidget = (): DonationWidgetState => initialDonationWidgetState;
