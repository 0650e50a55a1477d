import {
  IRAS_FLOWS,
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
import type { Sql, SqlQuery } from "../db/sql";
import { keysetIn, snapshotReads } from "./cursor";

interface Row {
  serial: number;
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
 * order (series, then serial). The particulars are the receipt's as last corrected. Which identity
 * number is filed, first found: one registered for IRAS inclusion (with its kind), one given at
 * checkout, the NRIC/FIN on the receipt, the UEN on the receipt, a business payer's UEN given at
 * checkout.
 *
 * Read by keyset, one series at a time in the database's own order of series (so the file's order is
 * exactly `order by series, serial`), `batch` gifts per statement (`BATCH`) after the last serial read: the
 * year's receipts on the index of migration 026 (Singapore year, series, serial), which matches the
 * statement's equalities and `order by` exactly, so each batch starts at its index entry and nothing
 * is sorted; merged by serial with the few receipts of earlier years given back in this one. (One
 * statement over the year through a cursor let PostgreSQL hash-join and sort the whole year when the
 * year is most of the table; bench/README.md.)
 */
const BATCH = 5000;
/** Gifts handed on at a time: few enough that a batch's rows are let go as they are written. */
const SLICE = 250;
/**
 * The funds the file reports (those with an IRAS record type in the registry), written into the
 * statement: flows are upper-case words (the registry test holds them to it), so quoting is enough.
 */
const reported = IRAS_FLOWS.map((flow) => `'${flow}'`).join(", ");
const GIFT = `
  select r.serial, r.receipt_no, d.transaction_no, d.flow, d.total_cents, r.issued_at,
         case when d.status in ('refunded', 'voided') then d.updated_at end as returned_at,
         (d.donor_details->>'anonymous')::boolean as anonymous,
         coalesce(coalesce(x.particulars, r.particulars)->>'name', d.donor_details->>'name') as name,
         coalesce(coalesce(x.particulars, r.particulars)->>'companyName',
                  d.donor_details->'business'->>'companyName') as company_name,
         coalesce(coalesce(x.particulars, r.particulars)->>'uen',
                  d.donor_details->'business'->>'uen') as uen,
         case when x.id is null then r.id_encrypted else x.id_encrypted end as receipt_id,
         t.id_kind as reg_kind, t.id_encrypted as reg_id, d.tax_id_encrypted as checkout_id
  from receipt r
  join donation d on d.id = r.donation_id
  left join lateral (select x.id, x.particulars, x.id_encrypted from receipt_reissue x
                     where x.receipt_id = r.id order by x.id desc limit 1) x on true
  left join tax_registration t on t.donation_id = d.id
  where d.flow in (${reported}) and d.status in ('succeeded', 'refunded', 'voided')`;

/** Receipts issued in the Singapore year $1, of series $2, after serial $3. */
const issuedInYear = (only: string, batch: number) => `${GIFT}
    and date_part('year', (r.issued_at at time zone 'UTC') + interval '8 hours') = $1
    and r.series = $2 and r.serial > $3 ${only}
  order by r.serial limit ${batch}`;

/** Receipts issued before the year ($1 to $2) and given back within it, of series $3, after $4. */
const returnedInYear = (only: string, batch: number) => `${GIFT}
    and d.status in ('refunded', 'voided') and d.updated_at >= $1 and d.updated_at < $2
    and r.issued_at < $1 and r.series = $3 and r.serial > $4 ${only}
  order by r.serial limit ${batch}`;

/** Two streams of rows ascending by serial, as one (a serial is in one of them only). */
async function* bySerial(a: AsyncIterator<Row>, b: AsyncIterator<Row>): AsyncGenerator<Row> {
  let x = await a.next();
  let y = await b.next();
  while (!x.done || !y.done) {
    if (y.done || (!x.done && Number(x.value.serial) < Number(y.value.serial))) {
      yield x.value;
      x = await a.next();
    } else {
      yield y.value;
      y = await b.next();
    }
  }
}

/** The rows of a keyset-read statement, one by one. */
async function* rowsOf(tx: SqlQuery, batch: number, text: string, params: ReadonlyArray<unknown>) {
  const batches = keysetIn(
    tx,
    batch,
    (tx, after: number | undefined) => tx.query<Row>(text, [...params, after ?? 0]),
    (row) => Number(row.serial),
  );
  for await (const rows of batches) {
    // Each row let go once handed on, so the batch is not held (and promoted by the garbage
    // collector) while its last rows are written.
    const held = rows as Array<Row | undefined>;
    for (let i = 0; i < held.length; i++) {
      const row = held[i]!;
      held[i] = undefined;
      yield row;
    }
  }
}

/** The year's gifts in receipt order, in arrays of `SLICE` (the last shorter), in one snapshot. */
function yearGifts(
  sql: Sql,
  year: number,
  only: string,
  batch: number,
): AsyncIterableIterator<Row[]> {
  const { fromMs, untilMs } = taxYearSpan(year);
  const span = [new Date(fromMs).toISOString(), new Date(untilMs).toISOString()];
  return snapshotReads(sql, async function* (tx) {
    const series = await tx.query<{ series: string }>(
      "select series from receipt_series order by series",
    );
    let out: Row[] = [];
    for (const { series: s } of series) {
      const gifts = bySerial(
        rowsOf(tx, batch, issuedInYear(only, batch), [year, s]),
        rowsOf(tx, batch, returnedInYear(only, batch), [...span, s]),
      );
      for await (const row of gifts) {
        out.push(row);
        if (out.length === SLICE) {
          yield out;
          out = [];
        }
      }
    }
    if (out.length > 0) yield out;
  });
}

/** Only what may be unfilable (identity numbers are checked at entry, so a stored one is well formed). */
const MAYBE_UNFILED = `and (coalesce((d.donor_details->>'anonymous')::boolean, false)
  or coalesce(coalesce(x.particulars, r.particulars)->>'name', d.donor_details->>'name', '') = ''
  or (t.id is null and d.tax_id_encrypted is null and r.id_encrypted is null and x.id_encrypted is null
      and coalesce(coalesce(x.particulars, r.particulars)->>'uen', d.donor_details->'business'->>'uen') is null))`;

/** `batch`: gifts read per statement (tests read a few at a time to cross batches). */
export function irasRecords(sql: Sql, serverKey: Buffer, { batch = BATCH } = {}) {
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

  /** Every entry of the year, in receipt order. */
  async function* entries(year: number, only = ""): AsyncGenerator<IrasEntry> {
    for await (const gifts of yearGifts(sql, year, only, batch)) {
      for (const gift of gifts) yield* entriesOf(gift, year);
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
      for await (const gifts of yearGifts(sql, year, "", batch)) {
        for (const gift of gifts) {
          for (const entry of entriesOf(gift, year)) {
            if (entry.kind === "record") chunk += csvLine(irasRow(entry.record));
          }
        }
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
