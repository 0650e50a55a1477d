import { isRecord } from "../stores/session-storage";
import { requestAt } from "./api";

let pending: Promise<unknown> | undefined;

/**
 * The home-page configuration's `data` (undefined when the service refuses), fetched once per page: the
 * lifecycle's rate check and a calculator's live rates share one request. A failure is not kept, so a
 * later caller tries again.
 */
export const homePageConfigurationData = (): Promise<unknown> => {
  // A background read: when it fails the page goes on with the rates it has (reported, no reload;
  // going offline shows the 'Oops!' notice through the lifecycle's own watch).
  pending ??= requestAt(
    "/svc/main/v1/Home/homePageConfiguration?charityId=25",
    {},
    { keepPage: true },
  ).then((body) => (isRecord(body) ? body["data"] : undefined));
  const current = pending;
  current.catch(() => {
    if (pending === current) pending = undefined;
  });
  return current;
};
