import en from "../../../i18n/locales/en/translation.json";
import type { TranslationKey } from "../../../i18n";

/** Every string the operations' islands show: the `consoleops_` block and the gate's two. */
export const operationsKeys = [
  ...(Object.keys(en).filter((key) => key.startsWith("consoleops_")) as TranslationKey[]),
  "console_loading",
  "console_forbidden",
  "console_error",
] as ReadonlyArray<TranslationKey>;
