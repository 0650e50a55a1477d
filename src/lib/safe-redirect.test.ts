import { describe, expect, it } from "vitest";
import { sameOriginTarget } from "./safe-redirect";

const origin = "https://www.zakat.sg";

describe("sameOriginTarget", () => {
  it("follows a path of this site, with its query and fragment", () => {
    expect(sameOriginTarget("/kaffarah", origin)).toBe("/kaffarah");
    expect(sameOriginTarget("/ms/fidyah?flow=FIDYAH#top", origin)).toBe(
      "/ms/fidyah?flow=FIDYAH#top",
    );
    expect(sameOriginTarget("https://www.zakat.sg/wms", origin)).toBe("/wms");
  });

  it("refuses every target the browser would take to another origin", () => {
    for (const attack of [
      "/\t/evil.example/",
      "/\r/evil.example/",
      "/\n/evil.example/",
      "//evil.example/",
      "/\\evil.example/",
      "\\\\evil.example",
      "https://evil.example/",
      "http://www.zakat.sg/",
      "javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      " //evil.example",
      "https://www.zakat.sg.evil.example/",
      "https://www.zakat.sg@evil.example/",
    ]) {
      expect(sameOriginTarget(attack, origin), JSON.stringify(attack)).toBeNull();
    }
  });

  it("refuses what is not a target at all", () => {
    for (const value of [null, undefined, 42, "", "x".repeat(2001), { href: "/" }]) {
      expect(sameOriginTarget(value, origin)).toBeNull();
    }
    expect(sameOriginTarget("/", "not an origin")).toBeNull();
  });
});
