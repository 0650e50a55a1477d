import { currentRates } from "../../lib/device-rates";
import { MAX_SYNC_ENTRIES, offlineReceiptHeader } from "@portal/domain";
import {
  isWhole,
  markEntries,
  readQueue,
  type QueuedEntry,
  type DeviceRecord,
  type EntryStatus,
} from "../../lib/counter-store";
import type { CounterLabelKey } from "./labels";

// The counter device's signatures and its calls to the council (docs/counter.md): each entry's
// signature, the receipt's JWS, the rates version, and the queue sent in pages.

export const SYNC_PATH = "/svc/payment/v1/counter/syncEntries";
const ECDSA = { name: "ECDSA", hash: "SHA-256" } as const;

const base64url = (bytes: ArrayBuffer | Uint8Array): string => {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let text = "";
  for (const byte of view) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
};
const utf8 = (text: string) => new TextEncoder().encode(text);
export const sign = async (key: CryptoKey, text: string) =>
  base64url(await crypto.subtle.sign(ECDSA, key, utf8(text)));

/** A compact JWS (ES256) of `claims`, as the device prints on its receipt. */
export const receiptJws = async (key: CryptoKey, kid: string, claims: unknown) => {
  const input = `${base64url(utf8(JSON.stringify(offlineReceiptHeader(kid))))}.${base64url(utf8(JSON.stringify(claims)))}`;
  return `${input}.${await sign(key, input)}`;
};

type Answer = {
  key: string | null;
  outcome: string;
  reason?: string;
  code?: string;
  /** Applied outside the amil's shift (`shift.none`, `shift.closed`). */
  shiftFlag?: string;
};

/**
 * Send every entry still waiting, and every entry held (to learn what an officer decided: taken,
 * the server answers it applied with its receipt; refused, refused), in pages of MAX_SYNC_ENTRIES,
 * and keep what became of each (applied, held with its reason, refused with its code). "unknown" when the council does not know
 * the device. Throws when the network or the server fails: the entries not answered stay waiting
 * (the server answers a replay with what it kept, so sending one again never makes a second receipt).
 */
export const sendQueue = async (deviceId: string): Promise<"sent" | "unknown"> => {
  const waiting = (await readQueue()).filter(
    (entry): entry is QueuedEntry =>
      (entry.status === "queued" || entry.status === "held") && isWhole(entry),
  );
  for (let start = 0; start < waiting.length; start += MAX_SYNC_ENTRIES) {
    const page = waiting.slice(start, start + MAX_SYNC_ENTRIES);
    const response = await fetch(SYNC_PATH, {
      method: "POST",
      headers: { accept: "application/json", "content-type": "application/json" },
      body: JSON.stringify({
        deviceId,
        entries: page.map(({ text, signature }) => ({ text, signature })),
      }),
    });
    if (response.status === 404) return "unknown";
    if (!response.ok) throw new Error(`sync ${response.status}`);
    const answers =
      ((await response.json()) as { data?: { entries?: Answer[] } }).data?.entries ?? [];
    // Answers come in the order sent; one without a key (a text refused outright) is the entry's at
    // that place.
    await markEntries(
      page.flatMap((entry, i) => {
        const answer = answers[i];
        if (!answer || (answer.key !== null && answer.key !== entry.key)) return [];
        const status: EntryStatus =
          answer.outcome === "applied" ? "applied" : answer.outcome === "held" ? "held" : "refused";
        return [
          { key: entry.key, status, reason: answer.reason ?? answer.code ?? answer.shiftFlag },
        ];
      }),
    );
  }
  return "sent";
};

const DEVICES_PATH = "/console/api/counter/devices";

/**
 * Register this browser as a counter device, as the approver signed in to the console (same origin:
 * the console's cookie, its CSRF token): a key pair made here, the private half not extractable; only
 * the public half is sent. The record to keep, or the words for why not.
 */
export const registerDevice = async (
  mosqueName: string,
  label: string,
): Promise<DeviceRecord | CounterLabelKey> => {
  const session = await fetch("/console/api/session", { credentials: "same-origin" });
  if (!session.ok) return "counter_register_signed_out";
  const { data: info } = (await session.json()) as { data: { csrfToken: string } };
  const keys = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, false, [
    "sign",
    "verify",
  ]);
  const { kty, crv, x, y } = await crypto.subtle.exportKey("jwk", keys.publicKey);
  const [answer, current] = await Promise.all([
    fetch(DEVICES_PATH, {
      method: "POST",
      credentials: "same-origin",
      headers: {
        accept: "application/json",
        "content-type": "application/json",
        "x-console-csrf": info.csrfToken,
      },
      body: JSON.stringify({ mosqueName, label, publicKey: { kty, crv, x, y } }),
    }),
    currentRates(),
  ]);
  if (answer.status === 401) return "counter_register_signed_out";
  if (answer.status === 403) return "counter_register_forbidden";
  const body = (await answer.json().catch(() => ({}))) as {
    data?: { id: string; deviceNo: number; series: string[]; blockFrom: number; blockTo: number };
  };
  if (!answer.ok || !body.data || current === undefined) return "counter_register_failed";
  const { id, deviceNo, series, blockFrom, blockTo } = body.data;
  return {
    keys,
    device: { id, deviceNo, series, blockFrom, blockTo, mosqueName, label },
    ratesVersion: current.version,
    rates: current.rates,
  };
};
