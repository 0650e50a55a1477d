import { MAIN_CHARITY_ID, seedRates, wakafFunds, type RateConfig } from "@portal/domain";
import countries from "./seed/countries.json";
import { rateColumnNames, rateValues } from "./configuration";
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
      const values = [
        charity.id,
        ...rateValues(rates),
        seedContact.contactNumber,
        seedContact.contactEmail,
        seedContact.contactAddress,
      ];
      await tx.query(
        `insert into home_page_configuration (
           charity_id, ${rateColumnNames}, contact_number, contact_email, contact_address)
         values (${values.map((_, i) => `$${i + 1}`).join(", ")})
         on conflict (charity_id) do nothing`,
        values,
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
       on conflict (code) do update
         set name = excluded.name, name_ms = excluded.name_ms, dial_code = excluded.dial_code
         where (country.name, country.name_ms, country.dial_code)
           is distinct from (excluded.name, excluded.name_ms, excluded.dial_code)`,
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
