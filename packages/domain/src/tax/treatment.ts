import type { FlowType } from "../flow.ts";
import { fundOf } from "../funds/lookup.ts";

/** How a gift counts for income tax: the fund's treatment in the registry (funds/fund.ts). */
export { TAX_TREATMENTS, type TaxTreatment } from "../funds/fund.ts";

export const taxTreatmentOf = (flow: FlowType) => fundOf(flow).tax;
