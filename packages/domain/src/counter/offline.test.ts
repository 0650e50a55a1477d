import { Result } from "effect";
import { describe, expect, it } from "vitest";
import {
  checkDeviceReceipt,
  decideOfflineEntry,
  deviceReceiptOf,
  deviceSeries,
  deviceSeriesAll,
  HELD_REASONS,
  readOfflineEntry,
  receiptNumberOf,
  type DeviceView,
  type OfflineEntryInput,
} from "./offline.ts";
import { decideTaking, entryDecisionRefusal, mayBeTaken, TAKEABLE_REASONS } from "./held.ts";

const device: DeviceView = {
  id: "0b6f7c1e-2f59-4d1c-9a55-0d2b6c8d9e10",
  deviceNo: 7,
  blockFrom: 1,
  blockTo: 2_000,
  revoked: false,
  mosqueName: "Masjid Sultan",
};
const now = new Date("2026-03-19T14:00:00Z");
const input: OfflineEntryInput = {
  v: 1,
  deviceId: device.id,
  key: "till-7-0001",
  serial: 42,
  takenAt: "2026-03-19T13:30:00Z",
  amil: { id: "amil-7", name: "Ustaz Hafiz" },
  ratesVersion: 3,
  entry: {
    fund: "fitrah",
    amountCents: 1_000,
    method: "cash",
    mosqueName: "Masjid Sultan",
    donor: { name: "Haji Rahman" },
  },
};

describe("offline counter entries", () => {
  it("number a device's receipts in its own series, one per fund series", () => {
    expect(deviceSeries("ZK", 7)).toBe("ZK-D007");
    expect(receiptNumberOf("ZK-D007", 42)).toBe("ZK-D007-00000042");
    expect(deviceSeriesAll(12)).toEqual(expect.arrayContaining(["ZK-D012", "WK-D012"]));
  });

  it("apply a good entry under the device's number, at the device's mosque", () => {
    const decision = decideOfflineEntry(
      { ...input, entry: { ...input.entry, mosqueName: "Another" } },
      device,
      now,
      3,
    );
    expect(decision).toMatchObject({
      outcome: "apply",
      ratesSuperseded: false,
      entry: { receiptNo: "ZK-D007-00000042", entry: { mosqueName: "Masjid Sultan" } },
    });
  });

  it("apply an entry priced at rates replaced since, flagged: the money was received", () => {
    expect(decideOfflineEntry(input, device, now, 4)).toMatchObject({
      outcome: "apply",
      ratesSuperseded: true,
    });
  });

  it("hold, with its reason, what the server cannot take as it is", () => {
    const held = (entry: OfflineEntryInput, view: DeviceView = device) =>
      decideOfflineEntry(entry, view, now, 3);
    expect(held(input, { ...device, revoked: true })).toMatchObject({
      outcome: "hold",
      reason: "device.revoked",
      receiptNo: "ZK-D007-00000042",
    });
    expect(held({ ...input, serial: 2_001 })).toMatchObject({ reason: "number.outside_block" });
    expect(held({ ...input, entry: { ...input.entry, fund: "lottery" } })).toMatchObject({
      reason: "entry.invalid",
      receiptNo: null,
    });
    expect(held({ ...input, takenAt: "2026-03-19T15:00:00Z" })).toMatchObject({
      reason: "entry.time",
    });
    expect(held({ ...input, deviceId: "1b6f7c1e-2f59-4d1c-9a55-0d2b6c8d9e10" })).toMatchObject({
      reason: "device.other",
    });
  });

  it("refuse a signed text that is not an entry of version 1", () => {
    expect(Result.isSuccess(readOfflineEntry(JSON.stringify(input)))).toBe(true);
    for (const text of [
      "not json",
      "[]",
      JSON.stringify({ ...input, v: 2 }),
      JSON.stringify({ ...input, serial: 1.5 }),
      JSON.stringify({ ...input, deviceId: "x" }),
      JSON.stringify({ ...input, amil: { id: "a" } }),
      JSON.stringify({ ...input, entry: null }),
      JSON.stringify({ ...input, key: "" }),
    ]) {
      const read = readOfflineEntry(text);
      expect(Result.isFailure(read) && read.failure.code).toBe("counter.entry_malformed");
    }
  });
});

