import { Schema } from "effect";
import { describe, expect, it } from "vitest";
import { decodeInput, InputRefused, parseJson, urlProblem, wellFormed } from "./input";

describe("the edge's input rule", () => {
  it("takes paired surrogates (an emoji) and refuses a NUL or a lone surrogate", () => {
    expect(wellFormed("Siti 🌙 Aminah")).toBe(true);
    for (const text of ["a\u0000", "\ud800", "x\udc00y", "\udbff"])
      expect(wellFormed(text)).toBe(false);
  });

  it("refuses them in any string or key of a JSON body, however deep", () => {
    expect(parseJson('{"a":[{"b":"🌙"}]}')).toEqual({ a: [{ b: "🌙" }] });
    for (const text of ['{"a":[{"b":"\\ud800"}]}', '{"\\u0000":1}', '["\\udc00"]', "{"])
      expect(() => parseJson(text)).toThrow(InputRefused);
  });

  it("refuses a NUL, a lone surrogate's bytes or a long value in an address", () => {
    expect(urlProblem(new URL("http://x/console/api/audit?officer=Siti"))).toBeUndefined();
    for (const url of [
      "http://x/console/api/audit?officer=%00",
      "http://x/console/api/donations/%00",
      "http://x/console/api/donations/%ED%A0%80",
      `http://x/console/api/donations/${"Z".repeat(201)}`,
      `http://x/svc/a?b=${"c".repeat(201)}`,
    ])
      expect(urlProblem(new URL(url)), url).toEqual(expect.any(String));
  });

  it("names the fields a schema refuses", () => {
    const schema = Schema.Struct({ name: Schema.String, amountCents: Schema.Int });
    expect(decodeInput(schema, { name: "a", amountCents: 1 })).toEqual({
      name: "a",
      amountCents: 1,
    });
    try {
      decodeInput(schema, { name: 1, amountCents: "100" });
      expect.unreachable();
    } catch (error) {
      expect((error as InputRefused).fields).toEqual(["name", "amountCents"]);
    }
  });
});
