import { webcrypto } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nricCheckLetter } from "@portal/domain";
import { signInOfficer, type ConsoleOfficer } from "../support/console";
import {
  deviceKeys,
  publicJwk,
  receiptToken,
  registeredDevice,
  signedEntry,
  type DeviceKeys,
} from "../support/counter-device";
import { testDatabases } from "../support/databases";
import { callPortal, startPortal, type RunningPortal } from "../support/portal";

// Issue 32, a mosque counter that works offline, through the real server: an approver registers a
// device with the public half of a key pair made for it, the device signs the payments it took and
// sends them; each is applied once under the device's own number, or held for an officer with its
// reason; a forgery, an unknown device or a malformed text is refused and nothing is kept.
// Ports 8900-8919.
let nextPort = 8900;
const SYNC = "/svc/payment/v1/counter/syncEntries";
const RECEIPT = "/svc/payment/api/Donation/getThirdPartyDonationReceiptData";
const VERIFY = "/svc/payment/api/Receipt/verifyReceipt";
const nric = `S7654321${nricCheckLetter("S", "7654321")}`;

const subtle = webcrypto.subtle;
type CryptoKeyPair = DeviceKeys;
const keyPair = deviceKeys;
const signed = signedEntry;

interface Device {
  id: string;
  deviceNo: number;
  series: string[];
  blockFrom: number;
  blockTo: number;
}

