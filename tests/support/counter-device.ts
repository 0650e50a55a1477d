import { createHmac, webcrypto } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { ConsoleOfficer } from "./console";

// A counter device as the tests make one (docs/counter.md): a key pair made "on the device", its
// registration by an approver, and the entries and receipts it signs.

const subtle = webcrypto.subtle;
export type DeviceKeys = webcrypto.CryptoKeyPair;

export const deviceKeys = (): Promise<DeviceKeys> =>
  subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"]);

/** The public half, as the device sends it at registration. */
export const publicJwk = async (keys: DeviceKeys) => {
  const { kty, crv, x, y } = await subtle.exportKey("jwk", keys.publicKey);
  return { kty, crv, x, y };
};

const sign = async (keys: DeviceKeys, text: string) =>
  Buffer.from(
    await subtle.sign(
      { name: "ECDSA", hash: "SHA-256" },
      keys.privateKey,
      new TextEncoder().encode(text),
    ),
  ).toString("base64url");

/** An entry as the device sends it: the exact text signed and its signature. */
export const signedEntry = async (keys: DeviceKeys, entry: unknown) => {
  const text = JSON.stringify(entry);
  return { text, signature: await sign(keys, text) };
};

/** The receipt a device prints offline: a compact JWS (ES256) of its number, fund, items, amount. */
export const receiptToken = async (
  keys: DeviceKeys,
  kid: string,
  claims: Record<string, unknown>,
) => {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const input = `${part({ alg: "ES256", typ: "receipt+jwt", kid })}.${part(claims)}`;
  return `${input}.${await sign(keys, input)}`;
};

/** A device registered by `approver` for a mosque, with its keys. */
export const registeredDevice = async (approver: ConsoleOfficer, mosqueName = "Masjid Sultan") => {
  const keys = await deviceKeys();
  const made = await approver.call("/console/api/counter/devices", {
    body: { mosqueName, label: "Counter 1", publicKey: await publicJwk(keys), blockSize: 100 },
  });
  const device = made.body["data"] as { id: string; deviceNo: number };
  return { keys, id: device.id, deviceNo: device.deviceNo };
};

/** A kiosk registered by `approver` for a mosque (a device of kind `kiosk`), with its keys. */
export const registeredKiosk = async (approver: ConsoleOfficer, mosqueName = "Masjid Sultan") => {
  const keys = await deviceKeys();
  const made = await approver.call("/console/api/counter/devices", {
    body: { mosqueName, label: "Kiosk 1", publicKey: await publicJwk(keys), kind: "kiosk" },
  });
  const kiosk = made.body["data"] as { id: string; kind: string };
  return { keys, id: kiosk.id, kind: kiosk.kind };
};

/** A kiosk's request to start a payment, signed with its key, as `startKioskPayment` takes it. */
export const kioskRequest = async (
  keys: DeviceKeys,
  kioskId: string,
  order: Record<string, unknown>,
  key: string = crypto.randomUUID(),
) => {
  const text = JSON.stringify({
    v: 1,
    kiosk: kioskId,
    key,
    at: new Date().toISOString(),
    order: { ratesVersion: 1, lang: "en", ...order },
  });
  return { kioskId, text, signature: await sign(keys, text) };
};

/**
 * An amil credential made with the council's own key (the portal's, in its data folder), as it would
 * have made one `hoursAgo`, lasting `hours`: `claims` change what it says.
 */
export const amilCredentialMade = (
  dataDir: string,
  claims: { sub: string; name: string; dev: string } & Record<string, unknown>,
  hoursAgo: number,
  hours = 18,
) => {
  const serverKey = Buffer.from(
    readFileSync(path.join(dataDir, "secret.key"), "utf8").trim(),
    "base64",
  );
  const key = createHmac("sha256", serverKey).update("portal:counter-amil:v1").digest();
  const iat = Math.floor(Date.now() / 1000) - hoursAgo * 3600;
  const payload = Buffer.from(
    JSON.stringify({ v: 1, iat, exp: iat + hours * 3600, ...claims }),
  ).toString("base64url");
  return `${payload}.${createHmac("sha256", key).update(payload).digest("base64url")}`;
};
