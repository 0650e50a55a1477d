import { currentRates as deviceRates } from "../../lib/device-rates";
import type { KioskOrder } from "@portal/domain";

// The kiosk's key and its calls to the council (docs/counter.md "Kiosks"). The key pair is made here
// at registration, its private half not extractable, and kept in this browser's IndexedDB; only the
// public half is sent. Each payment the kiosk starts is a request signed with it.

export interface KioskRecord {
  readonly keys: CryptoKeyPair;
  readonly id: string;
  readonly mosqueName: string;
  readonly label: string;
}

const DB = "portal-kiosk";
const STORE = "kiosk";
const open = () =>
  new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error("indexedDB"));
  });
const inStore = <T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>) =>
  open().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        const request = act(db.transaction(STORE, mode).objectStore(STORE));
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error("indexedDB"));
      }),
  );

export const readKiosk = (): Promise<KioskRecord | undefined> =>
  inStore<KioskRecord | undefined>("readonly", (store) => store.get("this")).catch(() => undefined);
const writeKiosk = (record: KioskRecord) =>
  inStore("readwrite", (store) => store.put(record, "this"));
/** Forget this kiosk (the council no longer knows it): the next officer registers it again. */
export const forgetKiosk = () => inStore("readwrite", (store) => store.delete("this"));

const json = { accept: "application/json", "content-type": "application/json" };

/**
 * Register this browser as a kiosk, as the approver signed in to the console (same origin: the
 * console's cookie and its CSRF token). The record kept, or the words for why not.
 */
export const registerKiosk = async (
  mosqueName: string,
  label: string,
): Promise<KioskRecord | "signed_out" | "forbidden" | "failed"> => {
  const session = await fetch("/console/api/session", { credentials: "same-origin" });
  if (!session.ok) return "signed_out";
  const { data } = (await session.json()) as { data: { csrfToken: string } };
  const keys = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, false, [
    "sign",
    "verify",
  ]);
  const { kty, crv, x, y } = await crypto.subtle.exportKey("jwk", keys.publicKey);
  const answer = await fetch("/console/api/counter/devices", {
    method: "POST",
    credentials: "same-origin",
    headers: { ...json, "x-console-csrf": data.csrfToken },
    body: JSON.stringify({ mosqueName, label, publicKey: { kty, crv, x, y }, kind: "kiosk" }),
  });
  if (answer.status === 401) return "signed_out";
  if (answer.status === 403) return "forbidden";
  const made = (await answer.json().catch(() => ({}))) as {
    data?: { id: string; mosqueName: string };
  };
  if (!answer.ok || !made.data) return "failed";
  const record = { keys, id: made.data.id, mosqueName: made.data.mosqueName, label };
  await writeKiosk(record);
  return record;
};

const base64url = (bytes: ArrayBuffer) => {
  let text = "";
  for (const byte of new Uint8Array(bytes)) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
};

/** A payment service call: the answer's `data`, or the refusal's code ("network" when none came). */
export const call = async <T>(
  name: string,
  body: unknown,
  base = "kiosk",
): Promise<{ ok: true; data: T } | { ok: false; code: string }> => {
  try {
    const response = await fetch(`/svc/payment/v1/${base}/${name}`, {
      method: "POST",
      headers: json,
      body: JSON.stringify(body),
    });
    const answer = (await response.json().catch(() => ({}))) as { data?: T; code?: string };
    return response.ok && answer.data !== undefined
      ? { ok: true, data: answer.data }
      : { ok: false, code: answer.code ?? "network" };
  } catch {
    return { ok: false, code: "network" };
  }
};

/** The order the kiosk signs: the domain's (packages/domain/src/counter/kiosk.ts). */
export type { KioskOrder };

export interface StartedPayment {
  readonly id: string;
  readonly clientSecret: string;
  readonly totalCents: number;
}

/** Start a payment: the order signed with the kiosk's key, under a key of its own (a retry is the same). */
export const startPayment = async (kiosk: KioskRecord, order: KioskOrder, key: string) => {
  const text = JSON.stringify({ v: 1, kiosk: kiosk.id, key, at: new Date().toISOString(), order });
  const signature = base64url(
    await crypto.subtle.sign(
      { name: "ECDSA", hash: "SHA-256" },
      kiosk.keys.privateKey,
      new TextEncoder().encode(text),
    ),
  );
  return call<StartedPayment>("startKioskPayment", { kioskId: kiosk.id, text, signature });
};

/** The kiosk's prices: the persons' rates, the household's, and their version (undefined offline). */
export const currentRates = async () => {
  const live = await deviceRates();
  return live
    ? {
        version: live.version,
        normal: live.rates.fitrahNormalRate,
        premium: live.rates.fitrahPremiumRate,
        household: live.rates,
      }
    : undefined;
};
