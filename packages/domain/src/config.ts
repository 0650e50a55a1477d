import { dollarsToCents, roundCents, type Cents } from "./money.ts";

/**
 * The rates every calculator takes: the home-page configuration of spec §3 (muisZakatHarta,
 * muisZakatFitrah, muisZakatFidyah, muisKaffarah) plus the constants of §9 that the council may change.
 * Money is in cents. No rule in this package holds a rate as a literal.
 */
export interface RateConfig {
  /** Value of 86 g of gold, published monthly. */
  readonly nisabValue: Cents;
  /**
   * Gold rate per gram as published, in cents (may be fractional). Shown to donors; the calculator derives
   * the per-gram rate from `nisabValue / goldDivisor` (spec §5), so the two cannot drift apart.
   */
  readonly goldRate: number;
  /** Grams of gold whose value is the nisab (86). */
  readonly goldDivisor: number;
  /** Zakat rate on wealth (0.025). */
  readonly zakatRate: number;
  /** Grams of gold kept (not worn) from which zakat is due (86). */
  readonly goldKeptThresholdGrams: number;
  /** Grams of gold worn (customary use, uruf) from which zakat is due (860). */
  readonly goldWornThresholdGrams: number;
  /** muisZakatFitrah.minAmount: the lowest fitrah rate per person. */
  readonly fitrahMinAmount: Cents;
  /** muisZakatFitrah.maxAmount: the highest fitrah rate per person. */
  readonly fitrahMaxAmount: Cents;
  /** Fitrah rate per person, normal kind. */
  readonly fitrahNormalRate: Cents;
  /** Fitrah rate per person, premium (higher) kind. */
  readonly fitrahPremiumRate: Cents;
  /** muisZakatFidyah.fidyahPerDay. */
  readonly fidyahPerDay: Cents;
  /** Cap on a directly entered fidyah category amount (the spec does not show the value). */
  readonly maxFidyahLimit: Cents;
  /** muisKaffarah.kaffarahPerDay: cost of feeding one person. */
  readonly kaffarahPerDay: Cents;
  /** muisKaffarah.jimakNoOfPeople: persons fed per jimak kaffarah. */
  readonly jimakNoOfPeople: number;
  /** muisKaffarah.nazarNoOfPeople: persons fed per nazar kaffarah. */
  readonly nazarNoOfPeople: number;
}

/** Largest amount in cents any rate may be: $10,000,000 (well inside the integer columns). */
const MAX_RATE_CENTS = 1_000_000_000;

/**
 * Bounds of each whole-number rate (inclusive): money in cents, counts of persons. A zero nisab, a
 * free fitrah or fidyah or nobody to feed makes no sense, so those start at 1.
 */
export const RATE_BOUNDS = {
  nisabValue: [1, MAX_RATE_CENTS],
  fitrahMinAmount: [1, 1_000_000],
  fitrahMaxAmount: [1, 1_000_000],
  fitrahNormalRate: [1, 1_000_000],
  fitrahPremiumRate: [1, 1_000_000],
  fidyahPerDay: [1, 1_000_000],
  maxFidyahLimit: [1, MAX_RATE_CENTS],
  kaffarahPerDay: [1, 1_000_000],
  jimakNoOfPeople: [1, 1_000],
  nazarNoOfPeople: [1, 1_000],
} as const satisfies Partial<Record<keyof RateConfig, readonly [number, number]>>;

