import type { AddressLookupShape } from "@portal/domain";
import { addressLookup } from "@portal/adapters/address";
import { shared } from "./shared";

/**
 * The process's address lookup (docs/configuration.md): OneMap's search when PORTAL_ONEMAP_URL is
 * set, otherwise off, so `npm start` needs no network and donors type their address. Reverse geocoding
 * is not configured: no donor form asks for it (see src/server/api/address.ts).
 */
export const addressService = (): AddressLookupShape =>
  shared("addressLookup", () => {
    const oneMapUrl = process.env["PORTAL_ONEMAP_URL"]?.trim();
    return addressLookup({ oneMap: oneMapUrl ? { baseUrl: oneMapUrl } : undefined });
  });
