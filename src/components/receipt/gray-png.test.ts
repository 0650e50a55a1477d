import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { grayPng } from "./gray-png";

const chunks = (png: Uint8Array) => {
  const out: Array<{ type: string; data: Buffer }> = [];
  const buf = Buffer.from(png);
  for (let at = 8; at < buf.length;) {
    const length = buf.readUInt32BE(at);
    out.push({
      type: buf.toString("latin1", at + 4, at + 8),
      data: buf.subarray(at + 8, at + 8 + length),
    });
    at += 12 + length;
  }
  return out;
};

describe("grayscale PNG for receipt PDFs", () => {
  it("writes a valid 2-bit grayscale PNG whose rows decode back to 4 shades", async () => {
    // 3 x 2 pixels: white, black, mid-green; then transparent, grey, white.
    const rgba = new Uint8ClampedArray([
      255, 255, 255, 255, 0, 0, 0, 255, 17, 98, 74, 255, 0, 0, 0, 0, 128, 128, 128, 255, 255, 255,
      255, 255,
    ]);
    const png = await grayPng(rgba, 3, 2);
    expect(Array.from(png.subarray(0, 8))).toEqual([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a,
    ]);
    const [ihdr, idat, iend] = chunks(png);
    expect(ihdr?.type).toBe("IHDR");
    expect(ihdr?.data.readUInt32BE(0)).toBe(3);
    expect(ihdr?.data.readUInt32BE(4)).toBe(2);
    expect(Array.from(ihdr?.data.subarray(8) ?? [])).toEqual([2, 0, 0, 0, 0]);
    expect(iend?.type).toBe("IEND");
    // Two rows of a filter byte and one byte (three 2-bit pixels, then padding):
    // white 3, black 0, green (luma 71) 1; transparent is paper 3, grey 128 is 2, white 3.
    const raw = Array.from(inflateSync(idat?.data ?? Buffer.alloc(0)));
    expect(raw).toEqual([0, 0b11_00_01_00, 0, 0b11_10_11_00]);
  });
});
