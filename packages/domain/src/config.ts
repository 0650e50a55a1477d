import { Schema } from "effect";
import { Cents, dollarsToCents, roundCents } from "./money";

const Count = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0));
const Positive = Schema.Finite.check(Schema.isGreaterThan(0));
const NonNegativeCents = Cents.check(Schema.isGreaterThanOrEqualTo(0));

/**
 * The rates every calculator takes: the home-page configuration of spec §3 (muisZakatHarta,
 * muisZakatFitrah, muisZakatFidyah, muisKaffarah) plus the constants of §9 that the council may change.
 * Money is in cents. No rule in this package holds a rate as a literal.
 */
export const RateConfig = Schema.Struct({
  /** Value of 86 g of gold, published monthly. */
  nisabValue: NonNegativeCents,
  /**
   * Gold rate per gram as published, in cents (may be fractional). Shown to donors; the calculator derives
   * the per-gram rate from `nisabValue / goldDivisor` (spec §5), so the two cannot drift apart.
   */
  goldRate: Schema.Finite.check(Schema.isGreaterThanOrEqualTo(0)),
  /** Grams of gold whose value is the nisab (86). */
  goldDivisor: Positive,
  /** Zakat rate on wealth (0.025). */
  zakatRate: Schema.Finite.check(Schema.isBetween({ minimum: 0, maximum: 1 })),
  /** Grams of gold kept (not worn) from which zakat is due (86). */
  goldKeptThresholdGrams: Schema.Finite.check(Schema.isGreaterThanOrEqualTo(0)),
  /** Grams of gold worn (customary use, uruf) from which zakat is due (860). */
  goldWornThresholdGrams: Schema.Finite.check(Schema.isGreaterThanOrEqualTo(0)),
  /** muisZakatFitrah.minAmount: the lowest fitrah rate per person. */
  fitrahMinAmount: NonNegativeCents,
  /** muisZakatFitrah.maxAmount: the highest fitrah rate per person. */
  fitrahMaxAmount: NonNegativeCents,
  /** Fitrah rate per person, normal kind. */
  fitrahNormalRate: NonNegativeCents,
  /** Fitrah rate per person, premium (higher) kind. */
  fitrahPremiumRate: NonNegativeCents,
  /** muisZakatFidyah.fidyahPerDay. */
  fidyahPerDay: NonNegativeCents,
  /** Cap on a directly entered fidyah category amount (the spec does not show the value). */
  maxFidyahLimit: NonNegativeCents,
  /** muisKaffarah.kaffarahPerDay: cost of feeding one person. */
  kaffarahPerDay: NonNegativeCents,
  /** muisKaffarah.jimakNoOfPeople: persons fed per jimak kaffarah. */
  jimakNoOfPeople: Count,
  /** muisKaffarah.nazarNoOfPeople: persons fed per nazar kaffarah. */
  nazarNoOfPeople: Count,
});
/** Rate configuration (see {@link RateConfig}). */
export type RateConfig = typeof RateConfig.Type;

/** Decodes unknown input (e.g. a stored or fetched configuration) into a `RateConfig`, or throws. */
export const decodeRateConfig = Schema.decodeUnknownSync(RateConfig);

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
