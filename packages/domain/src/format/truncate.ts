/** Cuts text longer than `max` characters and appends `...` (§9 "Text truncation appends '...'"). */
export const truncate = (text: string, max: number): string =>
  text.length > max ? `${text.slice(0, max).trimEnd()}...` : text;

/**
 * Where the portal truncates (issue 34; §9 names no lengths, these are ours): a receipt's item line
 * (an asset with the donor's remarks, a person paid for) and a name on a wakaf fund's donor wall. The
 * page shows the cut text; the whole text stays in its title and is what a screen reader reads.
 */
export const RECEIPT_LINE_MAX = 80;
export const DONOR_WALL_NAME_MAX = 30;

/** A text as shown where it may be cut: `shown` is `full` unless it was longer than `max`. */
export const truncation = (
  full: string,
  max: number,
): { readonly shown: string; readonly full: string; readonly cut: boolean } => {
  const shown = truncate(full, max);
  return { shown, full, cut: shown !== full };
};
