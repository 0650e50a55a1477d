import QRCode from "qrcode";

/**
 * The verify link of a receipt drawn as an SVG QR code, on the server as the PayNow QR is
 * (`payments/paynow-qr.ts`), so the receipt page ships no QR library. Error correction Q (25% of the
 * symbol may be lost) because paper receipts get folded and stained; the four-module quiet zone is
 * the standard's minimum.
 */
export const verificationQrSvg = async (link: string, label: string): Promise<string> => {
  const svg = await QRCode.toString(link, {
    errorCorrectionLevel: "Q",
    margin: 4,
    type: "svg",
    color: { dark: "#000000", light: "#ffffff" },
  });
  const name = label.replace(/[<>&"]/g, "");
  return svg.replace("<svg ", `<svg role="img" aria-label="${name}" `).trim();
};
