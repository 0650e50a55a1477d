import type { Language } from "../../i18n/paths";

/** Every string the collections page's script shows, translated when the page is built. */
export const collectionsLabelKeys = [
  "collections_loading",
  "collections_error",
  "collections_as_of",
  "collections_ramadan_heading",
  "collections_ramadan_under_way",
  "collections_ramadan_last",
  "collections_year_heading",
  "collections_span",
  "collections_compared",
  "collections_estimated",
  "collections_summary",
  "collections_by_fund",
  "collections_by_channel",
  "collections_chart_now",
  "collections_chart_before",
  "collections_col_fund",
  "collections_col_channel",
  "collections_col_gifts",
  "collections_col_amount",
  "collections_col_last_gifts",
  "collections_col_last_amount",
  "collections_col_change",
  "collections_total",
  "collections_no_change",
  "collections_channel_online",
  "collections_channel_counter",
  "collections_channel_kiosk",
  "collections_asnaf_heading",
  "collections_asnaf_intro",
  "collections_asnaf_none",
  "collections_col_asnaf",
  "collections_col_share",
  "asnaf_fuqara",
  "asnaf_masakin",
  "asnaf_amil",
  "asnaf_muallaf",
  "asnaf_riqab",
  "asnaf_gharimin",
  "asnaf_fisabilillah",
  "asnaf_ibnusSabil",
] as const;

export type CollectionsLabelKey = (typeof collectionsLabelKeys)[number];

export type CollectionsLabels = Readonly<Record<CollectionsLabelKey, string>> & {
  /** Each fund's name by its flow (`ZAKAT` → "Zakat"). */
  readonly funds: Readonly<Record<string, string>>;
  readonly lang: Language;
};
