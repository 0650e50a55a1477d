import type { FlowType } from "../flow.ts";
import { fundOf } from "../funds/lookup.ts";

/** The receipt pages of spec §2 (`/receipt/{product}` is the wakaf route name). */
export type ReceiptPageKind =
  "harta" | "fitrah" | "fidyah" | "kaffarah" | "wakaf" | "donation" | "adoption";

/**
 * The receipt page of a donation (the fund registry's `receiptPage`): zakat with harta is the harta
 * receipt (it lists fitrah too), zakat with fitrah only is the fitrah receipt, fidyah and kaffarah have
 * their own, and the wakaf funds share `/receipt/{product}`.
 */
export const receiptPath = (
  flow: FlowType,
  amounts: Readonly<Record<string, number>>,
  productRoute: string,
): string => {
  const fund = fundOf(flow);
  if (fund.receiptPage !== undefined) {
    return `/receipt/${fund.receiptPage.replace("{product}", productRoute)}`;
  }
  const paid = fund.items.find((item) => (amounts[item.key] ?? 0) > 0) ?? fund.items.at(-1);
  return `/receipt/${paid?.key ?? fund.flow.toLowerCase()}`;
};

/**
 * A receipt link: the page with the transaction number and the receipt token in the query string. The
 * token is what opens it (an unguessable capability); the transaction number only has to agree with it.
 * Nothing personal (no NRIC, no name) ever goes into it.
 */
export const receiptHref = (path: string, transactionNo: string, token: string): string =>
  `${path}?transactionNo=${encodeURIComponent(transactionNo)}&token=${encodeURIComponent(token)}`;
