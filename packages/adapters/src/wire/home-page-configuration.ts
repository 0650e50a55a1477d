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
  /** The links the pages lead out by (issue 34; domain site-links.ts): name to address, "" not shown. */
  siteLinks: Schema.Record(Schema.String, Schema.String),
  /**
   * The values the home texts name in braces, by language (issue 34; domain HOME_FILLS): the rates in
   * force and the fitrah countdown, worked out by the server (src/server/home-fills.ts).
   */
  homeFills: Schema.optional(
    Schema.Record(Schema.String, Schema.Record(Schema.String, Schema.String)),
  ),
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
    siteLinks: { ...config.siteLinks },
    homePageContent: config.contentBlocks.map((b) => ({ ...b.content, blockId: b.blockId })),
  };
};
