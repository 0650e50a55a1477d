import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInOfficer, type ConsoleOfficer } from "../support/console";
import {
  amilCredentialMade,
  registeredDevice,
  signedEntry,
  type DeviceKeys,
} from "../support/counter-device";
import { testDatabases } from "../support/databases";
import { callPortal, startPortal, type RunningPortal } from "../support/portal";

// Issue 32, the amil on a counter device, through the real server on both databases: an officer
// (counter.record) signs in on a device online and the council gives the device a credential for them
// on it; each entry carries it and the sync checks it again: missing, forged, another device's or not
// valid at the entry's time is held with its reason. Entries land in the amil's shift open at their
// time at the device's mosque (its close counts them), else are applied and flagged for an officer.
// A device whose block is used up gets a new block in the same series, from an approver. Ports 9140-9159.
let nextPort = 9140;
const SYNC = "/svc/payment/v1/counter/syncEntries";

interface Credential {
  credential: string;
  amil: { id: string; name: string };
  expiresAt: string;
}

describe.each(testDatabases())("the amil on a counter device, on $name", (database) => {
  let portal: RunningPortal;
  const as: Record<string, ConsoleOfficer> = {};
  let device: { keys: DeviceKeys; id: string; deviceNo: number };
  let other: { keys: DeviceKeys; id: string; deviceNo: number };
  let ratesVersion: number;
  let serial = 0;

  const signIn = (officer: ConsoleOfficer, deviceId: string) =>
    officer.call(`/console/api/counter/devices/${deviceId}?do=amil`, { body: {} });
  const entry = (
    given: Credential | undefined,
    extra: Record<string, unknown> = {},
    on = device,
  ) => ({
    v: 1,
    deviceId: on.id,
    key: `amil-${++serial}`,
    serial,
    takenAt: new Date().toISOString(),
    amil: given?.amil ?? { id: "made-up", name: "Made Up" },
    ...(given ? { amilCredential: given.credential } : {}),
    ratesVersion,
    entry: {
      fund: "fitrah",
      amountCents: 1_600,
      method: "cash",
      mosqueName: "Masjid Sultan",
      donor: { name: "Haji Rahman" },
    },
    ...extra,
  });
  const sync = async (on: typeof device, ...entries: Array<Record<string, unknown>>) => {
    const reply = await callPortal(portal.base, SYNC, {
      deviceId: on.id,
      entries: await Promise.all(entries.map((one) => signedEntry(on.keys, one))),
    });
    expect(reply.status).toBe(200);
    return (reply.body["data"] as { entries: Array<Record<string, unknown>> }).entries;
  };
  /** A credential with the council's own key (the portal's), as it would have made one `hoursAgo`. */
  const madeAgo = (given: Credential, deviceId: string, hoursAgo: number, hours = 18) =>
    amilCredentialMade(
      portal.dataDir,
      { sub: given.amil.id, name: given.amil.name, dev: deviceId },
      hoursAgo,
      hours,
    );

  beforeAll(async () => {
    portal = await startPortal(nextPort++, undefined, await database.portalEnv());
    for (const role of ["viewer", "officer", "approver", "finance"]) {
      as[role] = await signInOfficer(portal.base, portal.dataDir, role);
    }
    const config = await callPortal(
      portal.base,
      "/svc/main/v1/Home/homePageConfiguration?charityId=25",
    );
    ratesVersion = (config.body["data"] as { version: number }).version;
    device = await registeredDevice(as["approver"]!, "Masjid Sultan");
    other = await registeredDevice(as["approver"]!, "Masjid Al-Falah");
  }, 180_000);

  afterAll(async () => {
    await portal?.stop();
    await database.cleanup();
  });

  it("gives an amil a credential for the device, as the role table says, audited", async () => {
    for (const role of ["viewer", "finance"]) {
      expect(await signIn(as[role]!, device.id)).toMatchObject({
        status: 403,
        body: { code: "console.forbidden" },
      });
    }
    const unknown = await signIn(as["officer"]!, "00000000-0000-4000-8000-000000000000");
    expect(unknown).toMatchObject({ status: 404, body: { code: "counter.device_unknown" } });
    const given = await signIn(as["officer"]!, device.id);
    expect(given.status).toBe(200);
    const data = given.body["data"] as Credential;
    expect(data.credential).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(Date.parse(data.expiresAt) - Date.now()).toBeGreaterThan(17 * 3600_000);
    const audit = await as["approver"]!.call("/console/api/audit?action=counter.amil", {
      method: "GET",
    });
    const entries = (audit.body["data"] as { entries: Array<{ action: string; entityId: string }> })
      .entries;
    expect(entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: "counter.amil.sign_in", entityId: device.id }),
      ]),
    );
  });

  it("holds an entry whose amil credential is missing, forged, another device's or not valid at its time", async () => {
    const mine = (await signIn(as["officer"]!, device.id)).body["data"] as Credential;
    const theirs = (await signIn(as["officer"]!, other.id)).body["data"] as Credential;
    const [payload, mac] = mine.credential.split(".") as [string, string];
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as Record<
      string,
      unknown
    >;
    // The device rewrites the claims (another amil, a longer life) and keeps the council's MAC.
    const rewritten = `${Buffer.from(JSON.stringify({ ...claims, sub: "someone-else" })).toString("base64url")}.${mac}`;
    const answers = await sync(
      device,
      entry(undefined),
      entry(
        { ...mine, credential: rewritten },
        { amil: { id: "someone-else", name: mine.amil.name } },
      ),
      entry({ ...mine, credential: `${payload}.${"A".repeat(43)}` }),
      // A genuine credential naming another amil than the entry does.
      entry(mine, { amil: { id: "someone-else", name: "Someone Else" } }),
      entry(theirs),
      // Before the amil signed in, and with a credential the council made 20 hours ago (expired).
      entry(mine, { takenAt: new Date(Date.now() - 3600_000).toISOString() }),
      entry({ ...mine, credential: madeAgo(mine, device.id, 20) }),
      entry(mine),
    );
    expect(answers.map((one) => [one["outcome"], one["reason"]])).toEqual([
      ["held", "amil.missing"],
      ["held", "amil.forged"],
      ["held", "amil.forged"],
      ["held", "amil.forged"],
      ["held", "amil.other_device"],
      ["held", "amil.expired"],
      ["held", "amil.expired"],
      ["applied", undefined],
    ]);
    // Each is kept for an officer with its reason, the council's credential not shown.
    const listed = await as["approver"]!.call("/console/api/counter/devices", { method: "GET" });
    const held = (listed.body["data"] as { held: Array<{ reason: string; entry: unknown }> }).held;
    expect(held.map((one) => one.reason)).toEqual(
      expect.arrayContaining(["amil.missing", "amil.forged", "amil.other_device", "amil.expired"]),
    );
    expect(JSON.stringify(held)).not.toContain(mine.credential);
  });

  it("puts synced entries in the amil's shift open at their time, so its close counts them; flags the rest", async () => {
    const amil = as["officer"]!;
    const given = (await signIn(amil, device.id)).body["data"] as Credential;
    // No shift open yet: applied (the money was received) and flagged.
    const [before] = await sync(device, entry(given));
    expect(before).toMatchObject({ outcome: "applied", shiftFlag: "shift.none" });
    const opened = await amil.call("/console/api/counter/shift", {
      body: { mosqueName: "Masjid Sultan", floatCents: 10_000 },
    });
    expect(opened.status).toBe(201);
    const shift = (opened.body["data"] as { id: string }).id;
    // A moment within the shift (after it opened, before its close below).
    const during = new Date().toISOString();
    const inShift = await sync(
      device,
      entry(given),
      entry(given, {
        entry: {
          ...entry(given).entry,
          amountCents: 2_400,
          method: "cheque",
          reference: "CHQ-000123",
        },
      }),
    );
    expect(inShift.map((one) => [one["outcome"], one["shiftFlag"]])).toEqual([
      ["applied", undefined],
      ["applied", undefined],
    ]);
    // The device at another mosque is in no shift of this amil's.
    const elsewhere = (await signIn(amil, other.id)).body["data"] as Credential;
    const [away] = await sync(other, entry(elsewhere, {}, other));
    expect(away).toMatchObject({ outcome: "applied", shiftFlag: "shift.none" });
    // The shift counts them: $100 float + $16 cash; one cheque of $24.
    const seen = await as["viewer"]!.call(`/console/api/counter/shifts/${shift}`);
    const view = seen.body["data"] as {
      shift: {
        takings: {
          cash: { cents: number; count: number };
          cheque: { count: number; cents: number };
        };
      };
      receipts: Array<{ receiptNo: string }>;
    };
    expect(view.shift.takings).toMatchObject({
      cash: { cents: 1_600, count: 1 },
      cheque: { count: 1, cents: 2_400 },
    });
    const pad = String(device.deviceNo).padStart(3, "0");
    expect(view.receipts.map((one) => one.receiptNo)).toEqual(
      inShift.map((one) => (one["receipt"] as { receiptNo: string }).receiptNo),
    );
    expect(view.receipts[0]!.receiptNo).toMatch(new RegExp(`^ZK-D${pad}-`));
    const closed = await amil.call(`/console/api/counter/shifts/${shift}?do=close`, {
      body: {
        cash: { "10000": 1, "1000": 1, "500": 1, "100": 1 },
        chequeCount: 1,
        chequeCents: 2_400,
        netsCents: 0,
      },
    });
    expect(closed.status).toBe(200);
    expect(closed.body["data"]).toMatchObject({
      balance: { cash: { expected: 11_600, counted: 11_600, difference: 0 } },
    });
    // Taken during the shift but sent after its close: its count was made without it; flagged.
    const late = await sync(device, entry(given, { takenAt: during }));
    expect(late[0]).toMatchObject({ outcome: "applied", shiftFlag: "shift.closed" });
    const listed = await as["approver"]!.call("/console/api/counter/devices", { method: "GET" });
    const flagged = (
      listed.body["data"] as { flagged: Array<{ reason: string; receiptNo: string }> }
    ).flagged;
    const flagOf = (answer: Record<string, unknown> | undefined) =>
      flagged.find(
        (one) => one.receiptNo === (answer?.["receipt"] as { receiptNo: string }).receiptNo,
      )?.reason;
    expect([before, away, late[0], ...inShift].map(flagOf)).toEqual([
      "shift.none",
      "shift.none",
      "shift.closed",
      undefined,
      undefined,
    ]);
    // Sent again (a device restarted mid-sync): the kept answer, flag and all.
    const lateEntry = entry(given, { takenAt: during });
    const [first] = await sync(device, lateEntry);
    const [replayed] = await sync(device, lateEntry);
    expect(replayed).toMatchObject({
      outcome: "applied",
      replayed: true,
      shiftFlag: "shift.closed",
      receipt: { receiptNo: (first!["receipt"] as { receiptNo: string }).receiptNo },
    });
  });

  it("gives a device a new block in the same series after its last one: an approver's act, audited", async () => {
    const given = (await signIn(as["officer"]!, device.id)).body["data"] as Credential;
    const [outside] = await sync(device, entry(given, { serial: 130, key: "block-130" }));
    expect(outside).toMatchObject({ outcome: "held", reason: "number.outside_block" });
    const ask = (officer: ConsoleOfficer, body: unknown = {}) =>
      officer.call(`/console/api/counter/devices/${device.id}?do=block`, { body });
    expect(await ask(as["officer"]!)).toMatchObject({
      status: 403,
      body: { code: "console.forbidden" },
    });
    expect(await ask(as["approver"]!, { blockSize: 0 })).toMatchObject({
      status: 400,
      body: { code: "counter.device_invalid" },
    });
    const block = await ask(as["approver"]!, { blockSize: 50 });
    expect(block.status).toBe(200);
    expect(block.body["data"]).toMatchObject({ blockFrom: 1, blockTo: 150, newBlockFrom: 101 });
    // The new block's numbers are the device's; the entries of its first block still are too.
    const [inNew] = await sync(device, entry(given, { serial: 131, key: "block-131" }));
    const pad = String(device.deviceNo).padStart(3, "0");
    expect(inNew).toMatchObject({
      outcome: "applied",
      receipt: { receiptNo: `ZK-D${pad}-00000131` },
    });
    const [inOld] = await sync(device, entry(given, { serial: 90, key: "block-90" }));
    expect(inOld).toMatchObject({ outcome: "applied" });
    const audit = await as["approver"]!.call("/console/api/audit?action=counter.devices", {
      method: "GET",
    });
    const blocks = (
      audit.body["data"] as { entries: Array<{ action: string; after: unknown }> }
    ).entries.filter((one) => one.action === "counter.devices.block");
    expect(blocks).toHaveLength(1);
    expect(blocks[0]!.after).toMatchObject({ block: [1, 150], newBlock: [101, 150] });
    // A revoked device gets no block and no amil.
    await as["approver"]!.call(`/console/api/counter/devices/${other.id}?do=revoke`, { body: {} });
    expect(
      await as["approver"]!.call(`/console/api/counter/devices/${other.id}?do=block`, { body: {} }),
    ).toMatchObject({ status: 409, body: { code: "counter.device_revoked" } });
    expect(await signIn(as["officer"]!, other.id)).toMatchObject({
      status: 409,
      body: { code: "counter.device_revoked" },
    });
  });
});
