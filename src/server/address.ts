import type { AddressLookupShape } from "@portal/domain";
import { addressLookup } from "@portal/adapters/address";
import { config, scoped } from "./root";

/**
 * The process's address lookup (docs/configuration.md): OneMap's search when PORTAL_ONEMAP_URL is
 * set, otherwise off, so `npm start` needs no network and donors type their address. Reverse geocoding
 * is not configured: no donor form asks for it (see src/server/api/address.ts).
 */
export const addressService = (): AddressLookupShape =>
  scoped("addressLookup", () => {
    const oneMapUrl = config().address.oneMapUrl;
    return addressLookup({ oneMap: oneMapUrl ? { baseUrl: oneMapUrl } : undefined });
  });
