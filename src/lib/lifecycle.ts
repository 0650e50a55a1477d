import { rateFieldsFromHomePageWire } from "@portal/adapters";
import {
  checkSession,
  checksRates,
  ensureSessionToken,
  EXPIRY_CHECK_INTERVAL_MS,
  isRateChange,
  readRateFields,
  resetsOnLoad,
  sessionExpirePath,
  staleTransactionOnLoad,
  initialTransactionState,
  MAIN_CHARITY_ID,
  type FlowType,
  type SessionToken,
} from "@portal/domain";
import { localizedPath, type Language } from "../i18n/paths";
import {
  isRecord,
  lifecycleKeys as keys,
  readFlag,
  readStored,
  resetSlices,
  tabStorage,
  writeFlag,
  writeStored,
} from "../stores/session-storage";
import { reportApiError } from "./error-notice";
import { startErrorReporting } from "./error-reporting";
import { homePageConfigurationData } from "./home-config";
import { signOut, type SignOutReason } from "./sign-out";
import { readTransaction } from "./transaction";

/**
 * The page lifecycle of spec §4, run once on every page with the layout's lifecycle (not on the
 * session-expire, error and not-found pages): stale transaction, resets on load, the session timer, the
 * rate check, and the 'Oops!' notice when offline or after a failed call. The decisions are the
 * domain's (lifecycle.ts, session.ts); this file only reads and writes storage and moves the page.
 */
export interface PageContext {
  readonly flow: FlowType;
  readonly lang: Language;
  readonly productRoute: string;
  /** A shared enrolment form (§4 "after login": the donor is mid-enrolment here). */
  readonly enrolmentForm?: boolean;
}

const readSession = (): SessionToken | undefined => {
  const s = readStored(keys.session);
  return isRecord(s) &&
    typeof s["token"] === "string" &&
    typeof s["expiresAt"] === "number" &&
    typeof s["extended"] === "boolean"
    ? { token: s["token"], expiresAt: s["expiresAt"], extended: s["extended"] }
    : undefined;
};

/**
 * Every frame a payment opened: checkout's challenge frame (marked `data-payment-frame`), and Stripe's
 * own (its card field and 3-D Secure frames, all served from Stripe's hosts).
 */
const PAYMENT_FRAMES =
  'iframe[data-payment-frame], iframe[src^="https://js.stripe.com/"], iframe[src^="https://hooks.stripe.com/"]';

/**
 * An expired state (§4): sign out, stop the timer, remove the payment's challenge and device-data
 * frames (PAYMENT_FRAMES), clear local and session storage.
 */
const expireState = async (reason: SignOutReason): Promise<void> => {
  const timer = tabStorage()?.getItem(keys.sessionExpiryId);
  if (timer != null) clearInterval(Number(timer));
  for (const frame of document.querySelectorAll(PAYMENT_FRAMES)) frame.remove();
  await signOut(reason);
  clearStorage();
};

const clearStorage = (): void => {
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    // Storage refused: nothing was kept.
  }
};

const startSessionTimer = (page: PageContext): void => {
  const session = ensureSessionToken(readSession(), Date.now(), crypto.randomUUID());
  writeStored(keys.session, session);
  const tick = () => {
    const result = checkSession(
      readSession() ?? session,
      Date.now(),
      readTransaction().redirectToOxiPay,
    );
    if (result._tag === "Extended") writeStored(keys.session, result.session);
    if (result._tag !== "Expired") return;
    clearInterval(id);
    void expireState("session-expired").then(() => {
      // A write still in flight on this page (the rate check, an island saving) could land after the
      // clearing: clear once more as the page goes.
      window.addEventListener("pagehide", clearStorage);
      location.replace(localizedPath(sessionExpirePath(page.flow, page.productRoute), page.lang));
    });
  };
  const id = setInterval(tick, EXPIRY_CHECK_INTERVAL_MS);
  try {
    tabStorage()?.setItem(keys.sessionExpiryId, String(id));
  } catch {
    // The timer runs all the same.
  }
  tick();
};

/** On load: a change of the rate-change fields sends the donor to the flow's rates-updated page. */
const checkRates = async (page: PageContext): Promise<void> => {
  const fresh = rateFieldsFromHomePageWire(await homePageConfigurationData(MAIN_CHARITY_ID));
  if (fresh === undefined) return;
  const stored = readRateFields(readStored(keys.rates));
  writeStored(keys.rates, fresh);
  if (!isRateChange(stored, fresh)) return;
  writeFlag(keys.ratesChanged, true);
  location.assign(localizedPath(sessionExpirePath(page.flow, page.productRoute), page.lang));
};

const watchConnection = (): void => {
  window.addEventListener("offline", reportApiError);
  document.querySelector("[data-error-notice] [data-try-again]")?.addEventListener("click", () => {
    // Try again clears the flag and reloads; the stores bring the entries back from session storage.
    // Still offline, a reload would only show the browser's own error, so the notice stays.
    if (!navigator.onLine) return;
    writeFlag(keys.apiError, false);
    location.reload();
  });
  if (readFlag(keys.apiError) || !navigator.onLine) reportApiError();
};

export { reportApiError, showErrorNotice } from "./error-notice";

/** Runs the lifecycle for this page. */
export const startLifecycle = (page: PageContext): void => {
  watchConnection();
  startErrorReporting();
  const storage = tabStorage();
  if (storage === undefined) return;
  const reloaded = readFlag(keys.staleReload);
  writeFlag(keys.staleReload, false);
  const transaction = readTransaction();
  const stale = staleTransactionOnLoad(transaction, Date.now(), reloaded);
  if (stale !== "none") {
    void expireState("stale-transaction").then(() => {
      if (stale !== "expireAndReload") return;
      writeFlag(keys.staleReload, true);
      location.reload();
    });
    return;
  }
  const load = resetsOnLoad({
    path: location.pathname,
    pageFlow: page.flow,
    storedFlow: storage.getItem(keys.flow),
    transactionPassed: transaction.transactionPassed,
    productRoute: page.productRoute,
  });
  resetSlices(load.resets);
  try {
    storage.setItem(keys.flow, load.storeFlow);
  } catch {
    // The path gives the flow again next time.
  }
  if (load.clearPassed) writeStored(keys.transaction, initialTransactionState);
  // What the after-login rules (§4) read of the page the donor is on: mid-enrolment only on an
  // enrolment form; checkout's donor fields are empty until it writes the flag again.
  writeFlag(keys.enrolmentInProgress, page.enrolmentForm === true);
  writeFlag(keys.donorDetailsFilled, false);
  startSessionTimer(page);
  if (checksRates(page.flow)) void checkRates(page).catch(() => undefined);
};
