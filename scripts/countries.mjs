// The country list of spec §3 (code, name, dial code), made from authoritative sources rather than
// memory: the calling codes are libphonenumber's metadata (Google's, as `libphonenumber-js` ships it,
// pinned in package.json), the English and Malay names are CLDR's (Node's ICU, `Intl.DisplayNames`).
// `node scripts/countries.mjs` rewrites packages/adapters/src/db/seed/countries.json, and beside it
// dial-code-regions.json (the main region of each calling code several regions share); the unit test
// `scripts/countries.test.mjs` fails when the files and the metadata disagree.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { getCountries, getCountryCallingCode } from "libphonenumber-js/min";
import metadata from "libphonenumber-js/min/metadata";

const seedFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../packages/adapters/src/db/seed",
);
export const countriesFile = path.join(seedFolder, "countries.json");
export const dialCodeRegionsFile = path.join(seedFolder, "dial-code-regions.json");

/**
 * For each calling code that several regions share (+1, +7, +44...), the one libphonenumber names
 * first, its main region (+1 the US, +44 the UK): `{ "+1": "US", ... }`. A form that knows only a
 * dial code (MyInfo's mobile number) chooses that region.
 */
export function dialCodeRegions() {
  return Object.fromEntries(
    Object.entries(metadata.country_calling_codes)
      .filter(([, regions]) => regions.length > 1)
      .map(([code, regions]) => [`+${code}`, regions[0]])
      .sort(([a], [b]) => Number(a.slice(1)) - Number(b.slice(1))),
  );
}

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
  const regions = dialCodeRegions();
  writeFileSync(dialCodeRegionsFile, `${JSON.stringify(regions, null, 2)}\n`);
  console.log(
    `${Object.keys(regions).length} shared dial codes written to ${path.relative(process.cwd(), dialCodeRegionsFile)}`,
  );
}
