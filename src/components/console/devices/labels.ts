import en from "../../../i18n/locales/en/translation.json";
import type { TranslationKey } from "../../../i18n";

/** Every string the devices' island shows: the `consoledevices_` block and the gate's. */
export const devicesKeys = [
  ...(Object.keys(en).filter((key) => key.startsWith("consoledevices_")) as TranslationKey[]),
  "console_loading",
  "console_forbidden",
  "console_error",
] as ReadonlyArray<TranslationKey>;
