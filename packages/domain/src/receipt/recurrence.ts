import { receiptRecurrenceLabel, type RecurrenceLabel } from "../format/receipt.ts";

const BY_FREQUENCY: Readonly<Record<string, RecurrenceLabel>> = {
  onetime: "One Time",
  oneoff: "One Time",
  daily: "Recurrent Daily",
  weekly: "Recurrent Weekly",
  monthly: "Recurrent Monthly",
  quarterly: "Recurrent Quarterly",
  annually: "Recurrent Annually",
  yearly: "Recurrent Annually",
};

/**
 * The receipt's recurrence label. A recorded frequency decides (`one time`/`One Off` -> One Time,
 * `monthly` -> Recurrent Monthly); only when none is recorded or it is not one we know does §9's odd
 * rule on the total amount text apply (`$50` -> Recurrent Monthly), so a one-time $50 gift is never
 * labelled recurrent.
 */
export const recurrenceLabel = (
  frequency: string | null | undefined,
  totalAmountText: string,
): RecurrenceLabel =>
  BY_FREQUENCY[(frequency ?? "").toLowerCase().replace(/[^a-z]/g, "")] ??
  receiptRecurrenceLabel(totalAmountText);
