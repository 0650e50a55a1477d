import { Result } from "effect";
import { describe, expect, it } from "vitest";
import {
  idleState,
  KIOSK_FUNDS,
  KIOSK_IDLE_MS,
  kioskAmountLimit,
  priceKioskOrder,
  readKioskRequest,
} from "./kiosk.ts";
import type { Cents } from "../money.ts";

const kiosk = "0b6f7c1e-2f59-4d1c-9a55-0d2b6c8d9e10";
const now = new Date("2027-03-28T13:00:00Z");
const rates = {
  fitrahNormalRate: 750 as Cents,
  fitrahPremiumRate: 1_900 as Cents,
  fitrahMinAmount: 750 as Cents,
  fitrahMaxAmount: 10_000 as Cents,
  fidyahPerDay: 130 as Cents,
};
const request = (order: Record<string, unknown>, extra = {}) =>
  JSON.stringify({
    v: 1,
    kiosk,
    key: "kiosk-1",
    at: now.toISOString(),
    order: {
      fund: "harta",
      amountCents: 5_000,
      totalCents: 5_000,
      ratesVersion: 3,
      lang: "en",
      ...order,
    },
    ...extra,
  });
const code = <A, E extends { code: string }>(result: Result.Result<A, E>) =>
  Result.isFailure(result) ? result.failure.code : "ok";

describe("the kiosk's funds", () => {
  it("are the counter's funds but kaffarah, fitrah first, the wakaf funds included", () => {
    expect(KIOSK_FUNDS).toEqual(["fitrah", "harta", "fidyah", "ilmu", "wms"]);
  });
});

describe("a kiosk's signed request", () => {
  it("is read when it names this kiosk and was signed just now", () => {
    const read = readKioskRequest(request({}), kiosk, now);
    expect(Result.isSuccess(read) && read.success.order).toEqual({
      fund: "harta",
      amountCents: 5_000,
      totalCents: 5_000,
      ratesVersion: 3,
      lang: "en",
    });
  });
  it("naming another kiosk is refused (one kiosk's signature speaks for no other)", () => {
    const other = "1b6f7c1e-2f59-4d1c-9a55-0d2b6c8d9e10";
    expect(code(readKioskRequest(request({}), other, now))).toBe("kiosk.request_malformed");
  });
  it("kept for later (more than five minutes old or ahead) is refused", () => {
    const later = new Date(now.getTime() + 5 * 60_000 + 1);
    expect(code(readKioskRequest(request({}), kiosk, later))).toBe("kiosk.request_stale");
    const earlier = new Date(now.getTime() - 5 * 60_000 - 1);
    expect(code(readKioskRequest(request({}), kiosk, earlier))).toBe("kiosk.request_stale");
    expect(code(readKioskRequest(request({}), kiosk, new Date(now.getTime() + 60_000)))).toBe("ok");
  });
  it("refuses what is not JSON, another version, a fund the kiosk does not take", () => {
    expect(code(readKioskRequest("{", kiosk, now))).toBe("kiosk.request_malformed");
    expect(code(readKioskRequest(request({}, { v: 2 }), kiosk, now))).toBe(
      "kiosk.request_malformed",
    );
    expect(code(readKioskRequest(request({ fund: "kaffarah" }), kiosk, now))).toBe(
      "kiosk.order_invalid",
    );
  });
  it("needs persons for fitrah and an amount for the others, whole and not negative", () => {
    const fitrah = { fund: "fitrah", amountCents: undefined };
    expect(code(readKioskRequest(request(fitrah), kiosk, now))).toBe("kiosk.order_invalid");
    expect(
      code(
        readKioskRequest(request({ ...fitrah, persons: { normal: 2, premium: 0 } }), kiosk, now),
      ),
    ).toBe("ok");
    expect(code(readKioskRequest(request({ amountCents: -1 }), kiosk, now))).toBe(
      "kiosk.order_invalid",
    );
    expect(code(readKioskRequest(request({ amountCents: 10.5 }), kiosk, now))).toBe(
      "kiosk.order_invalid",
    );
  });
});

describe("a kiosk order priced", () => {
  const fitrah = (normal: number, premium: number, totalCents: number) => ({
    fund: "fitrah",
    persons: { normal, premium },
    totalCents,
    ratesVersion: 3,
  });
  it("prices fitrah as persons at the normal and the premium rates", () => {
    const priced = priceKioskOrder(fitrah(3, 1, 3 * 750 + 1_900), rates, 3);
    expect(Result.isSuccess(priced) && priced.success).toEqual({
      flow: "ZAKAT",
      item: "fitrah",
      total: 4_150,
      inputs: { fitrah: { normal: 3, premium: 1 } },
    });
  });
  it("refuses a total the rates do not give (a kiosk cannot set its own price)", () => {
    expect(code(priceKioskOrder(fitrah(3, 1, 100), rates, 3))).toBe("kiosk.order_invalid");
  });
  it("refuses no one and more than thirty persons", () => {
    expect(code(priceKioskOrder(fitrah(0, 0, 0), rates, 3))).toBe("kiosk.order_invalid");
    expect(code(priceKioskOrder(fitrah(31, 0, 31 * 750), rates, 3))).toBe("kiosk.order_invalid");
    expect(code(priceKioskOrder(fitrah(30, 0, 30 * 750), rates, 3))).toBe("ok");
  });
  it("asks for a new price when the rates changed since the kiosk priced", () => {
    expect(code(priceKioskOrder(fitrah(1, 0, 750), rates, 4))).toBe("kiosk.rates_changed");
  });
  it("knows each amount fund's limits", () => {
    expect(kioskAmountLimit("ilmu").min).toBeGreaterThan(0);
    expect(kioskAmountLimit("harta").max).toBeGreaterThan(kioskAmountLimit("harta").min);
  });
  it("takes another fund's amount within its limits, as it is", () => {
    const gift = { fund: "ilmu", amountCents: 2_500, totalCents: 2_500, ratesVersion: 3 };
    const priced = priceKioskOrder(gift, rates, 3);
    expect(Result.isSuccess(priced) && priced.success.inputs).toEqual({ ilmu: 2_500 });
    expect(code(priceKioskOrder({ ...gift, amountCents: 0, totalCents: 0 }, rates, 3))).toBe(
      "kiosk.order_invalid",
    );
  });
});

describe("the kiosk's inactivity", () => {
  it("is quiet for fifty seconds, counts the last ten down, then resets", () => {
    expect(idleState(0)).toEqual({ phase: "active" });
    expect(idleState(49_999)).toEqual({ phase: "active" });
    expect(idleState(50_000)).toEqual({ phase: "warning", secondsLeft: 10 });
    expect(idleState(59_001)).toEqual({ phase: "warning", secondsLeft: 1 });
    expect(idleState(KIOSK_IDLE_MS)).toEqual({ phase: "reset" });
  });
});
