// The country list of spec §3 (code, name, dial code), made from authoritative sources rather than
// memory: the calling codes are libphonenumber's metadata (Google's, as `libphonenumber-js` ships it,
// pinned in package.json), the English and Malay names are CLDR's (Node's ICU, `Intl.DisplayNames`).
// `node scripts/countries.mjs` rewrites packages/adapters/src/db/seed/countries.json; the unit test
// `scripts/countries.test.mjs` fails when the file and the metadata disagree.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { getCountries, getCountryCallingCode } from "libphonenumber-js/min";

export const countriesFile = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../packages/adapters/src/db/seed/countries.json",
);

/** Every region libphonenumber dials, by English name: `{ code, name, nameMs, dialCode }`. */
export function countryList() {
  const en = new Intl.DisplayNames(["en"], { type: "region", fallback: "code" });
  const ms = new Intl.DisplayNames(["ms"], { type: "region", fallback: "code" });
  return getCountries()
    .map((code) => ({
      code,
      name: en.of(code) ?? code,
      nameMs: ms.of(code) ?? code,
      dialCode: `+${getCountryCallingCode(code)}`,
    }))
    .sort((a, b) => a.name.localeCompare(b.name, "en"));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const list = countryList();
  writeFileSync(countriesFile, `${JSON.stringify(list, null, 2)}\n`);
  console.log(`${list.length} countries written to ${path.relative(process.cwd(), countriesFile)}`);
}
