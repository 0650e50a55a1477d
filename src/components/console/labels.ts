import type { TranslationKey } from "../../i18n";

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
  "console_session_ended",
  "console_signin_failed",
  "console_signin_no_role",
] as const satisfies ReadonlyArray<TranslationKey>;
