import { describe, expect, it } from "vitest";
import { socialReturnTarget } from "./social-start";

describe("the page a social sign-in began on", () => {
  const back = { path: "/", search: "?code=abc&state=xyz", inFlight: true };

  it("is where the provider's return moves on to, with the provider's answer", () => {
    expect(socialReturnTarget({ ...back, start: "/ms/fidyah" })).toBe(
      "/ms/fidyah?code=abc&state=xyz",
    );
    expect(
      socialReturnTarget({ ...back, start: "/checkout", search: "?error=access_denied" }),
    ).toBe("/checkout?error=access_denied");
  });

  it("is not moved to when the return already is that page, or nothing is in flight or answered", () => {
    expect(socialReturnTarget({ ...back, start: "/" })).toBeNull();
    expect(socialReturnTarget({ ...back, start: "/ms/fidyah", inFlight: false })).toBeNull();
    expect(socialReturnTarget({ ...back, start: "/ms/fidyah", search: "" })).toBeNull();
    expect(socialReturnTarget({ ...back, start: "/ms/fidyah", search: "?code=abc" })).toBeNull();
    expect(socialReturnTarget({ ...back, start: null })).toBeNull();
  });

  it("is only ever a path of this site", () => {
    for (const start of [
      "//evil.example/x",
      "/\t/evil.example/",
      "https://evil.example/",
      "fidyah",
      "/a?b=c",
      "/a b",
    ]) {
      expect(socialReturnTarget({ ...back, start })).toBeNull();
    }
    expect(socialReturnTarget({ ...back, start: `/${"a".repeat(300)}` })).toBeNull();
  });
});
