import { decodeRateConfig, siteLinksOf, type RateConfig, type SiteLinks } from "@portal/domain";
import type { SqlQuery } from "./sql";

/** Each rate's column in home_page_configuration, in one place for every writer. */
const rateColumns: ReadonlyArray<readonly [string, (rates: RateConfig) => number]> = [
  ["nisab_value_cents", (r) => r.nisabValue],
  ["gold_rate_cents", (r) => r.goldRate],
  ["gold_divisor", (r) => r.goldDivisor],
  ["zakat_rate", (r) => r.zakatRate],
  ["gold_kept_threshold_grams", (r) => r.goldKeptThresholdGrams],
  ["gold_worn_threshold_grams", (r) => r.goldWornThresholdGrams],
  ["fitrah_min_cents", (r) => r.fitrahMinAmount],
  ["fitrah_max_cents", (r) => r.fitrahMaxAmount],
  ["fitrah_normal_cents", (r) => r.fitrahNormalRate],
  ["fitrah_premium_cents", (r) => r.fitrahPremiumRate],
  ["fidyah_per_day_cents", (r) => r.fidyahPerDay],
  ["max_fidyah_cents", (r) => r.maxFidyahLimit],
  ["kaffarah_per_day_cents", (r) => r.kaffarahPerDay],
  ["jimak_no_of_people", (r) => r.jimakNoOfPeople],
  ["nazar_no_of_people", (r) => r.nazarNoOfPeople],
];

/** The rate column names, comma-separated, in the order of `rateValues`. */
export const rateColumnNames = rateColumns.map(([name]) => name).join(", ");

/** The rates as column values, in the order of `rateColumnNames`. */
export const rateValues = (rates: RateConfig): number[] =>
  rateColumns.map(([, value]) => value(rates));

interface HomeRow {
  version: number;
  nisab_value_cents: number;
  gold_rate_cents: string;
  gold_divisor: string;
  zakat_rate: string;
  gold_kept_threshold_grams: string;
  gold_worn_threshold_grams: string;
  fitrah_min_cents: number;
  fitrah_max_cents: number;
  fitrah_normal_cents: number;
  fitrah_premium_cents: number;
  fidyah_per_day_cents: number;
  max_fidyah_cents: number;
  kaffarah_per_day_cents: number;
  jimak_no_of_people: number;
  nazar_no_of_people: number;
  contact_number: string;
  contact_email: string;
  contact_address: string;
  site_links: unknown;
}

/** The home-page configuration of one charity: its rates (with their version) and contacts. */
export interface HomePageConfiguration {
  readonly version: number;
  readonly rates: RateConfig;
  readonly contact: { readonly number: string; readonly email: string; readonly address: string };
  readonly socialMediaIcons: ReadonlyArray<{ readonly name: string; readonly url: string }>;
  /** The links the pages lead out by (issue 34), each usable one stored or its default. */
  readonly siteLinks: SiteLinks;
  /** Content blocks 4 to 16 (spec §9), in id order, each as stored (`{title, text}` or `{value}`). */
  readonly contentBlocks: ReadonlyArray<{
    readonly blockId: number;
    readonly content: Record<string, unknown>;
  }>;
}

const toRates = (row: HomeRow): RateConfig =>
  decodeRateConfig({
    nisabValue: row.nisab_value_cents,
    goldRate: Number(row.gold_rate_cents),
    goldDivisor: Number(row.gold_divisor),
    zakatRate: Number(row.zakat_rate),
    goldKeptThresholdGrams: Number(row.gold_kept_threshold_grams),
    goldWornThresholdGrams: Number(row.gold_worn_threshold_grams),
    fitrahMinAmount: row.fitrah_min_cents,
    fitrahMaxAmount: row.fitrah_max_cents,
    fitrahNormalRate: row.fitrah_normal_cents,
    fitrahPremiumRate: row.fitrah_premium_cents,
    fidyahPerDay: row.fidyah_per_day_cents,
    maxFidyahLimit: row.max_fidyah_cents,
    kaffarahPerDay: row.kaffarah_per_day_cents,
    jimakNoOfPeople: row.jimak_no_of_people,
    nazarNoOfPeople: row.nazar_no_of_people,
  });

