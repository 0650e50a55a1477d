import type { FlowType } from "../flow.ts";
import { ALL_FUNDS, fundOf } from "../funds/lookup.ts";

/**
 * Which tax line a receipt carries (design/facts.md), from the fund's tax treatment in the registry:
 * zakat paid to the council is deductible as an expense and is included in the donor's assessment
 * automatically when an NRIC/FIN/UEN was given; it is never the 250% line. Gifts to the wakaf funds
 * (Institutions of a Public Character) carry the 250% deduction line. Fidyah and kaffarah are religious
 * obligations with no deduction: no tax line.
 */
export type TaxWording = "zakatAutoInclusion" | "zakatNoTaxId" | "wakaf250" | "none";

/** The funds whose gifts qualify for the 250% deduction (the council confirms the list). */
export const WAKAF_250_FLOWS: ReadonlyArray<FlowType> = ALL_FUNDS.filter(
  (fund) => fund.tax === "wakaf-250",
).map((fund) => fund.flow);

export const taxWording = (flow: FlowType, hasTaxId: boolean): TaxWording => {
  const treatment = fundOf(flow).tax;
  if (treatment === "zakat-1x") return hasTaxId ? "zakatAutoInclusion" : "zakatNoTaxId";
  return treatment === "wakaf-250" ? "wakaf250" : "none";
};

/** Whether a gift to this fund can be registered for IRAS inclusion (zakat and the wakaf funds). */
export const isTaxRegistrable = (flow: FlowType): boolean => fundOf(flow).tax !== "none";
