import { decodeRateConfig, type RateConfig } from "@portal/domain";

/** A field of a received body, by path; undefined where the body has no such object. */
const at = (value: unknown, ...path: ReadonlyArray<string>): unknown =>
  path.reduce<unknown>(
    (found, key) =>
      typeof found === "object" && found !== null
        ? (found as Record<string, unknown>)[key]
        : undefined,
    value,
  );

/**
 * Browser side: a received home-page configuration's `data` (`HomePageConfigurationWire`) as the rates
 * every calculator takes; throws if malformed. The rates are checked by the domain's
 * `decodeRateConfig`; written without Effect's Schema, which every giving page would otherwise carry.
 */
export const ratesFromHomePageWire = (data: unknown): { version: number; rates: RateConfig } => {
  const version = at(data, "version");
  if (typeof version !== "number" || !Number.isSafeInteger(version)) {
    throw new TypeError("Home-page configuration: version is missing or not a whole number");
  }
  return {
    version,
    rates: decodeRateConfig({
      nisabValue: at(data, "muisZakatHarta", "nisabValue"),
      goldRate: at(data, "muisZakatHarta", "goldRate"),
      goldDivisor: at(data, "zakat", "goldDivisor"),
      zakatRate: at(data, "zakat", "rate"),
      goldKeptThresholdGrams: at(data, "zakat", "goldKeptThresholdGrams"),
      goldWornThresholdGrams: at(data, "zakat", "goldWornThresholdGrams"),
      fitrahMinAmount: at(data, "muisZakatFitrah", "minAmount"),
      fitrahMaxAmount: at(data, "muisZakatFitrah", "maxAmount"),
      fitrahNormalRate: at(data, "muisZakatFitrah", "normalRate"),
      fitrahPremiumRate: at(data, "muisZakatFitrah", "premiumRate"),
      fidyahPerDay: at(data, "muisZakatFidyah", "fidyahPerDay"),
      maxFidyahLimit: at(data, "muisZakatFidyah", "maxFidyahLimit"),
      kaffarahPerDay: at(data, "muisKaffarah", "kaffarahPerDay"),
      jimakNoOfPeople: at(data, "muisKaffarah", "jimakNoOfPeople"),
      nazarNoOfPeople: at(data, "muisKaffarah", "nazarNoOfPeople"),
    }),
  };
};
