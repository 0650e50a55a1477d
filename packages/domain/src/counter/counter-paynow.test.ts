import { Result } from "effect";
import { describe, expect, it } from "vitest";
import { buildCounterPayNow, readCounterPayNow } from "./counter-paynow.ts";
import type { Cents } from "../money.ts";

// PayNow at the counter (docs/counter.md "PayNow at the counter"): what the device signs, and what
// the server reads of it. Its method, source and mosque are the server's: a request naming them is
// refused, so a device (or anyone holding its key) cannot make a receipt say another mosque.

const device = { id: "0b6f7c1e-2f59-4d1c-9a55-0d2b6c8d9e10", mosqueName: "Masjid Sultan" };
const now = new Date("2027-03-28T13:00:00Z");
const rates = {
  fitrahNormalRate: 750 as Cents,
  fitrahPremiumRate: 1_900 as Cents,
  fitrahMinAmount: 750 as Cents,
  fitrahMaxAmount: 10_000 as Cents,
  fidyahPerDay: 130 as Cents,
};
const current = { version: 3, rates };
const built = (sales: Parameters<typeof buildCounterPayNow>[0]["sales"], at = now) =>
  buildCounterPayNow({
    deviceId: device.id,
    key: "pay-1",
    takenAt: at,
    amil: { id: "officer-1", name: " Ustaz Hafiz ", credential: "claims.mac" },
    ratesVersion: 3,
    lang: "ms",
    sales,
  });
const read = (value: unknown) => readCounterPayNow(JSON.stringify(value), device, now, current);
const code = (result: ReturnType<typeof read>) =>
  Result.isFailure(result) ? result.failure.code : "ok";
const harta = { fund: "harta", amountCents: 12_000, donor: { name: "Haji Rahman", email: " " } };

describe("a counter's PayNow request", () => {
  it("is built with no empty field and read back as the counter's entries at the device's mosque", () => {
    const request = built([{ ...harta, donor: { ...harta.donor, idNumber: "s1234567d" } }]);
    expect(request).toMatchObject({ v: 1, kind: "paynow", amil: { name: "Ustaz Hafiz" } });
    expect(request.sales[0]!.donor).toEqual({ name: "Haji Rahman", idNumber: "S1234567D" });
    const result = read(request);
    expect(Result.isSuccess(result) && result.success.entries).toEqual([
      expect.objectContaining({
        fund: "harta",
        amountCents: 12_000,
        mosqueName: "Masjid Sultan",
        donor: expect.objectContaining({ idKind: "NRIC" }),
      }),
    ]);
  });

  it("refuses a request that names a source, a mosque or a method, or another device", () => {
    const request = built([harta]);
    expect(code(read({ ...request, source: "online" }))).toBe("counter.paynow_malformed");
    expect(code(read({ ...request, mosqueName: "Masjid Palsu" }))).toBe("counter.paynow_malformed");
    expect(code(read({ ...request, sales: [{ ...harta, mosqueName: "Masjid Palsu" }] }))).toBe(
      "counter.paynow_malformed",
    );
    expect(code(read({ ...request, sales: [{ ...harta, method: "cash" }] }))).toBe(
      "counter.paynow_malformed",
    );
    expect(code(read({ ...request, deviceId: "1b6f7c1e-2f59-4d1c-9a55-0d2b6c8d9e10" }))).toBe(
      "counter.paynow_malformed",
    );
    expect(code(read({ ...request, kind: "entry" }))).toBe("counter.paynow_malformed");
  });

  it("refuses one signed long ago or ahead, a payment the counter's rules refuse, a fund twice", () => {
    expect(code(read(built([harta], new Date(now.getTime() - 6 * 60_000))))).toBe(
      "counter.paynow_stale",
    );
    expect(code(read(built([harta], new Date(now.getTime() + 6 * 60_000))))).toBe(
      "counter.paynow_stale",
    );
    expect(code(read(built([{ ...harta, amountCents: 0 }])))).toBe("counter.paynow_invalid");
    expect(code(read(built([{ ...harta, donor: { name: "" } }])))).toBe("counter.paynow_invalid");
    expect(code(read(built([harta, harta])))).toBe("counter.paynow_invalid");
    expect(code(read(built([])))).toBe("counter.paynow_malformed");
  });

  it("prices a household's people at the current rates, one sale per fund", () => {
    const people = [
      { name: "Siti Aminah", kind: "premium" as const, cents: 1_900 },
      { name: "Adam", kind: "normal" as const, cents: 750 },
    ];
    const fidyah = [{ name: "Siti Aminah", days: 3, cents: 390 }];
    const donor = { name: "Haji Rahman" };
    const both = built([
      { fund: "fitrah", amountCents: 2_650, donor, household: people },
      { fund: "fidyah", amountCents: 390, donor, household: fidyah },
    ]);
    expect(code(read(both))).toBe("ok");
    const cheap = people.map((line) => ({ ...line, cents: 700 }));
    expect(
      code(read(built([{ fund: "fitrah", amountCents: 1_400, donor, household: cheap }]))),
    ).toBe("counter.paynow_invalid");
    expect(code(read({ ...both, ratesVersion: 2 }))).toBe("counter.rates_changed");
  });
});
