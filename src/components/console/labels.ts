import type { TranslationKey } from "../../i18n";
import { islandKeys } from "./island-keys";

/** The strings the console bar shows. */
export const consoleBarKeys = [
  "console_loading",
  "console_signed_in_as",
  "console_roles_label",
  "console_role_viewer",
  "console_role_officer",
  "console_role_approver",
  "console_role_finance",
  "console_role_admin",
  "console_sign_in",
  "console_sign_in_intro",
  "console_sign_out",
  "console_sign_out_failed",
  "console_session_ended",
  "console_signin_failed",
  "console_signin_no_role",
] as const satisfies ReadonlyArray<TranslationKey>;

/** The strings the rates section shows. */
export const ratesKeys = [
  "console_loading",
  "console_error",
  "console_forbidden",
  "console_rates_in_force",
  "console_rates_new",
  "console_rates_new_intro",
  "console_rates_effective",
  "console_rates_submit",
  "console_rates_history",
  "console_rates_none",
  "console_rates_col_rate",
  "console_rates_col_in_force",
  "console_rates_col_drafted",
  "console_rates_draft_title",
  "console_rates_drafted_by",
  "console_rates_approved_by",
  "console_rates_published_at",
  "console_rates_effective_at",
  "console_rates_no_diff",
  "console_rates_approve",
  "console_rates_withdraw",
  "console_rates_status_pending",
  "console_rates_status_approved",
  "console_rates_status_published",
  "console_rates_status_withdrawn",
  "console_rates_saved",
  "console_rates_approved",
  "console_rates_withdrawn",
  "console_rates_own_draft",
  "console_rates_unchanged",
  "console_rates_invalid",
  "consolefix_rates_out_of_range",
  "console_rates_fitrah_range",
  "console_rates_effective_past",
  "console_rates_not_pending",
  "console_rate_nisabValue",
  "console_rate_goldRate",
  "console_rate_fitrahNormalRate",
  "console_rate_fitrahPremiumRate",
  "console_rate_fitrahMinAmount",
  "console_rate_fitrahMaxAmount",
  "console_rate_fidyahPerDay",
  "console_rate_kaffarahPerDay",
  "console_rate_jimakNoOfPeople",
  "console_rate_nazarNoOfPeople",
] as const satisfies ReadonlyArray<TranslationKey>;

/** The strings the Hijri calendar section shows (on the rates page). */
export const calendarKeys = [
  ...islandKeys("console_calendar_"),
  ...islandKeys("hijri_month_"),
] as const satisfies ReadonlyArray<TranslationKey>;

/** The asnaf distribution's panel (issue 34): its block and the eight asnaf's names. */
export const asnafKeys = [
  ...islandKeys("console_asnaf_"),
  ...islandKeys("asnaf_"),
] as const satisfies ReadonlyArray<TranslationKey>;

/** The strings the audit viewer shows. */
export const auditKeys = [
  "console_loading",
  "console_error",
  "console_forbidden",
  "console_audit_heading",
  "console_audit_filters",
  "console_audit_officer",
  "console_audit_action",
  "console_audit_entity",
  "console_audit_from",
  "console_audit_to",
  "console_audit_apply",
  "console_audit_clear",
  "console_audit_when",
  "console_audit_who",
  "console_audit_what",
  "console_audit_record",
  "console_audit_change",
  "console_audit_where",
  "console_audit_none",
  "console_audit_more",
  "console_audit_count",
  "console_audit_refused_heading",
  "console_audit_refused_intro",
  "console_audit_refused_hour",
  "console_audit_refused_address",
  "console_audit_refused_count",
  "console_audit_refused_reason",
  "console_audit_refused_none",
] as const satisfies ReadonlyArray<TranslationKey>;
