// Spec §1/§9: every page opens in the language the donor chose in the last 10 minutes (the home page
// does the same in its head, with the wakaf host's landing). A bundled module, not an inline script.
import { isLanguage } from "../i18n/paths";
import { languageKey, languageRedirect } from "./language-choice";

const pageLanguage = document.documentElement.lang;
let stored: string | null = null;
try {
  stored = localStorage.getItem(languageKey);
} catch {
  // Storage refused: the address decides.
}
// Back or forward to a page in the other language keeps it: the donor went there, and a replace would
// trap the Back button.
const entry = performance.getEntriesByType("navigation")[0] as
  PerformanceNavigationTiming | undefined;
const returning = entry?.type === "back_forward";
if (isLanguage(pageLanguage) && !returning && !document.body.hasAttribute("data-own-language")) {
  const target = languageRedirect(location, pageLanguage, stored, Date.now());
  if (target !== undefined) location.replace(target);
}
