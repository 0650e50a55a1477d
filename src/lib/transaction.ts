import {
  markRecurringRedirect as markRedirect,
  markTransactionPassed as markPassed,
  readTransactionState,
  startTransaction as start,
  type TransactionState,
} from "@portal/domain";
import { lifecycleKeys, readStored, writeStored } from "../stores/session-storage";

/**
 * The calls checkout makes so the page lifecycle (src/lib/lifecycle.ts) knows where a payment stands.
 * They keep the session user state of spec §3 under `portal.sessionUser` in this tab's session storage.
 */

/** The current transaction state; the initial one when nothing (or nothing readable) is kept. */
export const readTransaction = (): TransactionState =>
  readTransactionState(readStored(lifecycleKeys.transaction));

const keep = (state: TransactionState): TransactionState => {
  writeStored(lifecycleKeys.transaction, state);
  return state;
};

/**
 * A donation is created: records `trxCreationTime`. A page loaded more than 30 minutes later expires it
 * (store cleared, donor signed out, one reload).
 */
export const startTransaction = (now: number = Date.now()): TransactionState => keep(start(now));

/**
 * The donor is about to leave for a recurring-payment provider (`redirectToOxiPay`): if the session
 * runs out meanwhile, it is extended once instead of ending.
 */
export const markRecurringRedirect = (): TransactionState => keep(markRedirect(readTransaction()));

/**
 * The payment succeeded (`transactionPassed`): the next landing route (`/`, `/calculator`, `/fidyah`,
 * `/kaffarah`, the wakaf pages) resets the calculator, fidyah, kaffarah and donation widget entries.
 */
export const markTransactionPassed = (): TransactionState => keep(markPassed());
