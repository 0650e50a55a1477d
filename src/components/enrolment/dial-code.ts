/** One country of the dial-code list: ISO code, name in the page's language, dial code. */
export type DialCountry = readonly [code: string, name: string, dialCode: string];

/** The main region of each dial code several regions share (`{ "+1": "US", "+44": "GB" }`). */
export type DialCodeRegions = Readonly<Record<string, string>>;

/** Singapore's: the list's first choice, and the answer when nothing else fits. */
export const HOME_REGION = "SG";

/** The dial code of the region chosen (`SG` → `+65`); Singapore's for a region not in the list. */
export const dialCodeOf = (countries: ReadonlyArray<DialCountry>, region: string): string =>
  countries.find(([code]) => code === region)?.[2] ??
  countries.find(([code]) => code === HOME_REGION)?.[2] ??
  "+65";

/**
 * The region to choose for a dial code alone (MyInfo gives a mobile number's country code, not its
 * country): the only region with that code, or the main one where several share it (+1 the US, +44
 * the UK; libphonenumber's choice, generated with the list), Singapore for a code no region has.
 * Accepts `65` as well as `+65`.
 */
export const regionOfDialCode = (
  countries: ReadonlyArray<DialCountry>,
  regions: DialCodeRegions,
  dialCode: string | undefined,
): string => {
  const digits = (dialCode ?? "").trim().replace(/^\+/, "");
  if (!/^\d{1,4}$/.test(digits)) return HOME_REGION;
  const code = `+${digits}`;
  const main = regions[code];
  if (main && countries.some(([region]) => region === main)) return main;
  return countries.find(([, , dial]) => dial === code)?.[0] ?? HOME_REGION;
};
