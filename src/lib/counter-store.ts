import type { DeviceRegistration, HouseholdRates, SerialState } from "@portal/domain";

// The counter device's store (issue 32, docs/counter.md): IndexedDB, so what the amil took survives a
// closed tab or a restarted device. Three stores: `device` (its key pair, kept as CryptoKeys whose
// private half cannot be exported; its registration; the amil; the rates version), `serials` (the next
// serial of each of its series) and `queue` (every entry signed, with what the server made of it).

const DB = "portal-counter";
const VERSION = 1;

/** An amil as the device keeps them (docs/counter.md): the council's credential and their PIN's hash. */
export interface AmilSession {
  readonly id: string;
  readonly name: string;
  /** The council's credential for them on this device, carried by every entry they take. */
  readonly credential: string;
  readonly expiresAt: string;
  /** PBKDF2-SHA-256 of the PIN: its salt, iterations and the 32 bytes derived; never the PIN. */
  readonly salt: Uint8Array;
  readonly iterations: number;
  readonly hash: Uint8Array;
  /** Wrong PINs in a row; AMIL_PIN_TRIES of them lock the session until an online sign-in. */
  readonly failures: number;
}

export interface DeviceRecord {
  readonly keys: CryptoKeyPair;
  readonly device: DeviceRegistration & { readonly label: string; readonly series: string[] };
  readonly ratesVersion: number;
  /** The rates the device prices a household at (read with the version; none before it read them). */
  readonly rates?: HouseholdRates | undefined;
  /** The amil whose session is open now (their PIN opened it); never kept across a reload. */
  readonly amil?:
    { readonly id: string; readonly name: string; readonly credential: string } | undefined;
  /** The amil who signed in on this device (several may share it). */
  readonly amils?: ReadonlyArray<AmilSession> | undefined;
}

export type EntryStatus = "queued" | "applied" | "held" | "refused";

export interface QueuedEntry {
  /** The entry's idempotency key (made when the form opened). */
  readonly key: string;
  readonly receiptNo: string;
  readonly series: string;
  readonly serial: number;
  readonly fund: string;
  readonly amountCents: number;
  readonly payerName: string;
  /** How many people a household's entry names (none: the payer paid for themselves). */
  readonly people?: number | undefined;
  readonly takenAt: string;
  /** The exact text signed, and its signature (base64url). */
  readonly text: string;
  readonly signature: string;
  /** The offline receipt (compact JWS) for /verify. */
  readonly jws: string;
  readonly status: EntryStatus;
  /** Why it was held (`number.used`, ...) or refused (`counter.signature`, ...). */
  readonly reason?: string | undefined;
}

const request = <T>(req: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });

const done = (tx: IDBTransaction): Promise<void> =>
  new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error("aborted"));
  });

let opened: Promise<IDBDatabase> | undefined;
const db = (): Promise<IDBDatabase> => {
  opened ??= new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, VERSION);
    req.onupgradeneeded = () => {
      const base = req.result;
      base.createObjectStore("device");
      base.createObjectStore("serials");
      base.createObjectStore("queue", { keyPath: "key" });
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  return opened;
};

export const readDevice = async (): Promise<DeviceRecord | undefined> =>
  (await request((await db()).transaction("device").objectStore("device").get("this"))) as
    DeviceRecord | undefined;

export const writeDevice = async (record: DeviceRecord): Promise<void> => {
  const tx = (await db()).transaction("device", "readwrite");
  tx.objectStore("device").put(record, "this");
  await done(tx);
};

/** The next serials of every series, as the last written entry left them. */
export const readSerials = async (): Promise<SerialState> => {
  const tx = (await db()).transaction("serials");
  const store = tx.objectStore("serials");
  const [keys, values] = await Promise.all([
    request(store.getAllKeys()),
    request(store.getAll() as IDBRequest<number[]>),
  ]);
  return Object.fromEntries(keys.map((key, i) => [String(key), values[i]!]));
};

/**
 * Keep signed entries (one payment's: a household's receipts) and move their series on past their
 * serials, in one transaction: all are written or none. False when a series moved on meanwhile
 * (another tab took a serial): the caller numbers and signs again, so no serial is ever used twice.
 * Entries of one series come in the order of their serials.
 */
export const queueEntries = async (entries: ReadonlyArray<QueuedEntry>): Promise<boolean> => {
  const tx = (await db()).transaction(["serials", "queue"], "readwrite");
  const serials = tx.objectStore("serials");
  const next = new Map<string, number>();
  for (const entry of entries) {
    const current =
      next.get(entry.series) ?? ((await request(serials.get(entry.series))) as number | undefined);
    if (current !== undefined && current !== entry.serial) {
      tx.abort();
      await done(tx).catch(() => undefined);
      return false;
    }
    next.set(entry.series, entry.serial + 1);
  }
  for (const entry of entries) tx.objectStore("queue").put(entry);
  for (const [series, serial] of next) serials.put(serial, series);
  await done(tx);
  return true;
};

export const readQueue = async (): Promise<StoredEntry[]> => {
  const all = (await request(
    (await db()).transaction("queue").objectStore("queue").getAll(),
  )) as StoredEntry[];
  // In the order taken; one payment's entries (a household's funds) share a time, so then in the
  // order they were numbered.
  return all.sort(
    (a, b) =>
      a.takenAt.localeCompare(b.takenAt) || a.series.localeCompare(b.series) || a.serial - b.serial,
  );
};

/** An entry as the queue keeps it: whole until the council has it, then tidied (`tidy`). */
export type StoredEntry = Omit<QueuedEntry, "payerName" | "text" | "signature" | "jws"> &
  Partial<Pick<QueuedEntry, "payerName" | "text" | "signature" | "jws">>;

/** Whether a kept entry still has what is sent (its text and signature). */
export const isWhole = (entry: StoredEntry): entry is QueuedEntry =>
  entry.text !== undefined && entry.signature !== undefined;

/**
 * What the device keeps of an entry the council has (applied): its number, fund, amount, time and
 * status, for the amil's list. The payer's name, e-mail and NRIC (in the signed text) are gone.
 */
export const tidy = (entry: StoredEntry): StoredEntry => ({
  key: entry.key,
  receiptNo: entry.receiptNo,
  series: entry.series,
  serial: entry.serial,
  fund: entry.fund,
  amountCents: entry.amountCents,
  people: entry.people,
  takenAt: entry.takenAt,
  status: entry.status,
  reason: entry.reason,
});

/** Record what the server made of entries (by key); an applied one is tidied (`tidy`). */
export const markEntries = async (
  marks: ReadonlyArray<{ key: string; status: EntryStatus; reason?: string | undefined }>,
): Promise<void> => {
  const tx = (await db()).transaction("queue", "readwrite");
  const store = tx.objectStore("queue");
  for (const mark of marks) {
    const entry = (await request(store.get(mark.key))) as StoredEntry | undefined;
    if (!entry) continue;
    const marked = { ...entry, status: mark.status, reason: mark.reason };
    store.put(mark.status === "applied" ? tidy(marked) : marked);
  }
  await done(tx);
};
