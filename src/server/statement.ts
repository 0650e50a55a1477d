import { jsPDF } from "jspdf";
import {
  isFlowType,
  formatDate,
  formatMoney,
  TAX_TREATMENTS,
  type StatementEntry,
  type TaxStatement,
} from "@portal/domain";
import type { StatementDonor } from "@portal/adapters/db";
import { fundNameKey } from "../i18n/funds";
import { winAnsi } from "../lib/win-ansi";
import { serverText, type Lang } from "./translations";

/**
 * The year-end tax statement as an A4 PDF, built on the server with jspdf's Node build: real text in
 * Helvetica (searchable, copyable, read aloud), not an image. The council, the donor's name and masked
 * NRIC/UEN, the tax year, every gift of the year (fund, date, receipt number, amount, tax treatment),
 * the totals per treatment and a plain note on how each is claimed, in English or Malay.
 */
export interface StatementPdfInput {
  readonly lang: Lang;
  readonly donor: StatementDonor;
  readonly statement: TaxStatement;
  /** When the statement is issued (epoch milliseconds). */
  readonly issuedAt: number;
}

const PAGE = { width: 595.28, height: 841.89, margin: 48 };
const BOTTOM = PAGE.height - 64;
const RIGHT = PAGE.width - PAGE.margin;
/** Left edges of the table's columns; the amount is right-aligned at its column's right edge. */
const COLUMN = { date: 48, fund: 118, receipt: 246, amountRight: 410, treatment: 420 };
const TREATMENT_WIDTH = RIGHT - COLUMN.treatment;
const FUND_WIDTH = COLUMN.receipt - COLUMN.fund - 6;
const LINE = 12;

export function statementPdf({ lang, donor, statement, issuedAt }: StatementPdfInput): Uint8Array {
  const t = serverText(lang);
  const pdf = new jsPDF({ unit: "pt", format: "a4", orientation: "portrait", compress: true });
  const title = t("statement_title", { year: statement.year });
  pdf.setProperties({
    title,
    subject: title,
    author: t("council_name"),
    creator: "Giving portal",
  });
  pdf.setLanguage(lang === "ms" ? "ms" : "en-GB");
  const text = (value: string | string[], x: number, y: number, options?: object) =>
    pdf.text(Array.isArray(value) ? value.map(winAnsi) : winAnsi(value), x, y, options);
  const wrap = (value: string, width: number): string[] =>
    pdf.splitTextToSize(winAnsi(value), width) as string[];
  const font = (size: number, style: "normal" | "bold" = "normal") => {
    pdf.setFont("helvetica", style);
    pdf.setFontSize(size);
  };

  let y = PAGE.margin + 8;
  font(11, "bold");
  text(t("council_name"), PAGE.margin, y);
  y += 26;
  font(18, "bold");
  text(title, PAGE.margin, y);
  y += 18;
  font(9.5);
  const period = wrap(
    t("statement_period", { year: statement.year, assessmentYear: statement.year + 1 }),
    RIGHT - PAGE.margin,
  );
  text(period, PAGE.margin, y);
  y += period.length * LINE + 10;
  font(10);
  for (const [label, value] of [
    [t("statement_donor"), donor.name],
    [t("statement_id"), donor.idMasked ?? "-"],
  ] as const) {
    font(10, "bold");
    text(`${label}:`, PAGE.margin, y);
    font(10);
    text(value, PAGE.margin + 90, y);
    y += 14;
  }
  text(t("statement_issued", { date: formatDate(issuedAt, lang) }), PAGE.margin, y);
  y += 24;

  const header = () => {
    font(9, "bold");
    text(t("statement_col_date"), COLUMN.date, y);
    text(t("statement_col_fund"), COLUMN.fund, y);
    text(t("statement_col_receipt"), COLUMN.receipt, y);
    text(t("statement_col_amount"), COLUMN.amountRight, y, { align: "right" });
    text(t("statement_col_treatment"), COLUMN.treatment, y);
    pdf.setLineWidth(0.75);
    pdf.line(PAGE.margin, y + 5, RIGHT, y + 5);
    y += 18;
    font(9);
  };
  const room = (height: number) => {
    if (y + height <= BOTTOM) return false;
    pdf.addPage();
    y = PAGE.margin + 8;
    return true;
  };
  const treatmentOf = (entry: StatementEntry) => {
    const treatment = t(`statement_treatment_${entry.treatment}`);
    if (!entry.counted)
      return `${treatment}. ${t(`statement_not_counted_${entry.status as "Refunded" | "Voided"}`)}`;
    return entry.irasIncluded || entry.treatment === "none"
      ? treatment
      : `${treatment} (${t("statement_not_reported")})`;
  };

  header();
  if (statement.entries.length === 0) {
    text(t("statement_no_gifts", { year: statement.year }), COLUMN.date, y);
    y += LINE + 6;
  }
  for (const entry of statement.entries) {
    const fund = wrap(
      t(
        isFlowType(entry.statementFund)
          ? fundNameKey(entry.statementFund)
          : `statement_fund_${entry.statementFund}`,
      ),
      FUND_WIDTH,
    );
    const treatment = wrap(treatmentOf(entry), TREATMENT_WIDTH);
    const height = Math.max(fund.length, treatment.length) * LINE + 4;
    if (room(height)) header();
    const amount = formatMoney(entry.amount);
    text(formatDate(entry.paidAt, lang), COLUMN.date, y);
    text(fund, COLUMN.fund, y);
    text(entry.receiptNo ?? "-", COLUMN.receipt, y);
    text(amount, COLUMN.amountRight, y, { align: "right" });
    if (!entry.counted) {
      // Struck through, as receipts show a refunded or voided amount (spec §4).
      const width = pdf.getTextWidth(amount);
      pdf.setLineWidth(0.5);
      pdf.line(COLUMN.amountRight - width, y - 3, COLUMN.amountRight, y - 3);
    }
    text(treatment, COLUMN.treatment, y);
    y += height;
  }
  pdf.setLineWidth(0.5);
  pdf.line(PAGE.margin, y - 6, RIGHT, y - 6);

  room(24 + TAX_TREATMENTS.length * 14);
  y += 14;
  font(11, "bold");
  text(t("statement_totals"), PAGE.margin, y);
  y += 16;
  for (const treatment of TAX_TREATMENTS) {
    font(10);
    text(t(`statement_total_${treatment}`), PAGE.margin, y);
    font(10, "bold");
    text(formatMoney(statement.totals[treatment]), COLUMN.amountRight, y, { align: "right" });
    y += 14;
  }

  y += 14;
  room(40);
  font(11, "bold");
  text(t("statement_notes"), PAGE.margin, y);
  y += 16;
  font(9.5);
  for (const key of [
    "statement_note_zakat-1x",
    "statement_note_wakaf-250",
    "statement_note_none",
    "statement_note_refunds",
  ] as const) {
    const paragraph = wrap(t(key), RIGHT - PAGE.margin);
    if (room(paragraph.length * LINE)) font(9.5);
    text(paragraph, PAGE.margin, y);
    y += paragraph.length * LINE + 6;
  }

  const pages = pdf.getNumberOfPages();
  for (let page = 1; page <= pages; page += 1) {
    pdf.setPage(page);
    font(8);
    text(`${title} · ${t("statement_page", { page, pages })}`, RIGHT, PAGE.height - 32, {
      align: "right",
    });
  }
  return new Uint8Array(pdf.output("arraybuffer"));
}
