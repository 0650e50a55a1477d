import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { base64Bytes } from "./download";

describe("base64Bytes", () => {
  it("gives back exactly the bytes the server encoded", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2_000 }), (bytes) => {
        expect(base64Bytes(Buffer.from(bytes).toString("base64"))).toEqual(bytes);
      }),
    );
    expect(new TextDecoder().decode(base64Bytes("JVBERi0xLjM="))).toBe("%PDF-1.3");
  });
});
