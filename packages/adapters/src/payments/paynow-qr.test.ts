import QRCode from "qrcode";
import { Result } from "effect";
import { cents, parsePayNowPayload, type PayNowRequest } from "@portal/domain";
import { describe, expect, it } from "vitest";
import { PAYNOW_QR_OPTIONS, payNowQr, payNowQrSvg } from "./paynow-qr";

const request: PayNowRequest = {
  uen: "T08GB0032G",
  amount: cents(27300),
  reference: "ZK1731234567890123",
  merchantName: "MUIS",
  expiry: "20261130",
};

/** The dark cells an SVG path from the qrcode renderer paints ("M x y" starts a row run, "m dx 0" skips, "h n" paints). */
const paintedCells = (svg: string, margin: number): Set<string> => {
  const d = /<path[^>]*stroke="#000000"[^>]*d="([^"]*)"/.exec(svg)?.[1] ?? "";
  const cells = new Set<string>();
  let x = 0;
  let y = 0;
  for (const [, cmd, a, b] of d.matchAll(/([Mmh])(-?[\d.]+)(?: (-?[\d.]+))?/g)) {
    if (cmd === "M") {
      x = Number(a);
      y = Number(b) - 0.5;
    } else if (cmd === "m") x += Number(a);
    else for (let i = 0; i < Number(a); i++, x++) cells.add(`${x - margin},${y - margin}`);
  }
  return cells;
};

describe("PayNow QR as SVG", () => {
  it("draws exactly the modules of the QR symbol for the payload", async () => {
    const qr = Result.getOrThrow(await payNowQr(request));
    expect(Result.getOrThrow(parsePayNowPayload(qr.payload)).amount).toBe(27300);
    const symbol = QRCode.create(qr.payload, PAYNOW_QR_OPTIONS);
    expect(symbol.errorCorrectionLevel.bit).toBe(0); // M
    const expected = new Set<string>();
    for (let i = 0; i < symbol.modules.data.length; i++) {
      if (symbol.modules.data[i])
        expected.add(`${i % symbol.modules.size},${Math.floor(i / symbol.modules.size)}`);
    }
    expect(paintedCells(qr.svg, PAYNOW_QR_OPTIONS.margin)).toEqual(expected);
    const side = symbol.modules.size + 2 * PAYNOW_QR_OPTIONS.margin;
    expect(qr.svg).toContain(`viewBox="0 0 ${side} ${side}"`);
    expect(qr.svg).toMatch(
      /^<svg role="img" aria-label="PayNow QR code" xmlns="http:\/\/www\.w3\.org\/2000\/svg"/,
    );
  });

  it("refuses a payload whose CRC does not verify, and passes request errors through", async () => {
    const qr = Result.getOrThrow(await payNowQr(request));
    await expect(payNowQrSvg(`${qr.payload.slice(0, -4)}0000`)).rejects.toThrow(/bad CRC/);
    const refused = await payNowQr({ ...request, reference: "" });
    expect(Result.isFailure(refused) && refused.failure.code).toBe("paynow.reference");
  });
});
