import { truncation } from "@portal/domain";

/**
 * Text that may be cut where it could overflow (spec §9: truncation appends '...'; issue 34): the cut
 * text is what the eye sees, the whole text is its title (a pointer's tooltip) and what a screen
 * reader reads, and it stays in the page's text (a PDF's searchable layer keeps it).
 */
export function Truncated({ text, max }: { readonly text: string; readonly max: number }) {
  const { shown, full, cut } = truncation(text, max);
  if (!cut) return <>{full}</>;
  return (
    <span className="truncated" title={full} data-full-text={full}>
      <span aria-hidden="true">{shown}</span>
      <span className="visually-hidden">{full}</span>
    </span>
  );
}
