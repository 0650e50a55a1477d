import { useStore } from "@nanostores/react";
import { useId } from "react";
import { isLanguage, localizedPath, type Language } from "../i18n/paths";
import { $language } from "../stores/language";

export interface LanguageSelectProps {
  /** The language the page was rendered in. */
  readonly current: Language;
  /** The page's path, to open the same page in the other language. */
  readonly path: string;
  /** Translated labels, passed in so the island does not ship the translation files. */
  readonly labels: { readonly label: string; readonly en: string; readonly ms: string };
}

/** The header's language dropdown: English or Malay. Choosing one opens the same page in it. */
export default function LanguageSelect({ current, path, labels }: LanguageSelectProps) {
  const chosen = useStore($language) ?? current;
  const id = useId();
  return (
    <div className="language-select">
      <label htmlFor={id}>{labels.label}</label>
      <select
        id={id}
        value={chosen}
        onChange={(event) => {
          const next = event.currentTarget.value;
          if (!isLanguage(next) || next === current) return;
          $language.set(next);
          window.location.assign(localizedPath(path, next));
        }}
      >
        <option value="en" lang="en">
          {labels.en}
        </option>
        <option value="ms" lang="ms">
          {labels.ms}
        </option>
      </select>
    </div>
  );
}