/** What each field of a `RateConfig` must be. */
const rules: Readonly<Record<keyof RateConfig, (value: number) => boolean>> = (() => {
  const whole =
    ([min, max]: readonly [number, number]) =>
    (value: number) =>
      Number.isSafeInteger(value) && value >= min && value <= max;
  const finiteNonNegative = (value: number) => Number.isFinite(value) && value >= 0;
  return {
    nisabValue: whole(RATE_BOUNDS.nisabValue),
    goldRate: (value) => Number.isFinite(value) && value > 0 && value <= MAX_RATE_CENTS,
    goldDivisor: (value) => Number.isFinite(value) && value > 0,
    zakatRate: (value) => Number.isFinite(value) && value >= 0 && value <= 1,
    goldKeptThresholdGrams: finiteNonNegative,
    goldWornThresholdGrams: finiteNonNegative,
    fitrahMinAmount: whole(RATE_BOUNDS.fitrahMinAmount),
    fitrahMaxAmount: whole(RATE_BOUNDS.fitrahMaxAmount),
    fitrahNormalRate: whole(RATE_BOUNDS.fitrahNormalRate),
    fitrahPremiumRate: whole(RATE_BOUNDS.fitrahPremiumRate),
    fidyahPerDay: whole(RATE_BOUNDS.fidyahPerDay),
    maxFidyahLimit: whole(RATE_BOUNDS.maxFidyahLimit),
    kaffarahPerDay: whole(RATE_BOUNDS.kaffarahPerDay),
    jimakNoOfPeople: whole(RATE_BOUNDS.jimakNoOfPeople),
    nazarNoOfPeople: whole(RATE_BOUNDS.nazarNoOfPeople),
  };
})();

/**
 * Decodes unknown input (a stored or fetched configuration) into a `RateConfig`, or throws naming the
 * first field that is missing or out of range: money in whole cents and counts whole, within
 * `RATE_BOUNDS`, the gold rate above 0, the zakat rate between 0 and 1, the gold divisor above 0. Written out rather than with Effect's Schema because every page
 * that shows a rate runs it, and Schema would add about 20 KB to each (bench/report.md, sizes).
 */
export const decodeRateConfig = (input: unknown): RateConfig => {
  if (typeof input !== "object" || input === null) {
    throw new TypeError("The rate configuration is not an object");
  }
  const record = input as Record<string, unknown>;
  const decoded: Record<string, number> = {};
  for (const [key, valid] of Object.entries(rules)) {
    const value = record[key];
    if (typeof value !== "number" || !valid(value)) {
      throw new TypeError(`Rate configuration: ${key} is missing or out of range`);
    }
    decoded[key] = value;
  }
  return decoded as unknown as RateConfig;
};

const SEED_NISAB = dollarsToCents(10_975);

/**
 * Seed data, not rules: the published figures of `design/facts.md` (nisab $10,975 for March 2025, fitrah
 * 2026 normal $5 / premium $8, fidyah $4 per day from Syawal 2026, kaffarah $4 per person fed). The persons
 * fed (60 for jimak, 10 for nazar) are the customary counts; the fidyah cap is not published, so the seed
 * uses the zakat donation maximum ($999,999). Production reads all of these from configuration.
 */
export const seedRates: RateConfig = {
  nisabValue: SEED_NISAB,
  goldRate: SEED_NISAB / 86,
  goldDivisor: 86,
  zakatRate: 0.025,
  goldKeptThresholdGrams: 86,
  goldWornThresholdGrams: 860,
  fitrahMinAmount: dollarsToCents(5),
  fitrahMaxAmount: dollarsToCents(8),
  fitrahNormalRate: dollarsToCents(5),
  fitrahPremiumRate: dollarsToCents(8),
  fidyahPerDay: dollarsToCents(4),
  maxFidyahLimit: dollarsToCents(999_999),
  kaffarahPerDay: dollarsToCents(4),
  jimakNoOfPeople: 60,
  nazarNoOfPeople: 10,
};

/** Cents per gram of gold, derived from the nisab (nisab / 86). May be fractional. */
export const goldRatePerGram = (config: RateConfig): number =>
  config.nisabValue / config.goldDivisor;

/** Value of a weight of gold in whole cents (weight x nisab / 86, rounded half away from zero). */
export const goldValue = (grams: number, config: RateConfig): Cents =>
  roundCents((grams * config.nisabValue) / config.goldDivisor);
