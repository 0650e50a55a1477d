import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInOfficer, type ConsoleOfficer } from "../support/console";
import { receiptToken, registeredDevice, signedEntry } from "../support/counter-device";
import { testDatabases } from "../support/databases";
import { callPortal, startPortal, type RunningPortal } from "../support/portal";

// Issue 32, an officer's decision on a counter device's held or flagged entry, through the real
// server on both databases (docs/counter.md "Held and flagged entries"): who may decide (the role
// table's counter.entries.decide, never the entry's own amil, never a stranger); a held entry taken
// once (one donation however often it is taken), refused with a reason, never taken when its reason
// may only be refused; an entry received outside a shift moved into a shift of its mosque (open, or
// closed and not signed off: its close counts it) or acknowledged, never into a signed-off shift or
// another mosque's. Every decision audited with its reason. Ports 9160-9179.
let nextPort = 9160;
const SYNC = "/svc/payment/v1/counter/syncEntries";
const ENTRIES = "/console/api/counter/entries";

interface Credential {
  credential: string;
  amil: { id: string; name: string };
}
type Device = Awaited<ReturnType<typeof registeredDevice>>;
type Answer = Record<string, unknown> & { receipt?: { receiptNo: string } };

describe.each(testDatabases())("an officer's decision on a counter entry, on $name", (database) => {
  let portal: RunningPortal;
  const as: Record<string, ConsoleOfficer> = {};
  let sultan: Device;
  let falah: Device;
  let ratesVersion: number;
  let serial = 0;

  const credentialOf = async (officer: ConsoleOfficer, device: Device) =>
    (await officer.call(`/console/api/counter/devices/${device.id}?do=amil`, { body: {} })).body[
      "data"
    ] as Credential;
  /** A credential the council made 20 hours ago: expired now (the entry is held `amil.expired`). */
  const expired = (given: Credential, deviceId: string): Credential => {
    const serverKey = Buffer.from(
      readFileSync(path.join(portal.dataDir, "secret.key"), "utf8").trim(),
      "base64",
    );
    const key = createHmac("sha256", serverKey).update("portal:counter-amil:v1").digest();
    const iat = Math.floor(Date.now() / 1000) - 20 * 3600;
    const claims = { v: 1, sub: given.amil.id, name: given.amil.name, dev: deviceId, iat };
    const payload = Buffer.from(JSON.stringify({ ...claims, exp: iat + 18 * 3600 })).toString(
      "base64url",
    );
    return {
      ...given,
      credential: `${payload}.${createHmac("sha256", key).update(payload).digest("base64url")}`,
    };
  };
  const entry = (on: Device, given: Credential, extra: Record<string, unknown> = {}) => ({
    v: 1,
    deviceId: on.id,
    key: `held-${++serial}`,
    serial,
    takenAt: new Date().toISOString(),
    amil: given.amil,
    amilCredential: given.credential,
    ratesVersion,
    entry: {
      fund: "fitrah",
      amountCents: 1_600,
      method: "cash",
      mosqueName: "Masjid",
      donor: { name: "Haji Rahman" },
    },
    ...extra,
  });
  const sync = async (on: Device, ...entries: Array<Record<string, unknown>>) => {
    const reply = await callPortal(portal.base, SYNC, {
      deviceId: on.id,
      entries: await Promise.all(entries.map((one) => signedEntry(on.keys, one))),
    });
    expect(reply.status).toBe(200);
    return (reply.body["data"] as { entries: Answer[] }).entries;
  };
  const decide = (
    officer: ConsoleOfficer,
    what: string,
    on: Device,
    one: { key: unknown },
    more: Record<string, unknown> = {},
  ) =>
    officer.call(`${ENTRIES}?do=${what}`, {
      body: {
        deviceId: on.id,
        key: one.key,
        reason: "Checked with the amil and the cash",
        ...more,
      },
    });
  /** `/verify` of the receipt a device signed for its entry numbered `serialOf` at `iat` (seconds). */
  const verifyDevice = async (on: Device, serialOf: number, iat: number) => {
    const receiptNo = `ZK-D${String(on.deviceNo).padStart(3, "0")}-${String(serialOf).padStart(8, "0")}`;
    const claims = { no: receiptNo, fund: "ZAKAT", items: { fitrah: 1_600 }, amt: 1_600, iat };
    return callPortal(portal.base, "/svc/payment/api/Receipt/verifyReceipt", {
      receiptNo,
      signed: await receiptToken(on.keys, on.id, {
        ...claims,
        mosque: "Masjid Sultan",
        dev: on.id,
      }),
    });
  };
  const listed = async () =>
    (await as["approver"]!.call("/console/api/counter/devices")).body["data"] as {
      held: Array<{ key: string; reason: string }>;
      flagged: Array<{ key: string; reason: string }>;
    };
  const shiftOf = async (id: string) =>
    (await as["viewer"]!.call(`/console/api/counter/shifts/${id}`)).body["data"] as {
      shift: {
        status: string;
        takings: { cash: { cents: number; count: number } };
        balance: { cash: { expected: number; counted: number; difference: number } } | null;
      };
    };
  const openShift = async (officer: ConsoleOfficer, mosqueName: string) => {
    const opened = await officer.call("/console/api/counter/shift", {
      body: { mosqueName, floatCents: 0 },
    });
    expect(opened.status).toBe(201);
    return (opened.body["data"] as { id: string }).id;
  };
  const closeShift = async (officer: ConsoleOfficer, id: string) => {
    const closed = await officer.call(`/console/api/counter/shifts/${id}?do=close`, {
      body: { cash: {}, chequeCount: 0, chequeCents: 0, netsCents: 0 },
    });
    expect(closed.status).toBe(200);
  };
  const audited = async (action: string) =>
    (
      (await as["approver"]!.call(`/console/api/audit?action=${action}`)).body["data"] as {
        entries: Array<{ action: string; entityId: string; reason?: string; actor?: unknown }>;
      }
    ).entries;

  beforeAll(async () => {
    portal = await startPortal(nextPort++, undefined, await database.portalEnv());
    for (const role of ["viewer", "officer", "approver", "finance", "admin"]) {
      as[role] = await signInOfficer(portal.base, portal.dataDir, role);
    }
    const config = await callPortal(
      portal.base,
      "/svc/main/v1/Home/homePageConfiguration?charityId=25",
    );
    ratesVersion = (config.body["data"] as { version: number }).version;
    sultan = await registeredDevice(as["approver"]!, "Masjid Sultan");
    falah = await registeredDevice(as["approver"]!, "Masjid Al-Falah");
  }, 180_000);

  afterAll(async () => {
    await portal?.stop();
    await database.cleanup();
  });

  it("refuses a stranger and every role the table does not let decide; nothing changes", async () => {
    const amil = await credentialOf(as["officer"]!, sultan);
    const held = entry(sultan, expired(amil, sultan.id));
    expect((await sync(sultan, held))[0]).toMatchObject({
      outcome: "held",
      reason: "amil.expired",
    });
    const stranger = await fetch(`${portal.base}${ENTRIES}?do=take`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: portal.base },
      body: JSON.stringify({ deviceId: sultan.id, key: held.key, reason: "Let me in" }),
    });
    expect(stranger.status).toBe(401);
    for (const role of ["viewer", "officer", "finance"]) {
      for (const what of ["take", "refuse", "acknowledge"]) {
        expect(await decide(as[role]!, what, sultan, held)).toMatchObject({
          status: 403,
          body: { code: "console.forbidden" },
        });
      }
    }
    // A decision needs its reason (3 to 500 characters, no markup).
    for (const reason of ["", "x".repeat(501), "<b>ok</b>"]) {
      const refused = await decide(as["approver"]!, "take", sultan, held, { reason });
      expect(refused.status).toBe(400);
    }
    expect((await listed()).held.map((one) => one.key)).toContain(held.key);
  });

  it("takes a held entry once: one donation under its own number, in the amil's shift, audited; the device learns it", async () => {
    const shift = await openShift(as["officer"]!, "Masjid Sultan");
    const amil = await credentialOf(as["officer"]!, sultan);
    const held = entry(sultan, expired(amil, sultan.id));
    await sync(sultan, held);
    const [first, second] = [
      await decide(as["approver"]!, "take", sultan, held),
      await decide(as["approver"]!, "take", sultan, held),
    ];
    const pad = String(sultan.deviceNo).padStart(3, "0");
    const receiptNo = `ZK-D${pad}-${String(held.serial).padStart(8, "0")}`;
    expect(first).toMatchObject({
      status: 200,
      body: { data: { replayed: false, receipt: { receiptNo } } },
    });
    expect(second).toMatchObject({
      status: 200,
      body: { data: { replayed: true, receipt: { receiptNo } } },
    });
    // Both at once as well: still one.
    const both = entry(sultan, expired(amil, sultan.id));
    await sync(sultan, both);
    const racing = await Promise.all([
      decide(as["approver"]!, "take", sultan, both),
      decide(as["admin"]!, "take", sultan, both),
    ]);
    expect(racing.map((one) => one.status)).toEqual([200, 200]);
    expect(
      racing.filter((one) => (one.body["data"] as { replayed: boolean }).replayed),
    ).toHaveLength(1);
    // In the shift once each ($16 cash twice), the held list without them.
    expect((await shiftOf(shift)).shift.takings.cash).toMatchObject({ cents: 3_200, count: 2 });
    expect((await listed()).held.map((one) => one.key)).not.toContain(held.key);
    // A refusal after it was taken changes nothing.
    expect(await decide(as["approver"]!, "refuse", sultan, held)).toMatchObject({
      status: 409,
      body: { code: "counter.entry_decided" },
    });
    const takes = await audited("counter.entries.take");
    expect(takes.filter((one) => one.entityId === `${sultan.id}/${held.key}`)).toHaveLength(1);
    expect(JSON.stringify(takes)).toContain("Checked with the amil and the cash");
    // The device, sending the held entry again, learns it was taken: its receipt.
    const [learnt] = await sync(sultan, held);
    expect(learnt).toMatchObject({ outcome: "applied", replayed: true, receipt: { receiptNo } });
  });

  it("refuses to take an entry whose reason may only be refused; refuses it with a reason, once", async () => {
    const amil = await credentialOf(as["officer"]!, sultan);
    const [payload] = amil.credential.split(".") as [string];
    const forged = entry(sultan, { ...amil, credential: `${payload}.${"A".repeat(43)}` });
    const taken = entry(sultan, amil);
    const reused = entry(sultan, amil, { serial: taken.serial });
    const invalid = entry(sultan, amil, { entry: { ...taken.entry, amountCents: 0 } });
    const answers = await sync(sultan, forged, taken, reused, invalid);
    expect(answers.map((one) => one["reason"])).toEqual([
      "amil.forged",
      undefined,
      "number.used",
      "entry.invalid",
    ]);
    for (const one of [forged, reused, invalid]) {
      expect(await decide(as["approver"]!, "take", sultan, one)).toMatchObject({
        status: 409,
        body: { code: "counter.entry_refuse_only" },
      });
    }
    // Held for a reason that may be taken (a revoked device), with one that may not behind it.
    const revoked = await registeredDevice(as["approver"]!, "Masjid Sultan");
    const theirs = await credentialOf(as["officer"]!, revoked);
    await as["approver"]!.call(`/console/api/counter/devices/${revoked.id}?do=revoke`, {
      body: {},
    });
    const [payload2] = theirs.credential.split(".") as [string];
    const behind = entry(revoked, { ...theirs, credential: `${payload2}.${"B".repeat(43)}` });
    const genuine = entry(revoked, theirs);
    const [a, b] = await sync(revoked, behind, genuine);
    expect([a!["reason"], b!["reason"]]).toEqual(["device.revoked", "device.revoked"]);
    expect(await decide(as["approver"]!, "take", revoked, behind)).toMatchObject({
      status: 409,
      body: { code: "counter.entry_refuse_only" },
    });
    // A genuine receipt from a device revoked after it issued it: taken. At /verify, its token (which
    // the device's revocation alone would refuse) is answered from the server's record; the entry
    // still held is not genuine.
    // Signed after the revocation (a second on, past its time's rounding).
    const after = Math.ceil(Date.now() / 1000) + 1;
    const verifyOf = (serialOf: number) => verifyDevice(revoked, serialOf, after);
    expect((await verifyOf(genuine.serial)).status).toBe(404);
    expect(await decide(as["approver"]!, "take", revoked, genuine)).toMatchObject({ status: 200 });
    expect((await verifyOf(genuine.serial)).body["data"]).toMatchObject({
      amountCents: 1_600,
      synced: true,
    });
    expect((await verifyOf(behind.serial)).status).toBe(404);
    // Its receipt, before the refusal: genuine, issued offline, not yet synced; after: not genuine.
    const verify = () => verifyDevice(sultan, forged.serial, Math.floor(Date.now() / 1000) - 30);
    expect((await verify()).body["data"]).toMatchObject({ amountCents: 1_600, synced: false });
    // Refused: nothing paid; kept as refused; once.
    const refused = await decide(as["approver"]!, "refuse", sultan, forged, {
      reason: "Forged entry",
    });
    expect(refused).toMatchObject({ status: 200, body: { data: { replayed: false } } });
    expect(await decide(as["approver"]!, "refuse", sultan, forged)).toMatchObject({
      status: 200,
      body: { data: { replayed: true } },
    });
    expect(await decide(as["approver"]!, "take", sultan, forged)).toMatchObject({
      status: 409,
      body: { code: "counter.entry_decided" },
    });
    expect((await listed()).held.map((one) => one.key)).not.toContain(forged.key);
    expect(await verify()).toMatchObject({ status: 404, body: { code: "receipt.notGenuine" } });
    const [learnt] = await sync(sultan, forged);
    expect(learnt).toMatchObject({ outcome: "refused", reason: "amil.forged" });
    const lines = await audited("counter.entries.refuse");
    expect(lines.filter((one) => one.entityId === `${sultan.id}/${forged.key}`)).toHaveLength(1);
    expect(JSON.stringify(lines)).toContain("Forged entry");
  });

  it("never lets the entry's own amil decide on it (a second officer does)", async () => {
    const mine = await credentialOf(as["approver"]!, sultan);
    const held = entry(sultan, expired(mine, sultan.id));
    await sync(sultan, held);
    expect(await decide(as["approver"]!, "take", sultan, held)).toMatchObject({
      status: 409,
      body: { code: "approval.self" },
    });
    expect(await decide(as["admin"]!, "take", sultan, held)).toMatchObject({ status: 200 });
  });

  it("moves an entry received outside a shift into a shift of its mosque, never a signed-off one or another mosque's; or acknowledges it", async () => {
    // The approver's shifts at Al-Falah: one signed off, one closed, one open.
    const locked = await openShift(as["approver"]!, "Masjid Al-Falah");
    await closeShift(as["approver"]!, locked);
    const signed = await as["admin"]!.call(`/console/api/counter/shifts/${locked}?do=approve`, {
      body: {},
    });
    expect(signed.status).toBe(200);
    const closed = await openShift(as["approver"]!, "Masjid Al-Falah");
    await closeShift(as["approver"]!, closed);
    const open = await openShift(as["approver"]!, "Masjid Al-Falah");
    // The officer's own shift is at Masjid Sultan: their entries at Al-Falah are in none.
    const amil = await credentialOf(as["officer"]!, falah);
    const [e1, e2, e3] = [entry(falah, amil), entry(falah, amil), entry(falah, amil)];
    const answers = await sync(falah, e1, e2, e3);
    expect(answers.map((one) => one["shiftFlag"])).toEqual([
      "shift.none",
      "shift.none",
      "shift.none",
    ]);
    const sultanShift = (
      (await as["officer"]!.call("/console/api/counter/shift")).body["data"] as {
        shift: { id: string };
      }
    ).shift.id;
    expect(await decide(as["approver"]!, "move", falah, e1, { shiftId: locked })).toMatchObject({
      status: 409,
      body: { code: "shift.locked" },
    });
    expect(
      await decide(as["approver"]!, "move", falah, e1, { shiftId: sultanShift }),
    ).toMatchObject({
      status: 409,
      body: { code: "counter.shift_other_mosque" },
    });
    expect(
      await decide(as["approver"]!, "move", falah, e1, { shiftId: crypto.randomUUID() }),
    ).toMatchObject({ status: 404, body: { code: "shift.notFound" } });
    expect(await decide(as["viewer"]!, "move", falah, e1, { shiftId: open })).toMatchObject({
      status: 403,
    });
    // Into the closed shift: its close's expected cash counts it now (counted $0: $16 short).
    const before = (await shiftOf(closed)).shift.balance!.cash;
    expect(before).toMatchObject({ expected: 0, difference: 0 });
    expect(await decide(as["approver"]!, "move", falah, e1, { shiftId: closed })).toMatchObject({
      status: 200,
      body: { data: { replayed: false } },
    });
    expect(await decide(as["approver"]!, "move", falah, e1, { shiftId: closed })).toMatchObject({
      status: 200,
      body: { data: { replayed: true } },
    });
    expect((await shiftOf(closed)).shift.balance!.cash).toMatchObject({
      expected: 1_600,
      counted: 0,
      difference: -1_600,
    });
    expect(await decide(as["approver"]!, "move", falah, e2, { shiftId: open })).toMatchObject({
      status: 200,
    });
    expect((await shiftOf(open)).shift.takings.cash).toMatchObject({ cents: 1_600, count: 1 });
    expect(await decide(as["approver"]!, "acknowledge", falah, e3)).toMatchObject({ status: 200 });
    expect(await decide(as["approver"]!, "move", falah, e3, { shiftId: open })).toMatchObject({
      status: 409,
      body: { code: "counter.entry_decided" },
    });
    // The signed-off shift is as it was; the flagged list is without them; each step audited.
    expect((await shiftOf(locked)).shift.balance!.cash).toMatchObject({ expected: 0 });
    const flagged = (await listed()).flagged.map((one) => one.key);
    for (const one of [e1, e2, e3]) expect(flagged).not.toContain(one.key);
    expect(
      (await audited("counter.entries"))
        .filter((one) => one.entityId.startsWith(falah.id))
        .map((one) => one.action),
    ).toEqual(expect.arrayContaining(["counter.entries.move", "counter.entries.acknowledge"]));
  });
});
