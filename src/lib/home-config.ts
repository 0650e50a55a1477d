import { apiErrorReport } from "@portal/domain";
import { isRecord } from "../stores/session-storage";
import { reportError } from "./error-reporting";

const pending = new Map<number, Promise<unknown>>();

/**
 * A configuration read (POST, no session) by address, under §8's rules for a call whose failure the
 * page explains itself (the API client's `keepPage`): 401, 302 and 504 give no configuration (the
 * body's `data` otherwise); any other failure is reported as '[host] API Error: ...' and rejects, with
 * no reload and no 'Oops!' (going offline shows that through the lifecycle's own watch). A plain
 * `fetch` rather than the API client: every page's footer reads the contacts, and the giving pages
 * read the site settings (site-settings.ts); the client would add about 4 to 6 KB to pages that make
 * no other call before the donor acts (404, error, session-expire, the calculator).
 */
export const readConfigurationData = async (url: string): Promise<unknown> => {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    const text = await response.text();
    const body: unknown = text === "" ? undefined : JSON.parse(text);
    if ([401, 302, 504].includes(response.status)) return undefined;
    if (!response.ok) {
      const message = isRecord(body) && typeof body["message"] === "string" ? body["message"] : "";
      throw new Error(message || response.statusText || `HTTP ${response.status}`);
    }
    return isRecord(body) ? body["data"] : undefined;
  } catch (error) {
    const report = apiErrorReport(location.host, error);
    if (report !== null) reportError(report);
    throw error;
  }
};

const read = (charityId: number): Promise<unknown> =>
  readConfigurationData(`/svc/main/v1/Home/homePageConfiguration?charityId=${charityId}`);

/**
 * A charity's home-page configuration's `data` (undefined when the service refuses), fetched once per
 * page and charity: the lifecycle's rate check, a calculator's live rates, the footer's contacts and
 * the home pages' content blocks share one request. A failure is not kept, so a later caller tries
 * again. The charity is the caller's to name (the main one's id comes from the fund registry, which
 * the pages that only show contacts do not load: ContactDetails.astro writes it into the page).
 */
export const homePageConfigurationData = (charityId: number): Promise<unknown> => {
  const known = pending.get(charityId);
  if (known) return known;
  const current = read(charityId);
  pending.set(charityId, current);
  current.catch(() => {
    if (pending.get(charityId) === current) pending.delete(charityId);
  });
  return current;
};