describe("a receipt a device signed offline", () => {
  const claims = {
    no: "ZK-D007-00000042",
    fund: "ZAKAT",
    items: { fitrah: 1_000, fidyah: 600 },
    amt: 1_600,
    iat: Date.parse("2026-03-19T13:30:00Z") / 1000,
    dev: device.id,
  };
  const held: DeviceView & { revokedAt: Date | null } = { ...device, revokedAt: null };

  it("holds when its number, fund, items and device agree", () => {
    expect(checkDeviceReceipt(claims, "ZK-D007-00000042", held)).toMatchObject({
      flow: "ZAKAT",
      amountCents: 1_600,
      items: [
        { item: "fitrah", amountCents: 1_000 },
        { item: "fidyah", amountCents: 600 },
      ],
    });
    expect(deviceReceiptOf("WK-D012-00000007")).toEqual({
      fundSeries: "WK",
      deviceNo: 12,
      serial: 7,
    });
    expect(deviceReceiptOf("ZK-00000007")).toBeUndefined();
  });

  it("is not genuine when anything disagrees", () => {
    const check = (changed: object, asked = claims.no, view = held) =>
      checkDeviceReceipt({ ...claims, ...changed }, asked, view);
    expect(check({}, "ZK-D007-00000043")).toBeUndefined();
    expect(check({ amt: 1_700 })).toBeUndefined();
    expect(check({ fund: "ILMU" })).toBeUndefined();
    expect(check({ dev: "someone-else" })).toBeUndefined();
    expect(check({ no: "ZK-D008-00000042" }, "ZK-D008-00000042")).toBeUndefined();
    expect(check({ no: "ZK-D007-00002001" }, "ZK-D007-00002001")).toBeUndefined();
    expect(check({ items: { fitrah: -1, fidyah: 1_601 } })).toBeUndefined();
    // Signed after the device was revoked: not genuine; before: still genuine.
    const revokedAt = new Date("2026-03-19T13:00:00Z");
    expect(check({}, claims.no, { ...held, revoked: true, revokedAt })).toBeUndefined();
    expect(
      check({}, claims.no, {
        ...held,
        revoked: true,
        revokedAt: new Date("2026-03-19T14:00:00Z"),
      }),
    ).toBeDefined();
  });
});

// An officer's decision on a held entry (held.ts): a revoked device whose entry is past its block.
const revoked: DeviceView = { ...device, blockTo: 100, revoked: true };
const heldInput: OfflineEntryInput = { ...input, serial: 142 };

describe("an officer's decision on a held counter entry", () => {
  it("may take only what was genuine and paid; the rest may only be refused", () => {
    expect([...HELD_REASONS.filter(mayBeTaken)].sort()).toEqual([...TAKEABLE_REASONS].sort());
    for (const reason of ["amil.forged", "number.used", "entry.invalid", "device.other"] as const) {
      expect(mayBeTaken(reason)).toBe(false);
    }
  });

  it("takes an entry of a revoked device, past its block, with an expired amil, under its own number and time", () => {
    const decision = decideTaking(heldInput, revoked, now, 3, null, "amil.expired");
    expect(decision).toMatchObject({
      outcome: "apply",
      ratesSuperseded: false,
      entry: { receiptNo: "ZK-D007-00000142", takenAt: new Date(heldInput.takenAt) },
    });
  });

  it("takes an entry older than the sync takes, never one dated ahead of the clock", () => {
    const old = { ...heldInput, takenAt: "2025-12-01T10:00:00Z" };
    expect(decideTaking(old, revoked, now, 3, null)).toMatchObject({
      outcome: "apply",
      entry: { takenAt: new Date(old.takenAt) },
    });
    const ahead = { ...heldInput, takenAt: "2026-03-20T14:00:00Z" };
    expect(decideTaking(ahead, revoked, now, 3, null)).toMatchObject({
      outcome: "hold",
      reason: "entry.time",
    });
  });

  it("still holds what may not be waived behind a reason that may: a forged amil, an invalid entry", () => {
    expect(decideTaking(heldInput, revoked, now, 3, null, "amil.forged")).toMatchObject({
      outcome: "hold",
      reason: "amil.forged",
    });
    const invalid = { ...heldInput, entry: { ...heldInput.entry, amountCents: 0 } };
    expect(decideTaking(invalid, revoked, now, 3, null)).toMatchObject({
      outcome: "hold",
      reason: "entry.invalid",
    });
    // Priced at rates replaced since: taken as the sync takes it, flagged.
    expect(decideTaking(heldInput, revoked, now, 4, null)).toMatchObject({ ratesSuperseded: true });
  });

  it("is never the entry's own amil's decision", () => {
    expect(entryDecisionRefusal("amil-7", "amil-7")).toMatchObject({ code: "approval.self" });
    expect(entryDecisionRefusal("amil-7", "approver-1")).toBeUndefined();
  });
});
