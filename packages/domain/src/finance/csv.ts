/**
 * CSV lines (RFC 4180, CRLF). A text cell a spreadsheet would run as a formula (starting with =, +, -,
 * @, tab or carriage return) is prefixed with an apostrophe, unless it is a plain number such as
 * -12.50: an export must not carry a donor's typed text into the finance team's spreadsheet as code.
 */
const NUMBER = /^-?\d+(\.\d+)?$/;

export const csvCell = (value: string | number | null | undefined): string => {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && !NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export const csvLine = (cells: ReadonlyArray<string | number | null | undefined>): string =>
  `${cells.map(csvCell).join(",")}\r\n`;
