/**
 * jspdf's standard fonts (Helvetica) speak WinAnsi only: anything else would print as garbage. Curly
 * quotes and the ellipsis become their plain forms; other characters outside WinAnsi become spaces.
 */
export const winAnsi = (line: string): string =>
  line
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\u2026/g, "...")
    .replace(/[^\x20-\x7e\xa0-\xff]/g, " ");
