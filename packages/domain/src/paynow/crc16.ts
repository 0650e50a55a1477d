/**
 * CRC-16/CCITT-FALSE (polynomial 0x1021, initial value 0xFFFF, no reflection, no final XOR), the
 * checksum EMVCo QR payloads carry in tag 63. Computed over the UTF-8 bytes of the text; PayNow
 * payloads are ASCII, where bytes and characters coincide.
 */
export const crc16CcittFalse = (text: string): number => {
  let crc = 0xffff;
  for (const byte of utf8Bytes(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc;
};

/** The checksum as EMVCo writes it: four uppercase hexadecimal digits. */
export const crc16Hex = (text: string): string =>
  crc16CcittFalse(text).toString(16).toUpperCase().padStart(4, "0");

// TextEncoder is a DOM/Node global, which the pure domain may not use.
function* utf8Bytes(text: string): Generator<number> {
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x80) yield code;
    else if (code < 0x800) {
      yield 0xc0 | (code >> 6);
      yield 0x80 | (code & 0x3f);
    } else if (code < 0x10000) {
      yield 0xe0 | (code >> 12);
      yield 0x80 | ((code >> 6) & 0x3f);
      yield 0x80 | (code & 0x3f);
    } else {
      yield 0xf0 | (code >> 18);
      yield 0x80 | ((code >> 12) & 0x3f);
      yield 0x80 | ((code >> 6) & 0x3f);
      yield 0x80 | (code & 0x3f);
    }
  }
}
