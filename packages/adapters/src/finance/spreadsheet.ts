import { Zip, ZipDeflate, strToU8 } from "fflate";
import { csvLine } from "@portal/domain";
import { dollarText, type ExportCell } from "./exports";

/** CSV text in chunks of about 64 KB, header first. */
export async function* csvChunks(
  header: ReadonlyArray<string>,
  rows: AsyncIterable<ReadonlyArray<ExportCell>>,
): AsyncGenerator<string> {
  let chunk = csvLine(header);
  for await (const row of rows) {
    chunk += csvLine(row.map((c) => (typeof c === "string" ? c : dollarText(c.cents))));
    if (chunk.length > 64_000) {
      yield chunk;
      chunk = "";
    }
  }
  if (chunk) yield chunk;
}

// eslint-disable-next-line no-control-regex -- these are the very characters to remove
const XML_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;
const xml = (text: string) =>
  text
    .replace(/[<>&"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;" })[c]!)
    // Characters XML 1.0 cannot carry at all (C0 controls other than tab, line feed, return).
    .replace(XML_FORBIDDEN, "");

const cell = (value: ExportCell) =>
  typeof value === "string"
    ? `<c t="inlineStr"><is><t>${xml(value)}</t></is></c>`
    : `<c><v>${dollarText(value.cents)}</v></c>`;
const rowXml = (cells: ReadonlyArray<ExportCell>) => `<row>${cells.map(cell).join("")}</row>`;

const STATIC: ReadonlyArray<[string, string]> = [
  [
    "[Content_Types].xml",
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
  ],
  [
    "_rels/.rels",
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  ],
  [
    "xl/workbook.xml",
    '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Donations" sheetId="1" r:id="rId1"/></sheets></workbook>',
  ],
  [
    "xl/_rels/workbook.xml.rels",
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
  ],
];

/**
 * An .xlsx workbook of one sheet, zipped as it is made (fflate's streaming zip): the sheet's rows are
 * deflated a batch at a time and handed on, so memory stays flat. Text cells are inline strings, so
 * no shared-string table has to be held; a text cell is never a formula in this format.
 */
export async function* xlsxChunks(
  header: ReadonlyArray<string>,
  rows: AsyncIterable<ReadonlyArray<ExportCell>>,
): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = [];
  let failed: Error | null = null;
  const zip = new Zip((error, data) => {
    if (error) failed = error;
    else out.push(data);
  });
  const drain = function* () {
    if (failed) throw failed;
    while (out.length > 0) yield out.shift()!;
  };
  for (const [name, text] of STATIC) {
    const file = new ZipDeflate(name, { level: 6 });
    zip.add(file);
    file.push(strToU8(text), true);
  }
  const sheet = new ZipDeflate("xl/worksheets/sheet1.xml", { level: 6 });
  zip.add(sheet);
  let text =
    '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
    rowXml(header.map(String));
  for await (const row of rows) {
    text += rowXml(row);
    if (text.length > 64_000) {
      sheet.push(strToU8(text));
      text = "";
      yield* drain();
    }
  }
  sheet.push(strToU8(`${text}</sheetData></worksheet>`), true);
  zip.end();
  yield* drain();
}
