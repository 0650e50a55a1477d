import { SINGAPORE, type FoundAddress } from "./address.ts";
import { cleanPostalCode } from "./postal-code.ts";

/**
 * One result of OneMap's search (`/api/common/elastic/search?getAddrDetails=Y`), the fields the portal
 * reads. OneMap writes `NIL` for a part an address does not have (most often BUILDING).
 */
export interface OneMapResult {
  readonly BLK_NO?: string | undefined;
  readonly ROAD_NAME?: string | undefined;
  readonly BUILDING?: string | undefined;
  readonly POSTAL?: string | undefined;
}

/** A OneMap value as the portal keeps it: trimmed, spaces collapsed, `NIL` (any case) empty. */
const part = (value: string | undefined): string => {
  const text = (value ?? "").trim().replace(/\s+/g, " ");
  return text.toUpperCase() === "NIL" ? "" : text;
};

/** One OneMap result as the portal's address parts, in Singapore. */
export const addressFromOneMap = (result: OneMapResult): FoundAddress => ({
  postalCode: cleanPostalCode(part(result.POSTAL)),
  blockNumber: part(result.BLK_NO),
  streetName: part(result.ROAD_NAME),
  buildingName: part(result.BUILDING),
  country: SINGAPORE,
});

const sameAddress = (a: FoundAddress, b: FoundAddress) =>
  a.blockNumber === b.blockNumber &&
  a.streetName === b.streetName &&
  a.buildingName === b.buildingName;

/**
 * The addresses at `postalCode` among OneMap's results: a search matches words too, so results of
 * another postal code are left out, as are results without a street, and repeats (OneMap lists a
 * building once per name it is known by) are kept once, in OneMap's order.
 */
export const addressesAtPostalCode = (
  postalCode: string,
  results: ReadonlyArray<OneMapResult>,
): ReadonlyArray<FoundAddress> => {
  const wanted = cleanPostalCode(postalCode);
  const found: FoundAddress[] = [];
  for (const result of results) {
    const address = addressFromOneMap(result);
    if (address.postalCode !== wanted || address.streetName === "") continue;
    if (!found.some((seen) => sameAddress(seen, address))) found.push(address);
  }
  return found;
};
