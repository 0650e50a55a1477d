import type { FlowType } from "../flow";

/**
 * Which tax line a receipt carries (design/facts.md): zakat paid to the council is deductible as an
 * expense and is included in the donor's assessment automatically when an NRIC/FIN/UEN was given; it
 * is never the 250% line. Gifts to the wakaf funds (Institutions of a Public Character) carry the 250%
 * deduction line. Fidyah and kaffarah are religious obligations with no deduction: no tax line.
 */
export type TaxWording = "zakatAutoInclusion" | "zakatNoTaxId" | "wakaf250" | "none";

/** The wakaf funds whose gifts qualify for the 250% deduction (the council confirms the list). */
export const WAKAF_250_FLOWS: ReadonlyArray<FlowType> = ["ILMU", "WMS"];

export const taxWording = (flow: FlowType, hasTaxId: boolean): TaxWording => {
  if (flow === "ZAKAT") return hasTaxId ? "zakatAutoInclusion" : "zakatNoTaxId";
  if (WAKAF_250_FLOWS.includes(flow)) return "wakaf250";
  return "none";
};

/** Whether a gift to this fund can be registered for IRAS inclusion (zakat and the wakaf funds). */
export const isTaxRegistrable = (flow: FlowType): boolean => taxWording(flow, true) !== "none";
