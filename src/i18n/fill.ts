// Kept apart from ./index so islands can use it without shipping i18next.
/** Fills {{name}} placeholders; an unknown placeholder is left as written so a gap is visible. */
/**
 * The translation key of a validator's key or a server's code: i18next reads dots as nesting, so the
 * files keep them with underscores (`validation.nric.invalid` -> `validation_nric_invalid`).
 */
export const labelKeyOf = (key: string): string => key.replace(/\./g, "_");

export const fill = (template: string, values: Readonly<Record<string, string>>): string =>
  template.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (match, name: string) => values[name] ?? match);
