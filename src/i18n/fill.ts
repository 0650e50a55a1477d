// Kept apart from ./index so islands can use it without shipping i18next.
/** Fills {{name}} placeholders; an unknown placeholder is left as written so a gap is visible. */
export const fill = (template: string, values: Readonly<Record<string, string>>): string =>
  template.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (match, name: string) => values[name] ?? match);
