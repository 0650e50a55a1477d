import { Schema } from "effect";
import {
  brandOf,
  printedVerificationCode,
  readReceiptNo,
  verifyHref,
  type FlowType,
  type VerifiedReceipt,
} from "@portal/domain";
import { verificationQrSvg } from "@portal/adapters/receipts";
import { languages } from "../../i18n/languages";
import type { Language } from "../../i18n/paths";
import { siteOrigins } from "../site-origins";
import { serverText } from "../translations";
import type { PortalConfig } from "../config";
import { receiptVerificationWait } from "../rate-limits/receipt-verification";
import { decode, Text } from "./decode";
import { failure, success } from "./envelope";
import type { Handler, HandlerServices } from "./types";

/**
 * verifyReceipt's body: the receipt number and its verification code, as typed or as the QR code's
 * link carries them; or, for a receipt issued offline at a counter (a later change), the `signed`
 * token its device made (docs/receipts.md, "Offline receipts": a compact JWS under the device's key).
 */
const VerifyBody = Schema.Struct({
  receiptNo: Text(60),
  code: Schema.optionalKey(Text(40)),
  signed: Schema.optionalKey(Text(4_000)),
});

/**
 * Receipts a registered counter device signed offline, checked against that device's public key.
 * Device registration is not built yet (issue 32's counter app), so no device is registered and no
 * signed token verifies: it answers "not genuine", like a forged one.
 */
const verifyDeviceToken = async (
  _receiptNo: string,
  _signed: string,
): Promise<VerifiedReceipt | undefined> => undefined;

const notGenuine = () =>
  failure(404, "No genuine receipt has this number and code.", {}, "receipt.notGenuine");

/**
 * verifyReceipt (issue 32, `/verify`): whether a receipt is genuine, and if so its number, fund,
 * items, amount, date, source, mosque and status, never who gave it. A wrong code, an unknown number
 * and a number that cannot be one all answer the same 404; the address's limit is counted before
 * anything is read, so trying codes soon stops answering.
 */
const verifyReceipt =
  ({ services }: HandlerServices): Handler =>
  async ({ body, clientAddress }) => {
    const request = decode(VerifyBody, body);
    const wait = await receiptVerificationWait(services, clientAddress);
    if (wait > 0) {
      return failure(
        429,
        "Too many receipt checks from this address; please try again in a minute.",
        { "retry-after": String(wait) },
        "receipt.verifyLimited",
      );
    }
    const receiptNo = readReceiptNo(request.receiptNo);
    if (receiptNo === undefined) return notGenuine();
    const found =
      request.signed !== undefined
        ? await verifyDeviceToken(receiptNo, request.signed)
        : request.code !== undefined
          ? await (await services.records.receipts()).verify(receiptNo, request.code)
          : undefined;
    return found ? success({ data: found }) : notGenuine();
  };

export const verifyHandlers = (given: HandlerServices) =>
  ({ verifyReceipt: verifyReceipt(given) }) satisfies Record<string, Handler>;

/**
 * What a receipt page adds to a receipt's data (issue 32): its verification code, the verify page's
 * link at the fund's own site in the page's language, and the link drawn as a QR code.
 */
export const verificationOf = async (
  config: Pick<PortalConfig, "publicUrl" | "wakafPublicUrl" | "productRoute">,
  receipt: {
    readonly receiptNo: string;
    readonly flow: FlowType;
    readonly verificationCode: string;
  },
  lang: Language,
) => {
  const origins = siteOrigins(config);
  const verifyUrl = verifyHref(receipt.receiptNo, receipt.verificationCode, {
    origin: brandOf(receipt.flow) === "wakaf" ? origins.wakaf : origins.zakat,
    languagePrefix: lang === languages[0] ? "" : `/${lang}`,
  });
  return {
    verificationCode: printedVerificationCode(receipt.verificationCode),
    verifyUrl,
    verifyQrSvg: await verificationQrSvg(verifyUrl, serverText(lang)("verify_qr_label")),
  };
};