describe.each(testDatabases())("a counter device offline, on $name", (database) => {
  let portal: RunningPortal;
  const as: Record<string, ConsoleOfficer> = {};
  let pair: CryptoKeyPair;
  let device: Device;
  let ratesVersion: number;
  // The amil signed in on each device (the officer: counter.record), as the device keeps them.
  const amils = new Map<string, { credential: string; amil: { id: string; name: string } }>();
  const signInAmil = async (deviceId: string) => {
    const given = await as["officer"]!.call(`/console/api/counter/devices/${deviceId}?do=amil`, {
      body: {},
    });
    expect(given.status).toBe(200);
    amils.set(
      deviceId,
      given.body["data"] as { credential: string; amil: { id: string; name: string } },
    );
  };
  /** The published rates a household is priced at (cents). */
  let fitrahRate: { normal: number; premium: number };

  const entry = (serial: number, key: string, extra: Record<string, unknown> = {}) => ({
    v: 1,
    deviceId: device.id,
    key,
    serial,
    // Now: within the amil's sign-in, made before the entries the tests sign.
    takenAt: new Date().toISOString(),
    amil: amils.get(device.id)?.amil,
    amilCredential: amils.get(device.id)?.credential,
    ratesVersion,
    entry: {
      fund: "fitrah",
      amountCents: 1_600,
      method: "cash",
      mosqueName: "Masjid Sultan",
      donor: { name: "Haji Rahman", idNumber: nric },
    },
    ...extra,
  });
  const sync = async (entries: ReadonlyArray<unknown>, deviceId = device.id) =>
    callPortal(portal.base, SYNC, { deviceId, entries });
  const answers = (reply: { body: Record<string, unknown> }) =>
    (reply.body["data"] as { entries: Array<Record<string, unknown>> }).entries;
  const found = async (receiptNo: string) =>
    (
      (await as["viewer"]!.call("/console/api/donations/search", { body: { receiptNo } })).body[
        "data"
      ] as { total: number }
    ).total;

  beforeAll(async () => {
    portal = await startPortal(nextPort++, undefined, await database.portalEnv());
    for (const role of ["viewer", "officer", "approver"]) {
      as[role] = await signInOfficer(portal.base, portal.dataDir, role);
    }
    const config = await callPortal(
      portal.base,
      "/svc/main/v1/Home/homePageConfiguration?charityId=25",
    );
    const data = config.body["data"] as {
      version: number;
      muisZakatFitrah: { normalRate: number; premiumRate: number };
    };
    ratesVersion = data.version;
    fitrahRate = {
      normal: data.muisZakatFitrah.normalRate,
      premium: data.muisZakatFitrah.premiumRate,
    };
    pair = await keyPair();
  }, 180_000);

  afterAll(async () => {
    await portal?.stop();
    await database.cleanup();
  });

  it("registers a device for a mosque with its public key: an approver's act, audited", async () => {
    const body = {
      mosqueName: "Masjid Sultan",
      label: "Counter 1",
      publicKey: await publicJwk(pair),
      blockSize: 100,
    };
    const refused = await as["officer"]!.call("/console/api/counter/devices", { body });
    expect(refused).toMatchObject({ status: 403, body: { code: "console.forbidden" } });
    // A private key, or a key of another curve, is no device key: nothing is registered.
    const { d } = await subtle.exportKey("jwk", pair.privateKey);
    for (const publicKey of [
      { ...body.publicKey, d },
      { ...body.publicKey, crv: "P-384" },
    ]) {
      const bad = await as["approver"]!.call("/console/api/counter/devices", {
        body: { ...body, publicKey },
      });
      expect(bad).toMatchObject({ status: 400, body: { code: "counter.device_invalid" } });
    }
    const made = await as["approver"]!.call("/console/api/counter/devices", { body });
    expect(made.status).toBe(201);
    device = made.body["data"] as Device;
    expect(device).toMatchObject({ blockFrom: 1, blockTo: 100 });
    expect(device.series).toContain(`ZK-D${String(device.deviceNo).padStart(3, "0")}`);
    const listed = await as["approver"]!.call("/console/api/counter/devices", { method: "GET" });
    expect((listed.body["data"] as { devices: Device[] }).devices.map((d) => d.id)).toEqual([
      device.id,
    ]);
    await signInAmil(device.id);
  });

  it("applies a signed entry once under the device's number, however often it is sent", async () => {
    const first = await signed(pair, entry(1, "till-1-0001"));
    const reply = await sync([first, first]);
    expect(reply.status).toBe(200);
    const [once, again] = answers(reply);
    const receiptNo = `ZK-D${String(device.deviceNo).padStart(3, "0")}-00000001`;
    expect(once).toMatchObject({
      key: "till-1-0001",
      outcome: "applied",
      replayed: false,
      ratesSuperseded: false,
      receipt: { receiptNo },
    });
    expect(again).toMatchObject({ outcome: "applied", replayed: true, receipt: { receiptNo } });
    // Sent again in a later sync (the device restarted mid-sync): still the one receipt.
    expect(answers(await sync([first]))[0]).toMatchObject({ replayed: true });
    expect(await found(receiptNo)).toBe(1);
    const token = (once!["receipt"] as { token: string }).token;
    const receipt = (await callPortal(portal.base, RECEIPT, { token })).body["data"];
    expect(receipt).toMatchObject({
      receiptNo,
      source: "pos",
      mosqueName: "Masjid Sultan",
      amilId: amils.get(device.id)!.amil.id,
      amilName: amils.get(device.id)!.amil.name,
      fitrahAmount: 1_600,
    });
  });

  it("refuses a forgery, another device's entry and an unknown device, keeping nothing", async () => {
    const stranger = await keyPair();
    const forged = await signed(stranger, entry(2, "till-1-0002"));
    expect(answers(await sync([forged]))[0]).toMatchObject({
      outcome: "refused",
      code: "counter.signature",
    });
    const tampered = await signed(pair, entry(2, "till-1-0002"));
    tampered.text = tampered.text.replace("1600", "16000");
    expect(answers(await sync([tampered]))[0]).toMatchObject({ code: "counter.signature" });
    const unknown = await sync([tampered], "00000000-0000-4000-8000-000000000000");
    expect(unknown).toMatchObject({ status: 404, body: { code: "counter.device_unknown" } });
    const malformed = await signed(pair, { ...entry(2, "till-1-0002"), v: 2 });
    expect(answers(await sync([malformed]))[0]).toMatchObject({
      code: "counter.entry_malformed",
    });
    // None of them was kept: the serial is still free for the real entry.
    const real = answers(await sync([await signed(pair, entry(2, "till-1-0002"))]));
    expect(real[0]).toMatchObject({ outcome: "applied", replayed: false });
    const held = await as["approver"]!.call("/console/api/counter/devices", { method: "GET" });
    expect((held.body["data"] as { held: unknown[] }).held).toEqual([]);
  });

  it("takes two devices' syncs interleaved and replayed, each entry once in its own device's series", async () => {
    const other = await registeredDevice(as["approver"]!, "Masjid Al-Falah");
    await signInAmil(other.id);
    const entryOf = (d: { id: string }, serial: number) => ({
      ...entry(serial, `inter-${d.id}-${serial}`),
      deviceId: d.id,
      amilCredential: amils.get(d.id)!.credential,
    });
    const calls = [];
    for (let serial = 10; serial < 16; serial++) {
      const mine = await signed(pair, entryOf(device, serial));
      const theirs = await signedEntry(other.keys, entryOf(other, serial - 9));
      calls.push(
        sync([mine]),
        callPortal(portal.base, SYNC, { deviceId: other.id, entries: [theirs] }),
      );
      // A device that lost the answer sends the same entry again at once.
      calls.push(sync([mine]));
    }
    const replies = await Promise.all(calls);
    const outcomes = replies.flatMap(answers);
    expect(outcomes.every((o) => o["outcome"] === "applied")).toBe(true);
    expect(outcomes.filter((o) => o["replayed"] === false)).toHaveLength(12);
    const numbers = outcomes
      .filter((o) => o["replayed"] === false)
      .map((o) => (o["receipt"] as { receiptNo: string }).receiptNo)
      .sort();
    const pad = (n: number) => String(n).padStart(3, "0");
    expect(numbers).toEqual(
      [
        ...[10, 11, 12, 13, 14, 15].map((n) => `ZK-D${pad(device.deviceNo)}-000000${n}`),
        ...[1, 2, 3, 4, 5, 6].map((n) => `ZK-D${pad(other.deviceNo)}-0000000${n}`),
      ].sort(),
    );
    for (const receiptNo of numbers) expect(await found(receiptNo)).toBe(1);
  });

  it("verifies a receipt the device signed offline: from its token before the sync, from the server after", async () => {
    const no = `ZK-D${String(device.deviceNo).padStart(3, "0")}-00000005`;
    const claims = {
      no,
      fund: "ZAKAT",
      items: { fitrah: 1_600 },
      amt: 1_600,
      iat: Math.floor(Date.now() / 1000) - 30,
      mosque: "Masjid Sultan",
      dev: device.id,
    };
    const signedReceipt = await receiptToken(pair, device.id, claims);
    const verify = (receiptNo: string, signedToken: string) =>
      callPortal(portal.base, VERIFY, { receiptNo, signed: signedToken });
    expect((await verify(no, signedReceipt)).body["data"]).toMatchObject({
      receiptNo: no,
      amountCents: 1_600,
      mosqueName: "Masjid Sultan",
      by: "device",
      synced: false,
    });
    // Another key, another number, a changed amount, a number outside the block: not genuine.
    const stranger = await keyPair();
    const outside = `ZK-D${String(device.deviceNo).padStart(3, "0")}-00000500`;
    for (const [receiptNo, token] of [
      [no, await receiptToken(stranger, device.id, claims)],
      [no, await receiptToken(pair, device.id, { ...claims, amt: 16_000 })],
      [outside, await receiptToken(pair, device.id, { ...claims, no: outside })],
      [`ZK-D${String(device.deviceNo).padStart(3, "0")}-00000006`, signedReceipt],
    ] as const) {
      expect(await verify(receiptNo, token)).toMatchObject({
        status: 404,
        body: { code: "receipt.notGenuine" },
      });
    }
    // Synced: the server's record answers.
    const synced = answers(await sync([await signed(pair, entry(5, "till-1-0005"))]));
    expect(synced[0]).toMatchObject({ outcome: "applied", receipt: { receiptNo: no } });
    expect((await verify(no, signedReceipt)).body["data"]).toMatchObject({
      receiptNo: no,
      by: "server",
      synced: true,
      status: "accepted",
    });
  });

  it("takes a household's payment with each person named on the receipt, and holds one priced wrongly", async () => {
    const { normal, premium } = fitrahRate;
    const household = [
      { name: "Haji Rahman", kind: "normal", cents: normal },
      { name: "Siti Aminah", kind: "premium", cents: premium },
      { name: "Adam Rahman", kind: "normal", cents: normal },
    ];
    const total = normal * 2 + premium;
    const paid = (serial: number, key: string, lines: typeof household, amountCents: number) => {
      const base = entry(serial, key);
      return { ...base, entry: { ...base.entry, amountCents, household: lines } };
    };
    const [applied, cheap] = answers(
      await sync([
        await signed(pair, paid(60, "till-1-0060", household, total)),
        // A device that priced a person below the rates it names: held for an officer.
        await signed(
          pair,
          paid(61, "till-1-0061", [{ ...household[0]!, cents: normal - 1 }], normal - 1),
        ),
      ]),
    );
    expect(cheap).toMatchObject({ outcome: "held", reason: "entry.invalid" });
    expect(applied).toMatchObject({ outcome: "applied", ratesSuperseded: false });
    const token = (applied!["receipt"] as { token: string }).token;
    const receipt = (await callPortal(portal.base, RECEIPT, { token })).body["data"] as {
      fitrahAmount: number;
      attributes: { household: unknown[]; muisFitrah: unknown[] };
    };
    expect(receipt.fitrahAmount).toBe(total);
    expect(receipt.attributes.household).toEqual(
      household.map(({ name, kind, cents }) => ({
        name,
        item: "fitrah",
        kind,
        days: null,
        amount: cents,
      })),
    );
    expect(receipt.attributes.muisFitrah).toEqual([
      { name: "Normal", noOfPerson: 2, perPerson: normal, amount: normal * 2 },
      { name: "Premium", noOfPerson: 1, perPerson: premium, amount: premium },
    ]);
  });

  it("holds what it cannot take as it is, with the reason; applies and flags an entry at old rates", async () => {
    // The council publishes new rates while the counter is offline: the device still prices at the
    // old ones, and the money it took was received.
    const drafted = await as["officer"]!.call("/console/api/rates", {
      body: {
        changes: { nisabValue: 1_100_000, goldRate: Math.round(1_100_000 / 86) },
        effectiveAt: new Date(Date.now() - 1_000).toISOString(),
      },
    });
    expect(drafted.status).toBe(201);
    const draftId = (drafted.body["data"] as { id: number }).id;
    const approved = await as["approver"]!.call(`/console/api/rates/${draftId}?do=approve`, {
      body: {},
    });
    expect(approved.body["data"]).toMatchObject({ status: "published" });
    const [outside, reused, stale] = answers(
      await sync([
        await signed(pair, entry(101, "till-1-0101")),
        await signed(pair, entry(1, "till-1-other")),
        await signed(pair, entry(3, "till-1-0003")),
      ]),
    );
    expect(outside).toMatchObject({ outcome: "held", reason: "number.outside_block" });
    expect(reused).toMatchObject({ outcome: "held", reason: "number.used" });
    expect(stale).toMatchObject({ outcome: "applied", ratesSuperseded: true });
    // Revoked: what the device sends from now on is held, and officers see each held entry.
    const revoked = await as["approver"]!.call(
      `/console/api/counter/devices/${device.id}?do=revoke`,
      {
        body: {},
      },
    );
    expect(revoked.body["data"]).toMatchObject({ revokedAt: expect.any(String) });
    expect(answers(await sync([await signed(pair, entry(4, "till-1-0004"))]))[0]).toMatchObject({
      outcome: "held",
      reason: "device.revoked",
    });
    const listed = await as["approver"]!.call("/console/api/counter/devices", { method: "GET" });
    const held = (listed.body["data"] as { held: Array<Record<string, unknown>> }).held;
    expect(held.map((h) => h["reason"])).toEqual([
      "entry.invalid",
      "number.outside_block",
      "number.used",
      "device.revoked",
    ]);
    // The payer's identity number is kept sealed and shown masked.
    expect(JSON.stringify(held)).not.toContain(nric);
    expect(JSON.stringify(held)).toContain(`*****${nric.slice(-4)}`);
    const audit = await as["approver"]!.call("/console/api/audit?action=counter", {
      method: "GET",
    });
    const actions = (audit.body["data"] as { entries: Array<{ action: string }> }).entries.map(
      (e) => e.action,
    );
    expect(actions).toEqual(
      expect.arrayContaining([
        "counter.devices.register",
        "counter.devices.revoke",
        "counter.record",
      ]),
    );
  });
});
