import { nextZakatDue } from "../format/dates.ts";
import { sgtDate, type SgtDate } from "../recurring.ts";
import { isCounted, type StatementLine } from "./statement.ts";

export interface HartaDue {
  /** Singapore calendar date one haul (355 days) after the payment, `YYYY-MM-DD`. */
  readonly dueDate: SgtDate;
  /** The payment it counts from. */
  readonly from: StatementLine;
}

/**
 * The next zakat harta due date: one haul after the latest harta payment that stands (a refunded or
 * voided one does not count). Undefined when there is none. The receipt's "Next Zakat Harta Due" is
 * the same rule for a single payment.
 */
export const nextHartaDueDate = (lines: ReadonlyArray<StatementLine>): HartaDue | undefined => {
  let latest: StatementLine | undefined;
  for (const line of lines) {
    if (line.hartaAmount > 0 && isCounted(line) && (!latest || line.paidAt > latest.paidAt))
      latest = line;
  }
  return latest && { dueDate: sgtDate(nextZakatDue(latest.paidAt)), from: latest };
};
