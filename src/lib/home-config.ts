import { isRecord } from "../stores/session-storage";

const homePageConfiguration = "/svc/main/v1/Home/homePageConfiguration?charityId=25";

let pending: Promise<unknown> | undefined;

/**
 * The home-page configuration's `data` (undefined when the service refuses), fetched once per page: the
 * lifecycle's rate check and a calculator's live rates share one request. A failure is not kept, so a
 * later caller tries again.
 */
export const homePageConfigurationData = (): Promise<unknown> => {
  pending ??= fetch(homePageConfiguration, {
    method: "POST",
    headers: { "content-type": "application/json" },
  }).then(async (response) => {
    if (!response.ok) return undefined;
    const body: unknown = await response.json();
    return isRecord(body) ? body["data"] : undefined;
  });
  const current = pending;
  current.catch(() => {
    if (pending === current) pending = undefined;
  });
  return current;
};
