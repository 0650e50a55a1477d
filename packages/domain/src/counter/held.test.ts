import { describe, expect, it } from "vitest";
import { decideTaking, entryDecisionRefusal, mayBeTaken, TAKEABLE_REASONS } from "./held.ts";
import { HELD_REASONS, type DeviceView, type OfflineEntryInput } from "./offline.ts";

const device: DeviceView = {
  id: "0b6f7c1e-2f59-4d1c-9a55-0d2b6c8d9e10",
  deviceNo: 7,
  blockFrom: 1,
  blockTo: 100,
  revoked: true,
  mosqueName: "Masjid Sultan",
};
const now = new Date("2026-03-19T14:00:00Z");
const input: OfflineEntryInput = {
  v: 1,
  deviceId: device.id,
  key: "till-7-0001",
  serial: 142,
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

describe("an officer's decision on a held counter entry", () => {
  it("may take only what was genuine and paid; the rest may only be refused", () => {
    expect([...HELD_REASONS.filter(mayBeTaken)].sort()).toEqual([...TAKEABLE_REASONS].sort());
    for (const reason of ["amil.forged", "number.used", "entry.invalid", "device.other"] as const) {
      expect(mayBeTaken(reason)).toBe(false);
    }
  });

  it("takes an entry of a revoked device, past its block, with an expired amil, under its own number and time", () => {
    const decision = decideTaking(input, device, now, 3, null, "amil.expired");
    expect(decision).toMatchObject({
      outcome: "apply",
      ratesSuperseded: false,
      entry: { receiptNo: "ZK-D007-00000142", takenAt: new Date(input.takenAt) },
    });
  });

  it("takes an entry older than the sync takes, never one dated ahead of the clock", () => {
    const old = { ...input, takenAt: "2025-12-01T10:00:00Z" };
    expect(decideTaking(old, device, now, 3, null)).toMatchObject({
      outcome: "apply",
      entry: { takenAt: new Date(old.takenAt) },
    });
    const ahead = { ...input, takenAt: "2026-03-20T14:00:00Z" };
    expect(decideTaking(ahead, device, now, 3, null)).toMatchObject({
      outcome: "hold",
      reason: "entry.time",
    });
  });

  it("still holds what may not be waived behind a reason that may: a forged amil, an invalid entry", () => {
    expect(decideTaking(input, device, now, 3, null, "amil.forged")).toMatchObject({
      outcome: "hold",
      reason: "amil.forged",
    });
    const invalid = { ...input, entry: { ...input.entry, amountCents: 0 } };
    expect(decideTaking(invalid, device, now, 3, null)).toMatchObject({
      outcome: "hold",
      reason: "entry.invalid",
    });
    // Priced at rates replaced since: taken as the sync takes it, flagged.
    expect(decideTaking(input, device, now, 4, null)).toMatchObject({ ratesSuperseded: true });
  });

  it("is never the entry's own amil's decision", () => {
    expect(entryDecisionRefusal("amil-7", "amil-7")).toMatchObject({ code: "approval.self" });
    expect(entryDecisionRefusal("amil-7", "approver-1")).toBeUndefined();
  });
});
