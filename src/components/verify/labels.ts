import type { Language } from "../../i18n/paths";

/** Every string the verify page's script shows, translated when the page is built. */
export const verifyLabelKeys = [
  "verify_checking",
  "verify_genuine_title",
  "verify_genuine_text",
  "verify_offline_text",
  "verify_not_genuine_title",
  "verify_not_genuine_text",
  "verify_limited",
  "verify_error",
  "verify_missing",
  "verify_bad_code",
  "verify_field_receipt_no",
  "verify_field_items",
  "verify_field_amount",
  "verify_field_refunded",
  "verify_field_date",
  "verify_field_issued",
  "verify_field_mosque",
  "verify_field_status",
  "verify_source_online",
  "verify_source_pos",
  "verify_source_kiosk",
  "verify_status_accepted",
  "verify_status_refunded",
  "verify_status_voided",
  "verify_replaced",
] as const;

export type VerifyLabelKey = (typeof verifyLabelKeys)[number];

export type VerifyLabels = Readonly<Record<VerifyLabelKey, string>> & {
  /** Each registry item's line label (`harta` → "Zakat harta"). */
  readonly items: Readonly<Record<string, string>>;
  readonly lang: Language;
};
