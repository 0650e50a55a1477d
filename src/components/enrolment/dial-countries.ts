// At build time only (the pages' frontmatter): the dial-code list goes to the islands as data, so no
// library and no whole country file reaches the page's JavaScript.
import countryList from "@portal/adapters/countries";
import dialCodeRegions from "@portal/adapters/dial-code-regions";
import type { DialCodeRegions, DialCountry } from "./dial-code";
import type { Language } from "../../i18n/paths";

/** §3's country list for the dial code, sorted by name in the page's language. */
export const dialCountries = (lang: Language): DialCountry[] =>
  countryList
    .map((c): DialCountry => [c.code, lang === "ms" ? c.nameMs : c.name, c.dialCode])
    .sort((a, b) => a[1].localeCompare(b[1], lang));

/** The main region of each shared dial code (generated with the list by scripts/countries.mjs). */
export const mainDialRegions: DialCodeRegions = dialCodeRegions;
