import { isFlowRoot, isFlowType, type FlowType } from "./flow.ts";
import { pricedFromRates } from "./funds/lookup.ts";
import {
  flowChangeResets,
  isStaleTransaction,
  PASSED_TRANSACTION_RESETS,
  type StateSlice,
} from "./session.ts";

/**
 * The part of the session user state (§3) that the page lifecycle reads: when the current transaction
 * started, whether a recurring payment's redirect is under way, and whether a transaction has passed.
 */
export interface TransactionState {
  readonly trxCreationTime: number | null;
  readonly redirectToOxiPay: boolean;
  readonly transactionPassed: boolean;
}

export const initialTransactionState: TransactionState = {
  trxCreationTime: null,
  redirectToOxiPay: false,
  transactionPassed: false,
};

/** Reads a kept transaction state (JSON from browser storage); anything unreadable counts as initial. */
export const readTransactionState = (value: unknown): TransactionState => {
  if (typeof value !== "object" || value === null) return initialTransactionState;
  const r = value as Record<string, unknown>;
  const time = r["trxCreationTime"];
  return {
    trxCreationTime: typeof time === "number" && Number.isFinite(time) ? time : null,
    redirectToOxiPay: r["redirectToOxiPay"] === true,
    transactionPassed: r["transactionPassed"] === true,
  };
};

/** A transaction starts: its creation time is kept and the other flags start afresh. */
export const startTransaction = (now: number): TransactionState => ({
  ...initialTransactionState,
  trxCreationTime: now,
});

/** The payment redirects the donor to a recurring-payment provider: the session may extend once. */
export const markRecurringRedirect = (state: TransactionState): TransactionState => ({
  ...state,
  redirectToOxiPay: true,
});

/** The payment went through: no transaction is under way any more, and the landing routes reset. */
export const markTransactionPassed = (): TransactionState => ({
  ...initialTransactionState,
  transactionPassed: true,
});

/** What a page load does about a stale transaction (§4). */
export type StaleDecision = "none" | "expireAndReload" | "expire";

/**
 * A transaction started more than 30 minutes ago is expired on load: the store cleared, the donor signed
 * out, the page reloaded once. When this tab already reloaded for it (the flag in session storage), it is
 * expired without another reload, so a storage that will not clear can never loop.
 */
export const staleTransactionOnLoad = (
  state: TransactionState,
  now: number,
  alreadyReloaded: boolean,
): StaleDecision => {
  if (!isStaleTransaction(state.trxCreationTime, now)) return "none";
  return alreadyReloaded ? "expire" : "expireAndReload";
};

/** What a page load resets, which flow it keeps, and whether the passed-transaction mark is used up. */
export interface LoadResets {
  readonly resets: ReadonlyArray<StateSlice>;
  readonly storeFlow: FlowType;
  readonly clearPassed: boolean;
}

/**
 * Resets on load (§4). After a passed transaction, a landing route (a flow root) resets the calculator,
 * fidyah, kaffarah and donation widget states and uses the mark up. A page of another flow than the kept
 * one resets the old flow's state, and the page's flow is kept.
 */
export const resetsOnLoad = (input: {
  readonly path: string;
  readonly pageFlow: FlowType;
  readonly storedFlow: unknown;
  readonly transactionPassed: boolean;
  readonly productRoute?: string;
}): LoadResets => {
  const bare = input.path.replace(/^\/ms(?=\/|$)/, "") || "/";
  const landing = input.transactionPassed && isFlowRoot(bare, input.productRoute);
  const from = isFlowType(input.storedFlow) ? input.storedFlow : null;
  const slices = new Set<StateSlice>(flowChangeResets(from, input.pageFlow));
  if (landing) for (const slice of PASSED_TRANSACTION_RESETS) slices.add(slice);
  return { resets: [...slices], storeFlow: input.pageFlow, clearPassed: landing };
};

/**
 * Whether a page checks the rates on load. The rates of §4 (nisab, fitrah, fidyah, kaffarah) price the
 * zakat, fidyah and kaffarah flows only; a wakaf gift is an amount the donor chooses, so a new nisab
 * must not send a wakaf donor away from their page.
 */
export const checksRates = (flow: FlowType): boolean => pricedFromRates(flow);

/** Error-reporting sample rates (§9): every trace, one session in ten replayed, every errored session. */
export const ERROR_REPORTING_SAMPLE_RATES = {
  tracesSampleRate: 1,
  replaysSessionSampleRate: 0.1,
  replaysOnErrorSampleRate: 1,
} as const;
