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
