import { Schema } from "effect";
import {
  brandOf,
  checkDeviceReceipt,
  sgtDate,
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
import { verifyEntrySignature } from "../counter-signatures";
import { isUuid } from "../input";
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

/** A JWS part as JSON, or undefined for anything that is not. */
const jsonPart = (part: string): unknown => {
  try {
    return JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
  } catch {
    return undefined;
  }
};

/**
 * A receipt a registered counter device signed offline (docs/receipts.md, "Offline receipts"): a
 * compact JWS, ES256, whose `kid` names the device; checked against that device's public key, its
 * series and block, and when it was revoked (`checkDeviceReceipt`). Synced, the server's record
 * answers (and must say what the token says: another receipt under the number is no match); not yet
 * synced, the token does, as issued offline at the device's mosque, unless an officer refused the
 * entry of that number (docs/counter.md "Held and flagged entries"). Anything else is undefined.
 */
const verifyDeviceToken = async (
  { services }: HandlerServices,
  receiptNo: string,
  signed: string,
): Promise<VerifiedReceipt | undefined> => {
  const parts = signed.split(".");
  if (parts.length !== 3) return undefined;
  const [head = "", body = "", signature = ""] = parts;
  const header = jsonPart(head) as { alg?: unknown; kid?: unknown } | undefined;
  if (header?.alg !== "ES256" || typeof header.kid !== "string" || !isUuid(header.kid)) {
    return undefined;
  }
  const device = await (await services.records.counterDevices()).find(header.kid);
  // A kiosk signs no receipt (its receipts are the server's): its key vouches for none.
  if (
    !device ||
    device.kind !== "counter" ||
    !verifyEntrySignature(device.publicKey, `${head}.${body}`, signature)
  ) {
    return undefined;
  }
  const within = checkDeviceReceipt(jsonPart(body), receiptNo, {
    ...device.view,
    revokedAt: device.revokedAt,
  });
  // A number past the device's block, or signed after its revocation, is genuine only if an officer
  // took its entry (docs/counter.md "Held and flagged entries"): then the server's record answers.
  const claims =
    within ??
    checkDeviceReceipt(jsonPart(body), receiptNo, {
      ...device.view,
      blockFrom: 1,
      blockTo: Number.MAX_SAFE_INTEGER,
      revokedAt: null,
    });
  if (!claims) return undefined;
  const receipts = await services.records.receipts();
  const onServer = await receipts.verify(receiptNo, receipts.verificationCode(receiptNo));
  if (onServer) {
    const same = onServer.flow === claims.flow && onServer.amountCents === claims.amountCents;
    return same ? onServer : undefined;
  }
  if (!within) return undefined;
  // Refused by an officer (a forged entry, say): its number stands refused, its receipt not genuine.
  if (await (await services.records.counterDevices()).refusedNumber(header.kid, receiptNo)) {
    return undefined;
  }
  return {
    receiptNo,
    flow: claims.flow,
    items: claims.items,
    amountCents: claims.amountCents,
    refundedCents: 0,
    issuedOn: sgtDate(claims.issuedAt.getTime()),
    source: "pos",
    mosqueName: device.view.mosqueName,
    status: "accepted",
    replacedBy: null,
    by: "device",
    synced: false,
  };
};

const notGenuine = () =>
  failure(404, "No genuine receipt has this number and code.", {}, "receipt.notGenuine");

/**
 * verifyReceipt (issue 32, `/verify`): whether a receipt is genuine, and if so its number, fund,
 * items, amount, date, source, mosque and status, never who gave it. A wrong code, an unknown number
 * and a number that cannot be one all answer the same 404; the address's limit is counted before
 * anything is read, so trying codes soon stops answering.
 */
const verifyReceipt =
  (given: HandlerServices): Handler =>
  async ({ body, clientAddress }) => {
    const { services } = given;
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
        ? await verifyDeviceToken(given, receiptNo, request.signed)
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

/** `verificationOf` for a receipt known by its number (a kiosk's or a counter's PayNow receipt). */
export const verificationByNumber = async (
  services: HandlerServices["services"],
  receipt: { readonly receiptNo: string; readonly flow: string },
  lang: Language,
) => {
  const receipts = await services.records.receipts();
  return verificationOf(
    services.config,
    {
      receiptNo: receipt.receiptNo,
      flow: receipt.flow as FlowType,
      verificationCode: receipts.verificationCode(receipt.receiptNo),
    },
    lang,
  );
};
