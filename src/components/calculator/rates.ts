import { useEffect, useState } from "react";
import { ratesFromHomePageWire } from "@portal/adapters";
import { MAIN_CHARITY_ID, type RateConfig } from "@portal/domain";
import { homePageConfigurationData } from "../../lib/home-config";

/** The live rates and their version, or undefined when the service did not answer with them. */
export const fetchLiveRates = async (
  signal: AbortSignal,
): Promise<{ version: number; rates: RateConfig } | undefined> => {
  // The page lifecycle asked for the same configuration on load: one request serves both.
  const data = await homePageConfigurationData(MAIN_CHARITY_ID);
  if (signal.aborted || data === undefined) return undefined;
  return ratesFromHomePageWire(data);
};

export type LiveRates = NonNullable<Awaited<ReturnType<typeof fetchLiveRates>>>;

/**
 * The rates a giving page prices with: the seeded ones at first, the live ones once fetched. On mount
 * `restore` brings back the stored entries (priced at the seeded rates); when the live rates arrive,
 * `reprice` prices the entries again with them. Offline or refused, the seeded rates stay.
 */
export function useLiveRates(
  initialRates: RateConfig,
  restore: () => void,
  reprice: (live: LiveRates) => void,
): { readonly rates: RateConfig; readonly ratesVersion: number | null } {
  const [rates, setRates] = useState(initialRates);
  const [ratesVersion, setRatesVersion] = useState<number | null>(null);
  useEffect(() => {
    restore();
    const controller = new AbortController();
    fetchLiveRates(controller.signal)
      .then((live) => {
        if (live === undefined) return;
        setRates(live.rates);
        setRatesVersion(live.version);
        reprice(live);
      })
      .catch(() => {
        // Offline or refused: keep the seeded rates.
      });
    return () => controller.abort();
    // Runs once per page: the callbacks read the stores, not this render's values.
  }, [initialRates]);
  return { rates, ratesVersion };
}
