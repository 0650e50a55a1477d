import { homePath, type FlowType } from "./flow.ts";
import type { TransactionState } from "./lifecycle.ts";

/** The version label (spec §9), shown at the foot of every page and on the error page. */
export const VERSION_LABEL = "v8";

/**
 * Where the header's logo leads (spec §2: it depends on the flow and the transaction state). After a
 * paid donation, the flow's home, whose landing starts a new gift afresh (§4 resets). With a donation
 * under way, back to where it is given: the zakat calculator for zakat (its entries kept), the fund's
 * own page otherwise. With neither, the flow's home.
 */
export const logoTarget = (
  flow: FlowType,
  transaction: Pick<TransactionState, "trxCreationTime" | "transactionPassed">,
  productRoute?: string,
): string => {
  if (transaction.transactionPassed) return homePath(flow, productRoute);
  if (transaction.trxCreationTime !== null && flow === "ZAKAT") return "/calculator";
  return homePath(flow, productRoute);
};
