import { maskNric } from "@portal/domain";
import type { PersonalData } from "./personal-data";
import type { Particulars } from "./receipts";
import type { SqlQuery } from "./sql";

/** A correction of an issued receipt's particulars (the council console calls `reissue`). */
export interface ReceiptReissue {
  readonly receiptNo: string;
  /** Who corrects it, as the audit log names them (an officer's id). */
  readonly actor: string;
  readonly reason: string;
  /** The corrected fields; the others stay as shown now. */
  readonly particulars: Partial<Particulars>;
  /** A corrected NRIC/FIN, stored sealed like every other. */
  readonly idNumber?: string;
  /** The officer's role, for the audit log. */
  readonly role?: string;
  /** The console's audit line, written in the re-issue's own transaction (masked before/after). */
  readonly audit?: (tx: SqlQuery, before: unknown, after: unknown) => Promise<void>;
}

export type ReissueOutcome =
  { outcome: "reissued"; receiptNo: string; replaces: string } | { outcome: "notFound" };

/**
 * Re-issue a receipt with corrected particulars, inside the caller's transaction; the
 * corrected receipt takes the next number of its series and names the one it replaces: the original issue
 * and every earlier correction are kept (the receipt shows the newest), and the audit log records who,
 * before, after and when (the NRIC masked). "notFound" for no such receipt.
 */
export async function reissueReceipt(
  tx: SqlQuery,
  pii: PersonalData,
  input: ReceiptReissue,
): Promise<ReissueOutcome> {
  const masked = (sealed: Uint8Array | null) => (sealed ? maskNric(pii.decrypt(sealed)) : null);
  const [row] = await tx.query<{
    id: string;
    series: string;
    current_no: string;
    particulars: Particulars | null;
    id_encrypted: Uint8Array | null;
  }>(
    `select r.id, r.series, coalesce(x.receipt_no, r.receipt_no) as current_no,
            coalesce(x.particulars, r.particulars) as particulars,
            case when x.id is null then r.id_encrypted else x.id_encrypted end as id_encrypted
     from receipt r
     left join lateral (select * from receipt_reissue x where x.receipt_id = r.id
                        order by x.id desc limit 1) x on true
     where r.receipt_no = $1 or r.id = (select receipt_id from receipt_reissue where receipt_no = $1)
     for update of r`,
    [input.receiptNo],
  );
  if (!row) return { outcome: "notFound" as const };
  const before = row.particulars ?? {};
  const after = { ...before, ...input.particulars };
  const sealed =
    input.idNumber === undefined
      ? row.id_encrypted
      : pii.encrypt(input.idNumber.trim().toUpperCase());
  // The corrected receipt takes the next number of its series and names the one it replaces.
  const [numbered] = await tx.query<{ receipt_no: string }>(
    `with next as (
       update receipt_series set next_serial = next_serial + 1 where series = $6
       returning next_serial - 1 as serial
     )
     insert into receipt_reissue (receipt_id, particulars, id_encrypted, reason, actor, serial, receipt_no)
     select $1, $2, $3, $4, $5, next.serial, $6 || '-' || case when length(next.serial::text) >= 8
       then next.serial::text else lpad(next.serial::text, 8, '0') end
     from next returning receipt_no`,
    [row.id, JSON.stringify(after), sealed, input.reason, input.actor, row.series],
  );
  const receiptNo = numbered?.receipt_no ?? row.current_no;
  const shownBefore = { ...before, receiptNo: row.current_no, nric: masked(row.id_encrypted) };
  const shownAfter = { ...after, receiptNo, replaces: row.current_no, nric: masked(sealed) };
  await tx.query(
    `insert into audit_log (actor, action, entity, entity_id, detail)
     values ($1, 'receipt.reissue', 'receipt', $2, $3)`,
    [
      input.actor,
      input.receiptNo,
      JSON.stringify({
        reason: input.reason,
        ...(input.role ? { role: input.role } : {}),
        before: shownBefore,
        after: shownAfter,
      }),
    ],
  );
  await input.audit?.(tx, shownBefore, { ...shownAfter, reason: input.reason });
  return { outcome: "reissued" as const, receiptNo, replaces: row.current_no };
}
