import { MAIN_CHARITY_ID, seedRates, wakafFunds, type RateConfig } from "@portal/domain";
import countries from "./seed/countries.json";
import type { Sql } from "./sql";

/** Contact details and social links published on the council's sites (seed; editable later). */
export const seedContact = {
  contactNumber: "+65 6359 1199",
  contactEmail: "info@muis.gov.sg",
  contactAddress: "Singapore Islamic Hub, 273 Braddell Road, Singapore 579702",
  socialMediaIcons: [
    { name: "facebook", url: "https://www.facebook.com/MUIS.SG" },
    { name: "instagram", url: "https://www.instagram.com/muis_sg" },
    { name: "youtube", url: "https://www.youtube.com/@muissg" },
  ],
} as const;

/** Site entries, funds and donation types of the site configuration (spec §1, §3). */
export const seedSiteConfiguration = (productRoute: string) => ({
  siteEntries: [
    { variant: "zakat", path: "/", url: "/" },
    { variant: "fidyah", path: "/fidyah", url: "/fidyah" },
    { variant: "kaffarah", path: "/kaffarah", url: "/kaffarah" },
    { variant: "ilmu", path: `/${productRoute}-ilmu`, url: `/${productRoute}-ilmu` },
    { variant: "wms", path: "/wms", url: "/wms" },
  ],
  mainCharityId: MAIN_CHARITY_ID,
  funds: [
    { key: "ilmu", ...wakafFunds.ilmu },
    { key: "wms", ...wakafFunds.wms },
  ],
});

const charities = [
  { id: MAIN_CHARITY_ID, name: "Zakat Singapore" },
  { id: wakafFunds.ilmu.charityId, name: "Wakaf Ilmu" },
  { id: wakafFunds.wms.charityId, name: "Wakaf Masyarakat Singapura" },
];

/**
 * Insert the seed configuration where none exists yet. Idempotent: values an officer has since changed
 * are left alone.
 */
export async function seed(
  sql: Sql,
  options: { productRoute: string; rates?: RateConfig } = { productRoute: "wakaf" },
): Promise<void> {
  const rates = options.rates ?? seedRates;
  await sql.transaction(async (tx) => {
    for (const charity of charities) {
      await tx.query("insert into charity (id, name) values ($1, $2) on conflict (id) do nothing", [
        charity.id,
        charity.name,
      ]);
      await tx.query(
        `insert into home_page_configuration (
           charity_id, nisab_value_cents, gold_rate_cents, gold_divisor, zakat_rate,
           gold_kept_threshold_grams, gold_worn_threshold_grams, fitrah_min_cents, fitrah_max_cents,
           fitrah_normal_cents, fitrah_premium_cents, fidyah_per_day_cents, max_fidyah_cents,
           kaffarah_per_day_cents, jimak_no_of_people, nazar_no_of_people,
           contact_number, contact_email, contact_address)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)
         on conflict (charity_id) do nothing`,
        [
          charity.id,
          rates.nisabValue,
          rates.goldRate,
          rates.goldDivisor,
          rates.zakatRate,
          rates.goldKeptThresholdGrams,
          rates.goldWornThresholdGrams,
          rates.fitrahMinAmount,
          rates.fitrahMaxAmount,
          rates.fitrahNormalRate,
          rates.fitrahPremiumRate,
          rates.fidyahPerDay,
          rates.maxFidyahLimit,
          rates.kaffarahPerDay,
          rates.jimakNoOfPeople,
          rates.nazarNoOfPeople,
          seedContact.contactNumber,
          seedContact.contactEmail,
          seedContact.contactAddress,
        ],
      );
      for (const [position, icon] of seedContact.socialMediaIcons.entries()) {
        await tx.query(
          `insert into social_media_icon (charity_id, position, name, url) values ($1, $2, $3, $4)
           on conflict (charity_id, position) do nothing`,
          [charity.id, position, icon.name, icon.url],
        );
      }
      await tx.query(
        `insert into site_configuration (charity_id, config) values ($1, $2)
         on conflict (charity_id) do nothing`,
        [charity.id, JSON.stringify(seedSiteConfiguration(options.productRoute))],
      );
    }
    await tx.query(
      `insert into country (code, name, name_ms, dial_code)
       select * from unnest($1::text[], $2::text[], $3::text[], $4::text[])
       on conflict (code) do nothing`,
      [
        countries.map((c) => c.code),
        countries.map((c) => c.name),
        countries.map((c) => c.nameMs),
        countries.map((c) => c.dialCode),
      ],
    );
    for (const series of ["ZK", "WK"]) {
      await tx.query(
        "insert into receipt_series (series, next_serial) values ($1, 1) on conflict (series) do nothing",
        [series],
      );
    }
  });
}
