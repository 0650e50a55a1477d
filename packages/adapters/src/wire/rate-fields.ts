import { readRateFields, type RateFields } from "@portal/domain";

const part = (data: Record<string, unknown>, key: string): Record<string, unknown> => {
  const value = data[key];
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
};

/**
 * The rate-change fields (§4) of a received home-page configuration's `data`, or undefined when
 * any is missing or malformed. Schema-free on purpose: every page loads this to compare rates, and the
 * full decoder (`ratesFromHomePageWire`) checks every rate, which these pages do not need.
 */
export const rateFieldsFromHomePageWire = (data: unknown): RateFields | undefined => {
  if (typeof data !== "object" || data === null) return undefined;
  const d = data as Record<string, unknown>;
  const harta = part(d, "muisZakatHarta");
  const fitrah = part(d, "muisZakatFitrah");
  const fidyah = part(d, "muisZakatFidyah");
  const kaffarah = part(d, "muisKaffarah");
  return readRateFields({
    nisabValue: harta["nisabValue"],
    fitrahMinAmount: fitrah["minAmount"],
    fitrahMaxAmount: fitrah["maxAmount"],
    fitrahNormalRate: fitrah["normalRate"],
    fitrahPremiumRate: fitrah["premiumRate"],
    fidyahPerDay: fidyah["fidyahPerDay"],
    kaffarahPerDay: kaffarah["kaffarahPerDay"],
    jimakNoOfPeople: kaffarah["jimakNoOfPeople"],
    nazarNoOfPeople: kaffarah["nazarNoOfPeople"],
  });
};
