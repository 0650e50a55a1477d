import { describe, expect, it } from "vitest";
import { taxTreatmentOf } from "./treatment.ts";

describe("taxTreatmentOf", () => {
  it("zakat is 1x (never 250%), the wakaf funds 250%, fidyah and kaffarah not deductible", () => {
    expect(taxTreatmentOf("ZAKAT")).toBe("zakat-1x");
    expect(taxTreatmentOf("ILMU")).toBe("wakaf-250");
    expect(taxTreatmentOf("WMS")).toBe("wakaf-250");
    expect(taxTreatmentOf("FIDYAH")).toBe("none");
    expect(taxTreatmentOf("KAFFARAH")).toBe("none");
  });
});
