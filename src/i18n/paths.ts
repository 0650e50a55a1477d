/** The portal's two languages; English is the default and is served unprefixed, Malay under /ms/. */
export const languages = ["en", "ms"] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = "en";

export const isLanguage = (value: unknown): value is Language =>
  typeof value === "string" && (languages as readonly string[]).includes(value);

/** The path of `path` in language `lng`. */
export const localizedPath = (path: string, lng: Language): string => {
  const bare = path.replace(/^\/ms(?=\/|$)/, "") || "/";
  if (lng === defaultLanguage) return bare;
  return bare === "/" ? "/ms/" : `/ms${bare}`;
};
