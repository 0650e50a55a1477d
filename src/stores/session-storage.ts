import type { StateSlice } from "@portal/domain";

/**
 * This tab's session storage, or undefined on the server or when the browser refuses storage. Stores hold
 * entries only (amounts, days, choices): no personal data, no tokens.
 */
export const tabStorage = (): Storage | undefined => {
  try {
    return typeof sessionStorage === "undefined" ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
};

/** Writes a JSON value; a full or disabled storage only loses the reload-survival. */
export const writeStored = (key: string, value: unknown): void => {
  try {
    tabStorage()?.setItem(key, JSON.stringify(value));
  } catch {
    // Entries still live in the atom for this page.
  }
};

/** Reads a JSON value, or undefined when absent or unreadable (an unreadable one is removed). */
export const readStored = (key: string): unknown => {
  const storage = tabStorage();
  try {
    const text = storage?.getItem(key);
    return text == null ? undefined : (JSON.parse(text) as unknown);
  } catch {
    storage?.removeItem(key);
    return undefined;
  }
};

export const removeStored = (key: string): void => {
  try {
    tabStorage()?.removeItem(key);
  } catch {
    // Nothing stored to clear.
  }
};

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Storage keys of the giving entries, cleared together when rates change (spec §4). */
export const storageKeys = {
  calculator: "portal.calculator",
  fidyah: "portal.fidyah",
  kaffarah: "portal.kaffarah",
  donationWidget: "portal.donationWidget",
} as const;

/**
 * Keys of the page lifecycle (spec §3 session user state, §4 session): the session token, the current
 * transaction's state, the kept flow and rates, and the flags. See src/lib/lifecycle.ts and the README.
 */
export const lifecycleKeys = {
  /** `{ token, expiresAt, extended }`: the session token of §4 (30 minutes, extended at most once). */
  session: "portal.session",
  /** The session timer's id (spec §4 names this key). */
  sessionExpiryId: "sessionExpiryId",
  /** `{ trxCreationTime, redirectToOxiPay, transactionPassed }`: see src/lib/transaction.ts. */
  transaction: "portal.sessionUser",
  /** The flow the donor is in (`ZAKAT`, `FIDYAH`, ...). */
  flow: "portal.flow",
  /** The rate-change fields of the configuration last seen in this tab. */
  rates: "portal.rates",
  /** `'true'` while the rates-updated page is due. */
  ratesChanged: "portal.ratesChanged",
  /** `'true'` while the 'Oops!' error page is due (offline, or a failed service call). */
  apiError: "portal.apiError",
  /** `'true'` once this tab reloaded for a stale transaction (it reloads once). */
  staleReload: "portal.staleReload",
  /** `{ path, at }`: the last reload a failed call (403, 500, 502) asked for; it never loops. */
  apiReload: "portal.apiReload",
  /**
   * `'true'` while the donor is on an enrolment form (§4 "after login": mid-enrolment). Set by the
   * lifecycle on the shared enrolment form pages, cleared on every other page and when enrolment succeeds.
   */
  enrolmentInProgress: "portal.enrolmentInProgress",
  /**
   * `'true'` while checkout's donor fields hold a name and an e-mail (§4 "after login": the donor keeps
   * what they typed). Written by checkout, cleared by every other page's lifecycle. Only the flag: the
   * name and e-mail themselves are never stored.
   */
  donorDetailsFilled: "portal.donorDetailsFilled",
} as const;

/** Whether a `'true'` flag is set. */
export const readFlag = (key: string): boolean => {
  try {
    return tabStorage()?.getItem(key) === "true";
  } catch {
    return false;
  }
};

/** Sets (`'true'`) or removes a flag. */
export const writeFlag = (key: string, on: boolean): void => {
  try {
    if (on) tabStorage()?.setItem(key, "true");
    else tabStorage()?.removeItem(key);
  } catch {
    // Storage refused: the flag lives as long as this page.
  }
};

/** The storage keys of each state a lifecycle rule resets (spec §4). */
export const sliceStorageKeys: Readonly<Record<StateSlice, ReadonlyArray<string>>> = {
  zakatCalculator: [storageKeys.calculator],
  fidyah: [storageKeys.fidyah],
  kaffarah: [storageKeys.kaffarah],
  donationWidget: [storageKeys.donationWidget],
  otherDonations: [storageKeys.donationWidget],
  // Checkout's selections: the donation this tab is paying (checkout/stored-checkout.ts), priced at
  // the old rates.
  selections: ["portal.checkout"],
  // The donor's details as typed on checkout, without NRIC or card (checkout/kept-donor.ts).
  userSelections: ["portal.checkout.donor"],
};

/** Removes the stored state of each slice. */
export const resetSlices = (slices: ReadonlyArray<StateSlice>): void => {
  for (const slice of slices) for (const key of sliceStorageKeys[slice]) removeStored(key);
};
