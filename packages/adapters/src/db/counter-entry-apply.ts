import { randomUUID } from "node:crypto";
import type { OfflineEntry, ShiftFlag } from "@portal/domain";
import type { ConsoleAudit } from "./console-audit";
import { recordCounterPayment, type CounterReceipt } from "./counter-receipts";
import { receiptToken } from "./donations";
import type { SqlQuery } from "./sql";

/**
 * Within a sync's (or an officer's taking's) transaction: a counter device's entry applied as a paid
 * counter donation under its own device number and time, within its amil's shift open at that time at
 * the mosque (`shiftOf`, counter-entry-shifts.ts) or flagged. The one path by which an offline entry
 * becomes a donation, whether the sync applies it or an officer takes it once it was held.
 */
export const applyOfflineEntry = async (
  tx: SqlQuery,
  key: Buffer,
  audit: ConsoleAudit,
  taken: OfflineEntry,
  from: string,
  shiftOf: (amilId: string, at: Date) => { readonly id: string } | { readonly flag: ShiftFlag },
): Promise<{
  readonly donationId: string;
  readonly shiftFlag: ShiftFlag | undefined;
  readonly receipt: CounterReceipt;
}> => {
  const donationId = randomUUID();
  const shift = shiftOf(taken.amil.id, taken.takenAt);
  const shiftFlag = "flag" in shift ? shift.flag : undefined;
  const written = await recordCounterPayment(
    tx,
    key,
    taken.entry,
    { id: taken.amil.id, name: taken.amil.name, roles: [], ip: from },
    {
      id: donationId,
      audit,
      number: {
        series: taken.series,
        serial: taken.serial,
        takenAt: taken.takenAt,
        ratesVersion: taken.ratesVersion,
      },
      ...("id" in shift ? { shift: shift.id } : {}),
    },
  );
  return {
    donationId,
    shiftFlag,
    receipt: {
      transactionNo: written.transactionNo,
      receiptNo: written.receiptNo,
      token: receiptToken(key, written.receiptId),
      flow: taken.entry.flow,
      amounts: { [taken.entry.fund]: taken.entry.amountCents },
      replayed: false,
    },
  };
};