/** Read a charity's home-page configuration, or undefined for an unknown charity. */
export async function readHomePageConfiguration(
  sql: SqlQuery,
  charityId: number,
): Promise<HomePageConfiguration | undefined> {
  const [row] = await sql.query<HomeRow>(
    "select * from home_page_configuration where charity_id = $1",
    [charityId],
  );
  if (!row) return undefined;
  const icons = await sql.query<{ name: string; url: string }>(
    "select name, url from social_media_icon where charity_id = $1 order by position",
    [charityId],
  );
  const blocks = await sql.query<{ block_id: number; content: Record<string, unknown> }>(
    "select block_id, content from home_page_content where charity_id = $1 order by block_id",
    [charityId],
  );
  return {
    version: row.version,
    rates: toRates(row),
    contact: { number: row.contact_number, email: row.contact_email, address: row.contact_address },
    socialMediaIcons: icons,
    siteLinks: siteLinksOf(row.site_links),
    contentBlocks: blocks.map((b) => ({ blockId: b.block_id, content: b.content })),
  };
}

/**
 * The rates a donation is priced on and their version, in one read (a donation needs neither the
 * contact details nor the social links): undefined when the charity has no configuration.
 */
export async function readRates(
  sql: SqlQuery,
  charityId: number,
  options: { readonly forUpdate?: boolean } = {},
): Promise<{ readonly version: number; readonly rates: RateConfig } | undefined> {
  // forUpdate (inside a transaction): the row is held until it ends, so a change read-then-written
  // is never overwritten by another made at the same time (rate publication on two instances).
  const [row] = await sql.query<HomeRow>(
    `select * from home_page_configuration where charity_id = $1${options.forUpdate ? " for update" : ""}`,
    [charityId],
  );
  return row ? { version: row.version, rates: toRates(row) } : undefined;
}

/** Read a charity's site configuration (site entries, funds), or undefined. */
export async function readSiteConfiguration(
  sql: SqlQuery,
  charityId: number,
): Promise<Record<string, unknown> | undefined> {
  const [row] = await sql.query<{ config: Record<string, unknown> }>(
    "select config from site_configuration where charity_id = $1",
    [charityId],
  );
  return row?.config;
}

/**
 * Change a charity's rates (an officer's action, e.g. the new nisab on the first of the month). The
 * version goes up so payments computed on the old rates can be refused, and the audit log records it.
 */
export async function updateRates(
  sql: { transaction: <T>(work: (tx: SqlQuery) => Promise<T>) => Promise<T> },
  input: { charityId: number; rates: RateConfig; actor: string },
): Promise<number> {
  const rates = decodeRateConfig(input.rates);
  return sql.transaction(async (tx) => {
    const version = await writeRates(tx, input.charityId, rates);
    await tx.query(
      `insert into audit_log (actor, action, entity, entity_id, detail)
       values ($1, 'rates.update', 'home_page_configuration', $2, $3)`,
      [input.actor, String(input.charityId), JSON.stringify({ version, rates })],
    );
    return version;
  });
}

/**
 * Put `rates` in force for a charity inside the caller's transaction; returns the new version (one
 * up, so donations priced on the old rates meet the rates-updated page). Given `since` (the rates
 * `rates` was made from), only the columns that differ from it are written: a change of those
 * fields, never a restoring of the others.
 */
export async function writeRates(
  tx: SqlQuery,
  charityId: number,
  rates: RateConfig,
  since?: RateConfig,
): Promise<number> {
  const next = decodeRateConfig(rates);
  const columns = since
    ? rateColumns.filter(([, value]) => value(next) !== value(since))
    : rateColumns;
  const [row] = await tx.query<{ version: number }>(
    `update home_page_configuration set
       ${columns.map(([name], i) => `${name} = $${i + 2}, `).join("")}
       version = version + 1, updated_at = now()
     where charity_id = $1 returning version`,
    [charityId, ...columns.map(([, value]) => value(next))],
  );
  if (!row) throw new Error(`no home-page configuration for charity ${charityId}`);
  return row.version;
}
