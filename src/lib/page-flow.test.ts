import { describe, expect, it } from "vitest";
import { pageFlowOf } from "./page-flow";

describe("the page's flow", () => {
  it("is the flow the page was built for on an ordinary page, whatever is stored or asked", () => {
    expect(
      pageFlowOf({ source: "page", pageFlow: "FIDYAH", search: "?flow=WMS", storedFlow: "ILMU" }),
    ).toBe("FIDYAH");
    expect(
      pageFlowOf({ source: undefined, pageFlow: "KAFFARAH", search: "", storedFlow: null }),
    ).toBe("KAFFARAH");
    expect(pageFlowOf({ source: "page", pageFlow: "nonsense", search: "", storedFlow: null })).toBe(
      "ZAKAT",
    );
  });

  it("on checkout is the flow `?flow=` names, in any case, else the stored one, else zakat", () => {
    const checkout = { source: "query", pageFlow: "ZAKAT" } as const;
    expect(pageFlowOf({ ...checkout, search: "?flow=KAFFARAH", storedFlow: "ZAKAT" })).toBe(
      "KAFFARAH",
    );
    expect(pageFlowOf({ ...checkout, search: "?flow=fidyah", storedFlow: null })).toBe("FIDYAH");
    expect(pageFlowOf({ ...checkout, search: "?flow=zakat", storedFlow: "WMS" })).toBe("ZAKAT");
    // Back from the bank's page (or a social sign-in) the address names no flow: the tab's is kept.
    expect(pageFlowOf({ ...checkout, search: "?return=3ds", storedFlow: "WMS" })).toBe("WMS");
    expect(pageFlowOf({ ...checkout, search: "?flow=PIZZA", storedFlow: "ILMU" })).toBe("ILMU");
    expect(pageFlowOf({ ...checkout, search: "", storedFlow: "PIZZA" })).toBe("ZAKAT");
  });

  it("on a shared enrolment form is the flow the donor came from, not the zakat its path suggests", () => {
    const form = { source: "stored", pageFlow: "ZAKAT", search: "" } as const;
    expect(pageFlowOf({ ...form, storedFlow: "FIDYAH" })).toBe("FIDYAH");
    expect(pageFlowOf({ ...form, storedFlow: "WMS" })).toBe("WMS");
    expect(pageFlowOf({ ...form, search: "?flow=KAFFARAH", storedFlow: "ILMU" })).toBe("ILMU");
    expect(pageFlowOf({ ...form, storedFlow: null })).toBe("ZAKAT");
  });
});
