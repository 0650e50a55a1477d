import { describe, expect, it } from "vitest";
import { amilClaims, amilHeldReason, readAmilClaims, AMIL_CREDENTIAL_TTL_MS } from "./amil.ts";
import { buildOfflineEntry } from "./device.ts";
import { decideOfflineEntry, readOfflineEntry } from "./offline.ts";
import { Result } from "effect";

const deviceId = "0b6f7c1e-2f59-4d1c-9a55-0d2b6c8d9e10";
const issued = new Date("2026-03-19T12:00:00Z");
const claims = amilClaims({ id: "officer-7", name: "Ustaz Hafiz" }, deviceId, issued);
const entryAt = (takenAt: string, amil = { id: "officer-7", name: "Ustaz Hafiz" }) => ({
  deviceId,
  takenAt,
  amil,
});

describe("an amil's credential on a counter device", () => {
  it("names the officer and the device, from its issue until its expiry", () => {
    expect(claims).toEqual({
      v: 1,
      sub: "officer-7",
      name: "Ustaz Hafiz",
      dev: deviceId,
      iat: issued.getTime() / 1000,
      exp: (issued.getTime() + AMIL_CREDENTIAL_TTL_MS) / 1000,
    });
    expect(readAmilClaims(JSON.parse(JSON.stringify(claims)))).toEqual(claims);
    for (const bad of [
      null,
      [],
      { ...claims, v: 2 },
      { ...claims, sub: "" },
      { ...claims, exp: 1 },
    ]) {
      expect(readAmilClaims(bad)).toBeUndefined();
    }
  });

  it("holds an entry whose credential is missing, forged, another device's or not valid at its time", () => {
    expect(amilHeldReason(entryAt("2026-03-19T13:00:00Z"), claims)).toBeUndefined();
    expect(amilHeldReason(entryAt("2026-03-19T13:00:00Z"), "missing")).toBe("amil.missing");
    expect(amilHeldReason(entryAt("2026-03-19T13:00:00Z"), "forged")).toBe("amil.forged");
    // The entry names an amil the credential does not.
    const other = { id: "officer-8", name: "Ustaz Hafiz" };
    expect(amilHeldReason(entryAt("2026-03-19T13:00:00Z", other), claims)).toBe("amil.forged");
    const renamed = { id: "officer-7", name: "Someone Else" };
    expect(amilHeldReason(entryAt("2026-03-19T13:00:00Z", renamed), claims)).toBe("amil.forged");
    expect(
      amilHeldReason(entryAt("2026-03-19T13:00:00Z"), { ...claims, dev: "another-device" }),
    ).toBe("amil.other_device");
    // Before it was given, or after it expired.
    expect(amilHeldReason(entryAt("2026-03-19T11:59:00Z"), claims)).toBe("amil.expired");
    expect(amilHeldReason(entryAt("2026-03-20T06:00:01Z"), claims)).toBe("amil.expired");
  });

  it("travels in the signed entry as a field of its own, and the decision holds on its reason", () => {
    const device = {
      id: deviceId,
      deviceNo: 7,
      blockFrom: 1,
      blockTo: 10,
      mosqueName: "Masjid Sultan",
    };
    const built = buildOfflineEntry({
      device,
      key: "till-1",
      serial: 1,
      takenAt: new Date("2026-03-19T13:00:00Z"),
      amil: { id: "officer-7", name: "Ustaz Hafiz", credential: "payload.mac" },
      ratesVersion: 3,
      sale: { fund: "fitrah", amountCents: 1_600, method: "cash", donor: { name: "Haji Rahman" } },
    });
    expect(built.amil).toEqual({ id: "officer-7", name: "Ustaz Hafiz" });
    expect(built.amilCredential).toBe("payload.mac");
    const read = readOfflineEntry(JSON.stringify(built));
    expect(Result.isSuccess(read)).toBe(true);
    expect(
      Result.isFailure(readOfflineEntry(JSON.stringify({ ...built, amilCredential: 42 }))),
    ).toBe(true);
    const view = { ...device, revoked: false };
    const now = new Date("2026-03-19T13:05:00Z");
    expect(decideOfflineEntry(built, view, now, 3, null, "amil.expired")).toEqual({
      outcome: "hold",
      reason: "amil.expired",
      receiptNo: "ZK-D007-00000001",
    });
    expect(decideOfflineEntry(built, view, now, 3).outcome).toBe("apply");
    // A revoked device's entry is held for that first.
    expect(
      decideOfflineEntry(built, { ...view, revoked: true }, now, 3, null, "amil.forged"),
    ).toMatchObject({
      reason: "device.revoked",
    });
  });
});
