import type { FlowType } from "../flow";
import { fundOf } from "../funds/lookup";

/** How a gift counts for income tax: the fund's treatment in the registry (funds/fund.ts). */
export { TAX_TREATMENTS, type TaxTreatment } from "../funds/fund";

export const taxTreatmentOf = (flow: FlowType) => fundOf(flow).tax;
