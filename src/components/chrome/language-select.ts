// The header's language dropdown: a native <select> rendered by SiteHeader.astro, so no framework
// ships with it. Choosing the other language remembers the choice (lib/language-choice.ts) and opens
// the same page in it.
import { isLanguage, localizedPath } from "../../i18n/paths";
import { rememberLanguage } from "../../lib/language-choice";

const select = document.querySelector<HTMLSelectElement>("select[data-language-select]");
if (select) {
  const current = select.dataset["current"];
  const path = select.dataset["path"] ?? location.pathname;
  select.addEventListener("change", () => {
    const next = select.value;
    if (!isLanguage(next) || next === current) return;
    rememberLanguage(next);
    location.assign(localizedPath(path, next));
  });
  // Back from the other language's page (back/forward cache), the dropdown shows this page's language.
  window.addEventListener("pageshow", () => {
    if (current !== undefined) select.value = current;
  });
}
