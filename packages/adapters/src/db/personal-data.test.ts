import { describe, expect, it } from "vitest";
import { sealing } from "./personal-data";

const row = (id: string) => Buffer.from(id, "utf8");

describe("sealing (values kept as given)", () => {
  const key = Buffer.alloc(32, 5);
  const text = '  {"to":"Aminah@Example.SG","text":"Resit: https://p.sg/r?token=Ab_9"}\n';

  it("opens to exactly what was sealed, case and spaces kept, and seals differently each time", () => {
    const sealer = sealing(key, "portal:test:v1");
    const sealed = sealer.seal(text, row("row-1"));
    expect(sealer.open(sealed, row("row-1"))).toBe(text);
    expect(sealer.seal(text, row("row-1")).equals(sealed)).toBe(false);
    expect(sealed.toString("latin1")).not.toContain("Aminah");
  });

  it("opens only in its own row, under its own key and purpose, and untouched", () => {
    const sealed = sealing(key, "portal:test:v1").seal(text, row("row-1"));
    expect(() => sealing(key, "portal:test:v1").open(sealed, row("row-2"))).toThrow();
    expect(() =>
      sealing(Buffer.alloc(32, 6), "portal:test:v1").open(sealed, row("row-1")),
    ).toThrow();
    expect(() => sealing(key, "portal:other:v1").open(sealed, row("row-1"))).toThrow();
    const tampered = Buffer.from(sealed);
    tampered[tampered.length - 1] = (tampered.at(-1) ?? 0) ^ 1;
    expect(() => sealing(key, "portal:test:v1").open(tampered, row("row-1"))).toThrow();
  });
});
