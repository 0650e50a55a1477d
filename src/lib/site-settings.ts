import { isRecord } from "../stores/session-storage";
import { request } from "./api";

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
  pending ??= request(
    "configureWebForCharity",
    { query: { charityId: 25 } },
    { keepPage: true },
  ).then((body) => {
    const data = isRecord(body) && isRecord(body["data"]) ? body["data"] : {};
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
