import {
  IRAS_HEADER,
  cents,
  csvLine,
  irasEntries,
  irasRow,
  taxYearSpan,
  type FlowType,
  type IrasEntry,
  type IrasIdType,
  type UnfiledGift,
} from "@portal/domain";
import { personalData } from "../db/personal-data";
import type { Sql } from "../db/sql";
import { cursorBatches } from "./cursor";

interface Row {
  receipt_no: string;
  transaction_no: string;
  flow: FlowType;
  total_cents: number;
  issued_at: Date | string;
  returned_at: Date | string | null;
  anonymous: boolean | null;
  name: string | null;
  company_name: string | null;
  uen: string | null;
  receipt_id: Uint8Array | null;
  reg_kind: IrasIdType | null;
  reg_id: Uint8Array | null;
  checkout_id: Uint8Array | null;
}

/**
 * Gifts that may give an entry in the year: zakat and the wakaf funds, paid (their receipt issued) or
 * given back (refunded or voided; the donation's last change is when) within the year, in receipt
 * order. The particulars are the receipt's as last corrected. Which identity number is filed, first
 * found: one registered for IRAS inclusion (with its kind), one given at checkout, the NRIC/FIN on the
 * receipt, the UEN on the receipt, a business payer's UEN given at checkout.
 *
 * The year's receipts are walked in order on the index of migration 026 (Singapore year, series,
 * serial), and merged with the few paid in an earlier year and given back in this one: nothing is
 * sorted, so the first rows come at once and the database holds no year in memory ($3 is the year).
 */
const yearGifts = (only = "") => `
  select r.receipt_no, d.transaction_no, d.flow, d.total_cents, r.issued_at,
         case when d.status in ('refunded', 'voided') then d.updated_at end as returned_at,
         (d.donor_details->>'anonymous')::boolean as anonymous,
         coalesce(coalesce(x.particulars, r.particulars)->>'name', d.donor_details->>'name') as name,
         coalesce(coalesce(x.particulars, r.particulars)->>'companyName',
                  d.donor_details->'business'->>'companyName') as company_name,
         coalesce(coalesce(x.particulars, r.particulars)->>'uen',
                  d.donor_details->'business'->>'uen') as uen,
         case when x.id is null then r.id_encrypted else x.id_encrypted end as receipt_id,
         t.id_kind as reg_kind, t.id_encrypted as reg_id, d.tax_id_encrypted as checkout_id
  from (
    select r.* from receipt r
    where date_part('year', (r.issued_at at time zone 'UTC') + interval '8 hours') = $3
    union all
    select r.* from donation b join receipt r on r.donation_id = b.id
    where b.status in ('refunded', 'voided') and b.updated_at >= $1 and b.updated_at < $2
      and r.issued_at < $1
  ) r
  join donation d on d.id = r.donation_id
  left join lateral (select x.id, x.particulars, x.id_encrypted from receipt_reissue x
                     where x.receipt_id = r.id order by x.id desc limit 1) x on true
  left join tax_registration t on t.donation_id = d.id
  where d.flow in ('ZAKAT', 'ILMU', 'WMS') and d.status in ('succeeded', 'refunded', 'voided')
    ${only}
  order by r.series, r.serial`;

/** Only what may be unfilable (identity numbers are checked at entry, so a stored one is well formed). */
const MAYBE_UNFILED = `and (coalesce((d.donor_details->>'anonymous')::boolean, false)
  or coalesce(coalesce(x.particulars, r.particulars)->>'name', d.donor_details->>'name', '') = ''
  or (t.id is null and d.tax_id_encrypted is null and r.id_encrypted is null and x.id_encrypted is null
      and coalesce(coalesce(x.particulars, r.particulars)->>'uen', d.donor_details->'business'->>'uen') is null))`;

export function irasRecords(sql: Sql, serverKey: Buffer) {
  const pii = personalData(serverKey);
  const open = (sealed: Uint8Array | null) => (sealed ? pii.decrypt(sealed) : null);

  const entriesOf = (row: Row, year: number): ReadonlyArray<IrasEntry> => {
    const registered = open(row.reg_id);
    const checkout = registered ? null : open(row.checkout_id);
    const onReceipt = registered || checkout ? null : open(row.receipt_id);
    const idNumber = registered ?? checkout ?? onReceipt ?? row.uen;
    const idKind = registered ? row.reg_kind : !checkout && !onReceipt && row.uen ? "UEN" : null;
    const isCompany = idKind === "UEN" || (idNumber !== null && idNumber === row.uen);
    return irasEntries(
      {
        receiptNo: row.receipt_no,
        transactionNo: row.transaction_no,
        fund: row.flow,
        amount: cents(Number(row.total_cents)),
        receivedAt: new Date(row.issued_at).getTime(),
        returnedAt: row.returned_at ? new Date(row.returned_at).getTime() : null,
        anonymous: row.anonymous === true,
        donorName: isCompany ? (row.company_name ?? row.name) : row.name,
        idNumber,
        idKind,
      },
      year,
    );
  };

  /** Every entry of the year, in receipt order, read in batches through a cursor. */
  async function* entries(year: number, only = "", batchSize = 2000): AsyncGenerator<IrasEntry> {
    const { fromMs, untilMs } = taxYearSpan(year);
    const span = [new Date(fromMs).toISOString(), new Date(untilMs).toISOString(), year];
    for await (const rows of cursorBatches<Row>(sql, yearGifts(only), span, batchSize)) {
      for (const row of rows) yield* entriesOf(row, year);
    }
  }

  return {
    entries: (year: number) => entries(year),
    /**
     * The year's file as CSV lines (header first), made as it is read: nothing of it is kept. The
     * gifts that cannot be filed are left out here and given by `unfiled`.
     */
    async *file(year: number): AsyncGenerator<string> {
      yield csvLine(IRAS_HEADER);
      let chunk = "";
      for await (const entry of entries(year)) {
        if (entry.kind !== "record") continue;
        chunk += csvLine(irasRow(entry.record));
        if (chunk.length > 64_000) {
          yield chunk;
          chunk = "";
        }
      }
      if (chunk) yield chunk;
    },
    /** The year's gifts that cannot be filed (anonymous, no identification), for the finance team. */
    unfiled: async (year: number): Promise<ReadonlyArray<UnfiledGift>> => {
      const out: UnfiledGift[] = [];
      for await (const entry of entries(year, MAYBE_UNFILED)) {
        if (entry.kind === "unfiled") out.push(entry.gift);
      }
      return out;
    },
  };
}
export type IrasRecords = ReturnType<typeof irasRecords>;
