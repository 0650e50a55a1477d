import { describe, expect, it } from "vitest";
import {
  LANGUAGE_MEMORY_MS,
  languageChoice,
  languageKey,
  languageRedirect,
  rememberedLanguage,
} from "./language-choice";

describe("the remembered language choice", () => {
  const at = Date.UTC(2026, 2, 2, 1, 0, 0);

  it("is kept under a portal. key, which logout removes", () => {
    expect(languageKey.startsWith("portal.")).toBe(true);
  });

  it("reads back the chosen language within 10 minutes", () => {
    expect(LANGUAGE_MEMORY_MS).toBe(600_000);
    expect(rememberedLanguage(languageChoice("ms", at), at)).toBe("ms");
    expect(rememberedLanguage(languageChoice("en", at), at + 599_999)).toBe("en");
  });

  it("forgets it after 10 minutes", () => {
    expect(rememberedLanguage(languageChoice("ms", at), at + 600_000)).toBeUndefined();
  });

  it("ignores nothing stored, other languages and malformed values", () => {
    expect(rememberedLanguage(null, at)).toBeUndefined();
    expect(rememberedLanguage("ms", at)).toBeUndefined();
    expect(rememberedLanguage("not json{", at)).toBeUndefined();
    expect(
      rememberedLanguage(JSON.stringify({ language: "fr", until: at + 1 }), at),
    ).toBeUndefined();
    expect(rememberedLanguage(JSON.stringify({ language: "ms" }), at)).toBeUndefined();
    expect(rememberedLanguage("null", at)).toBeUndefined();
  });
});

describe("the remembered language on every page", () => {
  const at = Date.UTC(2026, 2, 2, 1, 0, 0);
  const here = (pathname: string, search = "", hash = "") => ({ pathname, search, hash });

  it("opens the same page in the remembered language, keeping query and fragment", () => {
    const ms = languageChoice("ms", at);
    expect(languageRedirect(here("/calculator", "?a=1", "#x"), "en", ms, at)).toBe(
      "/ms/calculator?a=1#x",
    );
    expect(languageRedirect(here("/"), "en", ms, at)).toBe("/ms/");
    expect(languageRedirect(here("/ms/fidyah/profile"), "ms", languageChoice("en", at), at)).toBe(
      "/fidyah/profile",
    );
  });

  it("stays when the page is in the remembered language, or no choice is remembered", () => {
    expect(
      languageRedirect(here("/ms/kaffarah"), "ms", languageChoice("ms", at), at),
    ).toBeUndefined();
    expect(languageRedirect(here("/kaffarah"), "en", null, at)).toBeUndefined();
    expect(
      languageRedirect(here("/kaffarah"), "en", languageChoice("ms", at), at + LANGUAGE_MEMORY_MS),
    ).toBeUndefined();
  });
});
