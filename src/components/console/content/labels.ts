import en from "../../../i18n/locales/en/translation.json";
import type { TranslationKey } from "../../../i18n";

/** Every string the content page's island shows: the `consolecontent_` block and the gate's. */
export const contentKeys = [
  ...(Object.keys(en).filter((key) => key.startsWith("consolecontent_")) as TranslationKey[]),
  "console_loading",
  "console_forbidden",
  "console_error",
] as ReadonlyArray<TranslationKey>;
