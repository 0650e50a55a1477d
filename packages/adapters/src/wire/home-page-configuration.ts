import { Schema } from "effect";
import type { HomePageConfiguration } from "../db/configuration";

const Int = Schema.Int;
const Num = Schema.Finite;

/**
 * The home-page configuration on the wire (spec §3 names; every amount in integer cents). `version`
 * identifies the rates: a payment carries the version it was computed on, and the server refuses a
 * superseded one.
 */
export const HomePageConfigurationWire = Schema.Struct({
  version: Int,
  muisZakatHarta: Schema.Struct({ nisabValue: Int, goldRate: Num }),
  muisZakatFitrah: Schema.Struct({
    minAmount: Int,
    maxAmount: Int,
    normalRate: Int,
    premiumRate: Int,
  }),
  muisZakatFidyah: Schema.Struct({ fidyahPerDay: Int, maxFidyahLimit: Int }),
  muisKaffarah: Schema.Struct({ kaffarahPerDay: Int, jimakNoOfPeople: Int, nazarNoOfPeople: Int }),
  zakat: Schema.Struct({
    rate: Num,
    goldDivisor: Num,
    goldKeptThresholdGrams: Num,
    goldWornThresholdGrams: Num,
  }),
  socialMediaIcon: Schema.Array(
    Schema.Struct({ socialMediaIconName: Schema.String, socialMediaIconUrl: Schema.String }),
  ),
  contactNumber: Schema.String,
  contactEmail: Schema.String,
  contactAddress: Schema.String,
  /** Content blocks 4 to 16 (spec §9): `{blockId, title, text}` or `{blockId, value}` (domain homeContentOf). */
  homePageContent: Schema.Array(Schema.Record(Schema.String, Schema.Unknown)),
});
export type HomePageConfigurationWire = typeof HomePageConfigurationWire.Type;

/** Server side: the stored configuration as sent. */
export const toHomePageWire = (config: HomePageConfiguration): HomePageConfigurationWire => {
  const r = config.rates;
  return {
    version: config.version,
    muisZakatHarta: { nisabValue: r.nisabValue, goldRate: r.goldRate },
    muisZakatFitrah: {
      minAmount: r.fitrahMinAmount,
      maxAmount: r.fitrahMaxAmount,
      normalRate: r.fitrahNormalRate,
      premiumRate: r.fitrahPremiumRate,
    },
    muisZakatFidyah: { fidyahPerDay: r.fidyahPerDay, maxFidyahLimit: r.maxFidyahLimit },
    muisKaffarah: {
      kaffarahPerDay: r.kaffarahPerDay,
      jimakNoOfPeople: r.jimakNoOfPeople,
      nazarNoOfPeople: r.nazarNoOfPeople,
    },
    zakat: {
      rate: r.zakatRate,
      goldDivisor: r.goldDivisor,
      goldKeptThresholdGrams: r.goldKeptThresholdGrams,
      goldWornThresholdGrams: r.goldWornThresholdGrams,
    },
    socialMediaIcon: config.socialMediaIcons.map((icon) => ({
      socialMediaIconName: icon.name,
      socialMediaIconUrl: icon.url,
    })),
    contactNumber: config.contact.number,
    contactEmail: config.contact.email,
    contactAddress: config.contact.address,
    homePageContent: config.contentBlocks.map((b) => ({ ...b.content, blockId: b.blockId })),
  };
};
