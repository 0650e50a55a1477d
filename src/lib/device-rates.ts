import { ratesFromHomePageWire } from "@portal/adapters";
import { MAIN_CHARITY_ID, type HouseholdRates } from "@portal/domain";

// The rates a mosque's counter device or kiosk prices at (issue 32): the configuration every page
// reads, checked as the calculator checks it (`ratesFromHomePageWire`). A plain GET that fails quietly:
// these pages run offline or unattended, where a failed read is expected and reporting it is noise.

const CONFIG_PATH = `/svc/main/v1/Home/homePageConfiguration?charityId=${MAIN_CHARITY_ID}`;

/** The rates the pages are priced at now, and their version (undefined offline or on failure). */
export const currentRates = async (): Promise<
  { readonly version: number; readonly rates: HouseholdRates } | undefined
> => {
  try {
    const response = await fetch(CONFIG_PATH, { headers: { accept: "application/json" } });
    if (!response.ok) return undefined;
    const data = ((await response.json()) as { data?: unknown }).data;
    const { version, rates } = ratesFromHomePageWire(data);
    return { version, rates };
  } catch {
    return undefined;
  }
};
