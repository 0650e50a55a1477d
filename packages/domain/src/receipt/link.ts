import type { FlowType } from "../flow";

/** The receipt pages of spec §2 (`/receipt/{product}` is the wakaf route name). */
export type ReceiptPageKind =
  "harta" | "fitrah" | "fidyah" | "kaffarah" | "wakaf" | "donation" | "adoption";

/**
 * The receipt page of a donation: zakat with harta is the harta receipt (it lists fitrah too), zakat
 * with fitrah only is the fitrah receipt, fidyah and kaffarah have their own, and both wakaf funds share
 * `/receipt/{product}`.
 */
export const receiptPath = (
  flow: FlowType,
  amounts: Readonly<Record<string, number>>,
  productRoute: string,
): string => {
  switch (flow) {
    case "ZAKAT":
      return (amounts["harta"] ?? 0) > 0 ? "/receipt/harta" : "/receipt/fitrah";
    case "FIDYAH":
      return "/receipt/fidyah";
    case "KAFFARAH":
      return "/receipt/kaffarah";
    default:
      return `/receipt/${productRoute}`;
  }
};

/**
 * A receipt link: the page with the transaction number and the receipt token in the query string. The
 * token is what opens it (an unguessable capability); the transaction number only has to agree with it.
 * Nothing personal (no NRIC, no name) ever goes into it.
 */
export const receiptHref = (path: string, transactionNo: string, token: string): string =>
  `${path}?transactionNo=${encodeURIComponent(transactionNo)}&token=${encodeURIComponent(token)}`;
