import { isRecord } from "../stores/session-storage";
import { readConfigurationData } from "./home-config";

/** The server's own settings the pages honour (configureWebForCharity; docs/configuration.md). */
export interface SiteSettings {
  /** Donors sign in before giving (PORTAL_SIGN_IN_REQUIRED). */
  readonly signInRequired: boolean;
  /** The address forms may offer "use my current location" (PORTAL_GOOGLE_GEOCODING_KEY). */
  readonly locationLookup: boolean;
}

let pending: Promise<SiteSettings> | undefined;

/**
 * The site configuration's settings, read once per page. A failed read is not kept (a later caller
 * asks again) and counts as neither: the server still refuses a guest's gift where sign-in is required.
 */
export const siteSettings = (): Promise<SiteSettings> => {
  // By address, not through the API client: the giving pages make no other call before the donor acts.
  pending ??= readConfigurationData(
    "/svc/configuration/api/Configuration/configureWebForCharity?charityId=25",
  ).then((found) => {
    const data = isRecord(found) ? found : {};
    return {
      signInRequired: data["signInRequired"] === true,
      locationLookup: data["locationLookup"] === true,
    };
  });
  const current = pending;
  return current.catch(() => {
    if (pending === current) pending = undefined;
    return { signInRequired: false, locationLookup: false };
  });
};
