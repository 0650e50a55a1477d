import { describe, expect, it } from "vitest";
import { seedRates } from "./config.ts";
import {
  checksRates,
  ERROR_REPORTING_SAMPLE_RATES,
  initialTransactionState,
  markRecurringRedirect,
  markTransactionPassed,
  readTransactionState,
  resetsOnLoad,
  staleTransactionOnLoad,
  startTransaction,
} from "./lifecycle.ts";
import { isRateChange, rateFieldsOf, readRateFields, STALE_TRANSACTION_MS } from "./session.ts";

const now = 1_700_000_000_000;

describe("transaction state", () => {
  it("a transaction starts with its creation time; a recurring redirect and a pass are marked", () => {
    const started = startTransaction(now);
    expect(started).toEqual({
      trxCreationTime: now,
      redirectToOxiPay: false,
      transactionPassed: false,
    });
    expect(markRecurringRedirect(started).redirectToOxiPay).toBe(true);
    expect(markTransactionPassed()).toEqual({
      trxCreationTime: null,
      redirectToOxiPay: false,
      transactionPassed: true,
    });
  });

  it("reads kept state, treating anything unreadable as initial", () => {
    expect(readTransactionState({ trxCreationTime: now, redirectToOxiPay: true })).toEqual({
      trxCreationTime: now,
      redirectToOxiPay: true,
      transactionPassed: false,
    });
    for (const junk of [null, 3, "x", { trxCreationTime: "soon", transactionPassed: "yes" }]) {
      expect(readTransactionState(junk)).toEqual(initialTransactionState);
    }
  });
});

describe("stale transaction on load", () => {
  const started = startTransaction(now);
  it("reloads once for a transaction older than 30 minutes, then only expires", () => {
    expect(staleTransactionOnLoad(started, now + STALE_TRANSACTION_MS, false)).toBe("none");
    expect(staleTransactionOnLoad(started, now + STALE_TRANSACTION_MS + 1, false)).toBe(
      "expireAndReload",
    );
    expect(staleTransactionOnLoad(started, now + STALE_TRANSACTION_MS + 1, true)).toBe("expire");
    expect(staleTransactionOnLoad(initialTransactionState, now, false)).toBe("none");
  });
});

describe("resets on load", () => {
  it("a passed transaction resets every giving state on a landing route only", () => {
    const passed = { pageFlow: "ZAKAT" as const, storedFlow: "ZAKAT", transactionPassed: true };
    expect(resetsOnLoad({ ...passed, path: "/" })).toEqual({
      resets: ["zakatCalculator", "fidyah", "kaffarah", "donationWidget"],
      storeFlow: "ZAKAT",
      clearPassed: true,
    });
    expect(resetsOnLoad({ ...passed, path: "/ms/calculator" }).clearPassed).toBe(true);
    expect(resetsOnLoad({ ...passed, path: "/profile" })).toEqual({
      resets: [],
      storeFlow: "ZAKAT",
      clearPassed: false,
    });
  });

  it("a flow change resets the old flow's state and keeps the new flow", () => {
    expect(
      resetsOnLoad({
        path: "/fidyah",
        pageFlow: "FIDYAH",
        storedFlow: "ZAKAT",
        transactionPassed: false,
      }),
    ).toEqual({ resets: ["zakatCalculator"], storeFlow: "FIDYAH", clearPassed: false });
    expect(
      resetsOnLoad({
        path: "/wms",
        pageFlow: "WMS",
        storedFlow: "nonsense",
        transactionPassed: false,
      }).resets,
    ).toEqual([]);
  });

  it("rates are checked on the zakat, fidyah and kaffarah flows, not the wakaf ones", () => {
    expect(
      ["ZAKAT", "FIDYAH", "KAFFARAH", "ILMU", "WMS"].map((f) => checksRates(f as never)),
    ).toEqual([true, true, true, false, false]);
  });
});

describe("kept rate fields", () => {
  it("a change of the normal or premium fitrah rate is a rate change, like the nisab's", () => {
    const fields = rateFieldsOf(seedRates);
    for (const changed of ["fitrahNormalRate", "fitrahPremiumRate", "nisabValue"] as const) {
      expect(isRateChange(fields, { ...fields, [changed]: fields[changed] + 10 })).toBe(true);
    }
    expect(isRateChange(fields, { ...fields })).toBe(false);
  });

  it("round-trip through JSON and refuse anything that is not whole, non-negative numbers", () => {
    const fields = rateFieldsOf(seedRates);
    expect(Object.keys(fields)).toHaveLength(9);
    expect(readRateFields(JSON.parse(JSON.stringify(fields)))).toEqual(fields);
    expect(readRateFields({ ...fields, nisabValue: -1 })).toBeUndefined();
    expect(readRateFields({ ...fields, fidyahPerDay: 4.5 })).toBeUndefined();
    expect(readRateFields({ ...fields, jimakNoOfPeople: "60" })).toBeUndefined();
    expect(readRateFields(null)).toBeUndefined();
    expect(readRateFields({ ...seedRates })).toEqual(fields);
  });
});

describe("error reporting", () => {
  it("samples every trace, a tenth of sessions and every errored session (§9)", () => {
    expect(ERROR_REPORTING_SAMPLE_RATES).toEqual({
      tracesSampleRate: 1,
      replaysSessionSampleRate: 0.1,
      replaysOnErrorSampleRate: 1,
    });
  });
});
