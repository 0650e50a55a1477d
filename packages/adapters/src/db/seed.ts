import {
  ALL_FUNDS,
  DEFAULT_DONOR_WALL,
  DONOR_WALL_PAGE_SIZE_BLOCK,
  DONOR_WALL_SHOWN_BLOCK,
  fundOfCharity,
  giftItemOf,
  MAIN_CHARITY_ID,
  RECEIPT_SERIES,
  SEED_HOME_TEXTS,
  seedRates,
  siteEntriesFor,
  type RateConfig,
} from "@portal/domain";
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

/** The origins of the two brands' hosts, as the portal is configured (`https://www.zakat.sg`). */
export interface SiteOrigins {
  readonly zakat: string;
  readonly wakaf: string;
}

/**
 * Site entries, funds and donation types of the site configuration (spec §1, §3), from the registry:
 * each fund's entry on its brand's host when the origins are given, so the zakat and wakaf hosts are
 * configured entries (`requestVariant`).
 */
export const seedSiteConfiguration = (productRoute: string, sites?: SiteOrigins) => ({
  siteEntries: siteEntriesFor(productRoute, sites),
  mainCharityId: MAIN_CHARITY_ID,
  funds: ALL_FUNDS.flatMap((fund) => {
    const key = giftItemOf(fund.flow);
    return key === undefined || fund.donationTypeId === null
      ? []
      : [{ key, charityId: fund.charityId, donationTypeId: fund.donationTypeId }];
  }),
});

/** The council's charities: the main one (zakat, fidyah, kaffarah) and each fund of its own. */
const charities = [...new Set(ALL_FUNDS.map((fund) => fund.charityId))].map((id) => ({
  id,
  name: id === MAIN_CHARITY_ID ? "Zakat Singapore" : (fundOfCharity(id)?.name ?? `Charity ${id}`),
}));

/**
 * The council's published month starts the portal starts with (design/facts.md): Ramadan 1447 began
 * on 19 February 2026 in Singapore (Umm al-Qura: 18 February). Only what is published there is seeded;
 * every other month is estimated until officers publish it in the console.
 */
export const seedHijriMonths = [{ year: 1447, month: 9, start: "2026-02-19" }] as const;

/**
 * Insert the seed configuration where none exists yet. Idempotent: values an officer has since changed
 * are left alone.
 */
export async function seed(
  sql: Sql,
  options: { productRoute: string; rates?: RateConfig; sites?: SiteOrigins | undefined } = {
    productRoute: "wakaf",
  },
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
      // The donor wall's settings (content blocks 15 and 16): shown, ten gifts a page.
      for (const [blockId, value] of [
        [DONOR_WALL_SHOWN_BLOCK, DEFAULT_DONOR_WALL.shown],
        [DONOR_WALL_PAGE_SIZE_BLOCK, DEFAULT_DONOR_WALL.pageSize],
      ] as const) {
        await tx.query(
          `insert into home_page_content (charity_id, block_id, content) values ($1, $2, $3)
           on conflict (charity_id, block_id) do nothing`,
          [charity.id, blockId, JSON.stringify({ value })],
        );
      }
      // The zakat home's text blocks (issue 34), once: a block an officer has emptied is kept, empty.
      if (charity.id === MAIN_CHARITY_ID) {
        for (const { blockId, title, text } of SEED_HOME_TEXTS) {
          await tx.query(
            `insert into home_page_content (charity_id, block_id, content) values ($1, $2, $3)
             on conflict (charity_id, block_id) do nothing`,
            [charity.id, blockId, JSON.stringify({ title, text })],
          );
        }
      }
      await tx.query(
        `insert into site_configuration (charity_id, config) values ($1, $2)
         on conflict (charity_id) do nothing`,
        [charity.id, JSON.stringify(seedSiteConfiguration(options.productRoute, options.sites))],
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
    for (const month of seedHijriMonths) {
      await tx.query(
        `insert into hijri_month (year, month, starts_on, published_at) values ($1, $2, $3, now())
         on conflict do nothing`,
        [month.year, month.month, month.start],
      );
    }
    await tx.query(
      `insert into receipt_series (series, next_serial) select unnest($1::text[]), 1
       on conflict (series) do nothing`,
      [RECEIPT_SERIES],
    );
    // One row per registry entry, in one statement: donations and plans reference it (migration 018).
    await tx.query(
      `insert into fund (flow, name, receipt_series)
       select * from unnest($1::text[], $2::text[], $3::text[])
       on conflict (flow) do update set name = excluded.name, receipt_series = excluded.receipt_series
         where (fund.name, fund.receipt_series) is distinct from (excluded.name, excluded.receipt_series)`,
      [
        ALL_FUNDS.map((fund) => fund.flow),
        ALL_FUNDS.map((fund) => fund.name),
        ALL_FUNDS.map((fund) => fund.receiptSeries),
      ],
    );
  });
}
