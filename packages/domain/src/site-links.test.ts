import { describe, expect, it } from "vitest";
import { decodeSiteContentChange, ContentRefused } from "./console/site-content.ts";
import { DEFAULT_SITE_LINKS, isSiteLink, siteLinksOf } from "./site-links.ts";

describe("the site's links (issue 34)", () => {
  it("take an https address or one of the portal's own paths, nothing else", () => {
    for (const good of [
      "/privacy",
      "/ms/terms",
      "/privacy#rights",
      "https://www.muis.gov.sg/a?b=1",
    ])
      expect(isSiteLink(good), good).toBe(true);
    for (const bad of [
      "javascript:alert(1)",
      "http://www.muis.gov.sg/",
      "//evil.example/",
      "/\\evil.example",
      "data:text/html,x",
      "https://a.sg/<x>",
      "https://a.sg/ x",
      "privacy",
      `https://a.sg/${"x".repeat(300)}`,
    ])
      expect(isSiteLink(bad), bad).toBe(false);
  });

  it("read a stored value that cannot be shown as its default, never throwing", () => {
    expect(siteLinksOf(undefined)).toEqual(DEFAULT_SITE_LINKS);
    expect(siteLinksOf("nonsense")).toEqual(DEFAULT_SITE_LINKS);
    expect(
      siteLinksOf({
        privacy: "javascript:x",
        terms: "",
        korbanReceipts: "https://k.sg/",
        zakatSite: 4,
      }),
    ).toEqual({ ...DEFAULT_SITE_LINKS, korbanReceipts: "https://k.sg/" });
  });

  it("are refused in the console by the field's path, and the privacy and terms links are required", () => {
    const refused = (links: Record<string, unknown>) => {
      try {
        decodeSiteContentChange({ links: { ...DEFAULT_SITE_LINKS, ...links } });
      } catch (error) {
        return error instanceof ContentRefused ? [error.code, error.field] : error;
      }
      return undefined;
    };
    expect(refused({ terms: " " })).toEqual(["content.required", "links.terms"]);
    expect(refused({ wakafSite: "ftp://x.sg/" })).toEqual(["content.invalid", "links.wakafSite"]);
    expect(refused({ otherReceipts: 5 })).toEqual(["content.invalid", "links.otherReceipts"]);
    expect(refused({ korbanReceipts: "" })).toBeUndefined();
    expect(
      decodeSiteContentChange({ links: { privacy: " /privacy ", terms: "/terms" } }).links,
    ).toMatchObject({ privacy: "/privacy", zakatSite: "" });
  });
});
