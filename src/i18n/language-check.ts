/**
 * What a language still lacks (docs/add-a-language.md): each language's translation file must have every
 * key of the default language's, none empty, and every file must name every language (`language_{code}`,
 * the header's language choice).
 */
export const translationGaps = (
  languages: ReadonlyArray<string>,
  translations: Readonly<Record<string, Readonly<Record<string, string>> | undefined>>,
): string[] => {
  const [first] = languages;
  const reference = first === undefined ? undefined : translations[first];
  if (reference === undefined) return [`${String(first)}: no translation file`];
  const keys = [...Object.keys(reference), ...languages.map((code) => `language_${code}`)];
  return languages.flatMap((lng) => {
    const file = translations[lng];
    if (file === undefined) return [`${lng}: no translation file`];
    const missing = [...new Set(keys)]
      .filter((key) => (file[key] ?? "").trim() === "")
      .map((key) => `${lng}: ${key}`);
    const extra = Object.keys(file)
      .filter((key) => !(key in reference))
      .map((key) => `${lng}: ${key} is not in ${String(first)}`);
    return [...missing, ...extra];
  });
};
