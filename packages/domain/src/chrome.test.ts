import { describe, expect, it } from "vitest";
import { logoTarget, VERSION_LABEL } from "./chrome.ts";
import { initialTransactionState } from "./lifecycle.ts";

describe("the header's logo (spec §2: flow and transaction state)", () => {
  const under = { ...initialTransactionState, trxCreationTime: 1_000 };
  const passed = { ...initialTransactionState, transactionPassed: true };

  it("leads to the flow's home when no donation is under way", () => {
    expect(logoTarget("ZAKAT", initialTransactionState)).toBe("/");
    expect(logoTarget("FIDYAH", initialTransactionState)).toBe("/fidyah");
    expect(logoTarget("WMS", initialTransactionState, "wakaf")).toBe("/wms");
    expect(logoTarget("ILMU", initialTransactionState, "derma")).toBe("/derma-ilmu");
  });

  it("leads back to where a donation under way is given, and home once it is paid", () => {
    expect(logoTarget("ZAKAT", under)).toBe("/calculator");
    expect(logoTarget("KAFFARAH", under)).toBe("/kaffarah");
    expect(logoTarget("ZAKAT", passed)).toBe("/");
    expect(logoTarget("ILMU", passed)).toBe("/wakaf-ilmu");
  });

  it("labels the version as the spec does", () => {
    expect(VERSION_LABEL).toBe("v8");
  });
});
