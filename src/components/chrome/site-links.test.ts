import { describe, expect, it } from "vitest";
import { siteLinkPath } from "./site-links";

describe("the site's links on a page (issue 34)", () => {
  it("go through /go/ in the page's language, never carrying the address itself", () => {
    expect(siteLinkPath("privacy", "en")).toBe("/go/privacy");
    expect(siteLinkPath("terms", "ms")).toBe("/ms/go/terms");
    expect(siteLinkPath("wakafSite", "ms")).toBe("/ms/go/wakafSite");
  });
});
