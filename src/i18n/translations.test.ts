import { describe, expect, it } from "vitest";
import { languages, localizedPath, resources } from "./index";
import { translationGaps } from "./language-check";
import { translations } from "./translations";

const keys = (lng: keyof typeof resources) => Object.keys(resources[lng].translation).sort();

describe("translations", () => {
  it("English and Malay have exactly the same keys", () => {
    expect(keys("ms")).toEqual(keys("en"));
  });

  it("every language has every key, and every file names every language", () => {
    expect(translationGaps(languages, translations)).toEqual([]);
  });

  it("no translation is empty", () => {
    for (const lng of ["en", "ms"] as const) {
      for (const [key, text] of Object.entries(resources[lng].translation)) {
        expect(text.trim(), `${lng}:${key}`).not.toBe("");
      }
    }
  });
});

describe("localizedPath", () => {
  it("puts Malay under /ms/ and English unprefixed", () => {
    expect(localizedPath("/", "ms")).toBe("/ms/");
    expect(localizedPath("/calculator", "ms")).toBe("/ms/calculator");
    expect(localizedPath("/ms/calculator", "en")).toBe("/calculator");
    expect(localizedPath("/ms/", "en")).toBe("/");
    expect(localizedPath("/ms", "en")).toBe("/");
  });

  it("leaves paths that merely start with ms alone", () => {
    expect(localizedPath("/msx", "en")).toBe("/msx");
    expect(localizedPath("/ms/fidyah", "ms")).toBe("/ms/fidyah");
  });
});
