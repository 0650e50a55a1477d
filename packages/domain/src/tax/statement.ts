import type { FlowType } from "../flow.ts";
import { fundOf } from "../funds/lookup.ts";
import { addCents, cents, type Cents, ZERO } from "../money.ts";
import { taxYearOf } from "./tax-year.ts";
import { TAX_TREATMENTS, taxTreatmentOf, type TaxTreatment } from "./treatment.ts";

/** Where a gift's money went, as a statement names it (a zakat payment may hold harta and fitrah). */
export type StatementFund = "zakatHarta" | "zakatFitrah" | "zakatHartaFitrah" | FlowType;

/** One of the donor's gifts, as the records hold it. */
export interface StatementLine {
  readonly transactionNo: string;
  readonly fund: FlowType;
  /** When it was paid (epoch milliseconds). */
  readonly paidAt: number;
  readonly receiptNo: string | null;
  readonly amount: Cents;
  /** The zakat harta part of `amount` (0 for anything else). */
  readonly hartaAmount: Cents;
  readonly status: "Completed" | "Refunded" | "Voided";
  /** Whether the council reports it to IRAS (an NRIC/FIN/UEN is on record for it). */
  readonly irasIncluded: boolean;
}

export interface StatementEntry extends StatementLine {
  readonly treatment: TaxTreatment;
  readonly statementFund: StatementFund;
  /** Refunded and voided gifts are listed for the record but count towards no total. */
  readonly counted: boolean;
}

export interface TaxStatement {
  readonly year: number;
  /** The year's gifts, oldest first. */
  readonly entries: ReadonlyArray<StatementEntry>;
  /** Counted amounts per treatment. */
  readonly totals: Readonly<Record<TaxTreatment, Cents>>;
}

/** A zakat payment by what it held (harta, fitrah or both); any other fund by its flow. */
export const statementFundOf = (
  line: Pick<StatementLine, "fund" | "amount" | "hartaAmount">,
): StatementFund => {
  const fund = fundOf(line.fund);
  if (!fund.items.some((item) => item.pricing === "harta")) return line.fund;
  if (line.hartaAmount <= 0) return "zakatFitrah";
  return line.hartaAmount >= line.amount ? "zakatHarta" : "zakatHartaFitrah";
};

export const isCounted = (line: Pick<StatementLine, "status">): boolean =>
  line.status === "Completed";

/** The statement of one tax year: the year's gifts (others are left out) and the totals per treatment. */
export const taxStatement = (year: number, lines: ReadonlyArray<StatementLine>): TaxStatement => {
  const entries = lines
    .filter((line) => taxYearOf(line.paidAt) === year)
    .map((line) => ({
      ...line,
      treatment: taxTreatmentOf(line.fund),
      statementFund: statementFundOf(line),
      counted: isCounted(line),
    }))
    .sort((a, b) => a.paidAt - b.paidAt || a.transactionNo.localeCompare(b.transactionNo));
  const totals = Object.fromEntries(TAX_TREATMENTS.map((t) => [t, ZERO])) as Record<
    TaxTreatment,
    Cents
  >;
  for (const entry of entries) {
    if (entry.counted) totals[entry.treatment] = addCents(totals[entry.treatment], entry.amount);
  }
  return { year, entries, totals };
};

/** Sum of a statement's counted amounts. */
export const statementTotal = (statement: TaxStatement): Cents =>
  cents(TAX_TREATMENTS.reduce((sum, t) => sum + statement.totals[t], 0));
