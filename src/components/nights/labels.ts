import { fundNameKeys } from "../../i18n/funds";

/** The nights' table, shared by the schedule page and the manage page. */
const tableKeys = [
  "nights_table_caption",
  "nights_col_night",
  "nights_col_evening",
  "nights_col_basis",
  "nights_col_status",
  "nights_night",
  "nights_published",
  "nights_estimated",
  "nights_estimated_note",
  "nights_status_scheduled",
  "nights_status_claimed",
  "nights_status_succeeded",
  "nights_status_failed",
  "nights_status_dropped",
  "nights_status_missed",
  "nights_status_stopped",
  "nights_schedule_summary",
  "nights_schedule_active",
  "nights_schedule_stopped",
  "nights_stop",
  "nights_stop_confirm",
  "nights_stop_yes",
  "nights_stop_no",
  "nights_working",
  "nights_stopped_now",
  "nights_total",
  "account_error_generic",
  "nights_notFound",
  "rate_limited",
] as const;

/** Every string the schedule page's island needs (`/wms/last-ten-nights`). */
export const nightsLabelKeys = [
  ...tableKeys,
  "account_loading",
  "account_sign_in_button",
  "nights_sign_in",
  "nights_no_cards",
  "nights_no_cards_link",
  "nights_none_coming",
  "nights_schedule_heading",
  "nights_card",
  "nights_card_option",
  "nights_amount",
  "nights_amount_hint",
  "nights_amount_invalid",
  "nights_schedule_button",
  "nights_scheduled",
  "nights_mine_heading",
  "nights_mine_none",
  "nights_year",
  "nights_over",
  "nights_already",
  "nights_tooMany",
  "savedCard_notFound",
  "donation_amount",
  ...fundNameKeys,
] as const;

/** Every string the manage-link page's island needs (`/wms/manage-nights`). */
export const manageNightsLabelKeys = [
  ...tableKeys,
  "manage_gift_loading",
  "nights_manage_not_found_title",
  "nights_manage_not_found",
  "manage_gift_rate_limited_title",
  "manage_gift_rate_limited",
] as const;

export type Labels = Readonly<Record<string, string>>;
