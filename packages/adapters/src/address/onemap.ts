import { Effect, Schema } from "effect";
import {
  addressesAtPostalCode,
  cleanPostalCode,
  isPostalCode,
  portError,
  type AddressLookupShape,
} from "@portal/domain";
import { DEFAULT_TIMEOUT_MS, fetchJson, type Fetch } from "./fetch-json";

export interface OneMapOptions {
  /** OneMap's common API base, `https://www.onemap.gov.sg/api/common` (PORTAL_ONEMAP_URL). */
  readonly baseUrl: string;
  readonly fetch?: Fetch;
  readonly timeoutMs?: number;
}

const Part = Schema.optionalKey(Schema.String);

/** OneMap's search answer, the fields the portal reads (others, like coordinates, are ignored). */
export const OneMapSearchAnswer = Schema.Struct({
  found: Schema.Number,
  results: Schema.Array(
    Schema.Struct({ BLK_NO: Part, ROAD_NAME: Part, BUILDING: Part, POSTAL: Part }),
  ),
});

/** The search URL of spec §7: address details, no geometry, the first page. */
export const oneMapSearchUrl = (baseUrl: string, postalCode: string): string => {
  const params = new URLSearchParams({
    searchVal: postalCode,
    returnGeom: "N",
    getAddrDetails: "Y",
    pageNum: "1",
  });
  return `${baseUrl.replace(/\/+$/, "")}/elastic/search?${params}`;
};

/**
 * Postal-code lookup through OneMap's public search (no key). A postal code names one building, so the
 * first page (ten results) holds all its addresses.
 */
export const oneMapPostalCodes = (options: OneMapOptions): AddressLookupShape["byPostalCode"] => {
  const fetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return (postalCode) => {
    const code = cleanPostalCode(postalCode);
    if (!isPostalCode(code)) {
      return Effect.fail(portError("OneMap", "validation.postalCode.invalid", "not a postal code"));
    }
    return fetchJson(
      "OneMap",
      fetch,
      oneMapSearchUrl(options.baseUrl, code),
      OneMapSearchAnswer,
      timeoutMs,
    ).pipe(Effect.map((answer) => addressesAtPostalCode(code, answer.results)));
  };
};
