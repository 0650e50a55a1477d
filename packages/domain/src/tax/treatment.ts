import type { FlowType } from "../flow";
import { WAKAF_250_FLOWS } from "../receipt/tax";

/**
 * How a gift counts for income tax (design/facts.md): zakat paid to the council is deductible at 1x as
 * an expense (never the 250% line); gifts to the qualifying wakaf funds (Institutions of a Public
 * Character) at 250%; fidyah and kaffarah carry no stated deduction.
 */
export const TAX_TREATMENTS = ["zakat-1x", "wakaf-250", "none"] as const;
export type TaxTreatment = (typeof TAX_TREATMENTS)[number];

export const taxTreatmentOf = (flow: FlowType): TaxTreatment =>
  flow === "ZAKAT" ? "zakat-1x" : WAKAF_250_FLOWS.includes(flow) ? "wakaf-250" : "none";
