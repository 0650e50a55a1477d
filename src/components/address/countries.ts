// Build time only (Astro pages): the islands get the options as props, not the country file.
import countries from "@portal/adapters/countries";
import { SINGAPORE } from "@portal/domain";
import type { Language } from "../../i18n/paths";

export interface CountryOption {
  readonly code: string;
  readonly name: string;
}

/** The country choices in the page's language: Singapore first, then by name, each code once. */
export const countryOptions = (lang: Language): ReadonlyArray<CountryOption> => {
  const byCode = new Map<string, CountryOption>();
  for (const country of countries) {
    if (!byCode.has(country.code)) {
      byCode.set(country.code, {
        code: country.code,
        name: lang === "ms" ? country.nameMs : country.name,
      });
    }
  }
  const all = [...byCode.values()];
  const singapore = all.filter((c) => c.code === SINGAPORE);
  const others = all
    .filter((c) => c.code !== SINGAPORE)
    .sort((a, b) => a.name.localeCompare(b.name, lang));
  return [...singapore, ...others];
};
