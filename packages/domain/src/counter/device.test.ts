import { Result } from "effect";
import { describe, expect, it } from "vitest";
import {
  allocateSerial,
  buildOfflineEntry,
  deviceSeriesOfFund,
  offlineReceiptClaims,
  offlineReceiptNo,
  offlineVerifyPath,
  type DeviceRegistration,
} from "./device.ts";
import { checkDeviceReceipt, decideOfflineEntry, readOfflineEntry } from "./offline.ts";

const device: DeviceRegistration = {
  id: "0b6f7c1e-2f59-4d1c-9a55-0d2b6c8d9e10",
  deviceNo: 7,
  blockFrom: 1,
  blockTo: 3,
  mosqueName: "Masjid Sultan",
};
const view = { ...device, revoked: false, revokedAt: null };

describe("a counter device's serials", () => {
  it("numbers each series on its own from the block's first serial, never twice", () => {
    const first = allocateSerial({}, "ZK-D007", device);
    expect(first?.serial).toBe(1);
    const second = allocateSerial(first!.state, "ZK-D007", device);
    expect(second?.serial).toBe(2);
    // The wakaf series starts its own run.
    expect(allocateSerial(second!.state, "WK-D007", device)?.serial).toBe(1);
    expect(second!.state).toEqual({ "ZK-D007": 3 });
  });

  it("gives nothing once the block is used up, or below the block's start", () => {
    expect(allocateSerial({ "ZK-D007": 4 }, "ZK-D007", device)).toBeUndefined();
    expect(allocateSerial({ "ZK-D007": 3 }, "ZK-D007", device)?.serial).toBe(3);
    expect(allocateSerial({}, "ZK-D007", { blockFrom: 5, blockTo: 9 })?.serial).toBe(5);
  });

  it("takes each fund's series from the registry", () => {
    expect(deviceSeriesOfFund("fitrah", 7)).toBe("ZK-D007");
    expect(deviceSeriesOfFund("ilmu", 12)).toBe("WK-D012");
    expect(deviceSeriesOfFund("nothing", 7)).toBeUndefined();
    expect(offlineReceiptNo("fitrah", 7, 42)).toBe("ZK-D007-00000042");
  });
});

describe("the entry a counter device signs", () => {
  const takenAt = new Date("2026-03-19T13:30:00Z");
  const entry = buildOfflineEntry({
    device,
    key: "c0ffee00-0000-4000-8000-000000000001",
    serial: 2,
    takenAt,
    amil: { id: " amil-7 ", name: "Ustaz Hafiz " },
    ratesVersion: 3,
    sale: {
      fund: "fitrah",
      amountCents: 1_600,
      method: "cash",
      reference: " ",
      donor: { name: " Haji Rahman ", email: "", idNumber: "s1234567d" },
    },
  });

  it("is version 1 with the device's mosque, empty fields left out", () => {
    expect(entry).toEqual({
      v: 1,
      deviceId: device.id,
      key: "c0ffee00-0000-4000-8000-000000000001",
      serial: 2,
      takenAt: "2026-03-19T13:30:00.000Z",
      amil: { id: "amil-7", name: "Ustaz Hafiz" },
      ratesVersion: 3,
      entry: {
        fund: "fitrah",
        amountCents: 1_600,
        method: "cash",
        mosqueName: "Masjid Sultan",
        donor: { name: "Haji Rahman", idNumber: "S1234567D" },
      },
    });
  });

  it("is what the server reads and applies under the device's number", () => {
    const read = readOfflineEntry(JSON.stringify(entry));
    expect(Result.isSuccess(read)).toBe(true);
    const cash = { ...entry, entry: { ...entry.entry, donor: { name: "Haji Rahman" } } };
    expect(decideOfflineEntry(cash, view, takenAt, 3)).toMatchObject({
      outcome: "apply",
      entry: { receiptNo: "ZK-D007-00000002" },
      ratesSuperseded: false,
    });
  });

  it("makes a receipt /verify accepts, naming nobody", () => {
    const claims = offlineReceiptClaims({
      receiptNo: "ZK-D007-00000002",
      fund: "fitrah",
      amountCents: 1_600,
      takenAt,
      device,
    });
    expect(JSON.stringify(claims)).not.toContain("Rahman");
    expect(checkDeviceReceipt(claims, "ZK-D007-00000002", view)).toMatchObject({
      flow: "ZAKAT",
      amountCents: 1_600,
    });
    expect(offlineVerifyPath("ZK-D007-00000002", "a.b+c", "/ms")).toBe(
      "/ms/verify?no=ZK-D007-00000002&signed=a.b%2Bc",
    );
  });
});
