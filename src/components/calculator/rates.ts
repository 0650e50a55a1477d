import { ratesFromHomePageWire } from "@portal/adapters";
import type { RateConfig } from "@portal/domain";

const homePageConfiguration = "/svc/main/v1/Home/homePageConfiguration?charityId=25";

/** The live rates and their version, or undefined when the service did not answer with them. */
export const fetchLiveRates = async (
  signal: AbortSignal,
): Promise<{ version: number; rates: RateConfig } | undefined> => {
  const response = await fetch(homePageConfiguration, {
    method: "POST",
    headers: { "content-type": "application/json" },
    signal,
  });
  if (!response.ok) return undefined;
  const body: unknown = await response.json();
  if (typeof body !== "object" || body === null || !("data" in body)) return undefined;
  return ratesFromHomePageWire(body.data);
};
