import type { AddressLookupShape } from "@portal/domain";
import { addressLookup } from "@portal/adapters/address";
import { config, scoped } from "./root";

/**
 * The process's address lookup (docs/configuration.md, docs/address.md): OneMap's search when
 * PORTAL_ONEMAP_URL is set, Google's reverse geocoding when PORTAL_GOOGLE_GEOCODING_KEY is; each
 * otherwise off, so `npm start` needs no network and donors type their address.
 */
export const addressService = (): AddressLookupShape =>
  scoped("addressLookup", () => {
    const { oneMapUrl, google } = config().address;
    return addressLookup({ oneMap: oneMapUrl ? { baseUrl: oneMapUrl } : undefined, google });
  });

/** Whether the address forms offer "use my current location" (a geocoding key is configured). */
export const locationLookupOn = (): boolean => config().address.google !== undefined;
