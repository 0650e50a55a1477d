import QRCode from "qrcode";
import { Result } from "effect";
import {
  buildPayNowPayload,
  payNowCrcValid,
  type PayNowError,
  type PayNowRequest,
} from "@portal/domain";

/** A PayNow QR ready for the page: the EMVCo payload and the same payload drawn as an SVG. */
export interface PayNowQr {
  readonly payload: string;
  readonly svg: string;
}

/**
 * Error correction M (15% of the symbol may be lost) keeps a ~150-character payload at a version a
 * phone reads from a screen easily; the four-module quiet zone is the QR standard's minimum.
 */
export const PAYNOW_QR_OPTIONS = { errorCorrectionLevel: "M", margin: 4 } as const;

/**
 * Draws a PayNow payload as an SVG QR code (black modules on white, scalable, with an accessible
 * name). A payload whose CRC does not verify is a programming error and is refused.
 */
export const payNowQrSvg = async (payload: string, label = "PayNow QR code"): Promise<string> => {
  if (!payNowCrcValid(payload)) throw new Error("Refusing to draw a PayNow payload with a bad CRC");
  const svg = await QRCode.toString(payload, {
    ...PAYNOW_QR_OPTIONS,
    type: "svg",
    color: { dark: "#000000", light: "#ffffff" },
  });
  const name = label.replace(/[<>&"]/g, "");
  return svg.replace("<svg ", `<svg role="img" aria-label="${name}" `).trim();
};

/** Builds the payload of `request` (see `buildPayNowPayload`) and draws it. */
export const payNowQr = async (
  request: PayNowRequest,
): Promise<Result.Result<PayNowQr, PayNowError>> => {
  const payload = buildPayNowPayload(request);
  if (Result.isFailure(payload)) return Result.fail(payload.failure);
  return Result.succeed({ payload: payload.success, svg: await payNowQrSvg(payload.success) });
};
