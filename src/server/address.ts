import type { AddressLookupShape } from "@portal/domain";
import { addressLookup } from "@portal/adapters/address";
import type { PortalConfig } from "./config";

/**
 * The process's address lookup (docs/configuration.md, docs/address.md): OneMap's search when
 * PORTAL_ONEMAP_URL is set, Google's reverse geocoding when PORTAL_GOOGLE_GEOCODING_KEY is; each
 * otherwise off, so `npm start` needs no network and donors type their address.
 */
export const addressLookupOf = ({
  oneMapUrl,
  google,
}: PortalConfig["address"]): AddressLookupShape =>
  addressLookup({ oneMap: oneMapUrl ? { baseUrl: oneMapUrl } : undefined, google });
