import {
  fundOf,
  isTaxRegistrable,
  receiptHref,
  receiptPath,
  taxYearSpan,
  type FlowType,
} from "@portal/domain";
import { receiptToken } from "./donations";
import type { DonorView } from "./donors";
import { receiptNamesId } from "./receipt-particulars";
import type { Sql } from "./sql";

/** Spec §3's transaction record (donor history). Amounts are integer cents. */
export interface TransactionRecord {
  readonly transactionNo: string;
  readonly donorName: string;
  readonly donorPhone: string | null;
  readonly donorEmail: string | null;
  /** Masked: the last four characters only. */
  readonly nricNumber: string | null;
  readonly donationAmount: number;
  readonly donationFrom: "individual" | "corporate";
  readonly donationTimeStamp: string;
  readonly method: "DebitCard" | "PayNow";
  readonly status: "Completed" | "Refunded" | "Voided";
  readonly paymentMethod: string | null;
  readonly cardLastDigit: string | null;
  readonly nextDonationDate: string | null;
  readonly receiptLink: string | null;
  readonly isSingPass: boolean;
  readonly receiptNo: string | null;
  readonly donationTo: string;
  readonly recurringFrequency: string;
  readonly donationType: FlowType;
  readonly paymentType: number;
  readonly source: string;
  readonly isRefunded: boolean;
  /** Registered for IRAS inclusion (at checkout or afterwards, /register/tax-deduction). */
  readonly isIRASInclusion: boolean;
}

export interface Page<T> {
  readonly records: ReadonlyArray<T>;
  readonly totalRecords: number;
}

/** A page of the donor's list, with the Singapore calendar years they gave in (newest first). */
export interface TransactionPage extends Page<TransactionRecord> {
  readonly years: ReadonlyArray<number>;
}

export interface RecurringStatus {
  readonly transactionNo: string;
  readonly isRecurring: boolean;
  readonly recurringStatus: "active" | "suspended" | "cancelled" | null;
  readonly frequency: string;
  readonly nextDonationDate: string | null;
}

export interface SavedCard {
  readonly id: string;
  readonly brand: string;
  readonly last4: string;
  readonly expMonth: number;
  readonly expYear: number;
}

export interface DonorWallEntry {
  readonly donorName: string;
  readonly donationAmount: number;
  readonly donationTimeStamp: string;
}

/** How a donation was paid, in the spec's words (§4: methods PayNow and DebitCard). */
export const methodOf = (paymentMethod: string | null): "PayNow" | "DebitCard" =>
  paymentMethod === "paynow" ? "PayNow" : "DebitCard";

/** A mobile number as records show it: dial code, a space, the number; null when there is none. */
export const phoneOf = (countryCode: string | null, mobile: string | null): string | null =>
  mobile ? `${countryCode ?? ""} ${mobile}`.trim() : null;

/** The receipt page of a donation (spec §2's /receipt/... routes); the rule lives in the domain. */
export { receiptPath };

interface HistoryRow {
  id: string;
  transaction_no: string;
  flow: FlowType;
  status: "succeeded" | "refunded" | "voided";
  total_cents: number;
  amounts: Record<string, number>;
  frequency: string;
  payment_method: string | null;
  card_brand: string | null;
  card_last4: string | null;
  payment_type: number;
  source: string;
  created_at: Date;
  receipt_id: string | null;
  receipt_no: string | null;
  plan_frequency: string | null;
  next_charge_on: string | null;
  plan_status: string | null;
  tax_included: boolean;
}

export interface History {
  /**
   * The donor's paid donations, newest first; `pageNo` from 1, `pageSize` up to 100; with how many
   * match and every year the donor gave in, all in one statement.
   */
  readonly transactions: (
    donor: DonorView,
    page: {
      readonly pageNo: number;
      readonly pageSize: number;
      readonly source?: string | undefined;
      /** A Singapore calendar (tax) year. */
      readonly year?: number | undefined;
      /** One fund. */
      readonly flow?: FlowType | undefined;
    },
  ) => Promise<TransactionPage>;
  /** One of the donor's donations by transaction number; undefined when it is not theirs. */
  readonly transaction: (
    donor: DonorView,
    transactionNo: string,
  ) => Promise<TransactionRecord | undefined>;
  readonly recurringStatus: (
    donorId: string,
    transactionNo: string,
  ) => Promise<RecurringStatus | undefined>;
  readonly savedCards: (donorId: string) => Promise<ReadonlyArray<SavedCard>>;
  /** Recent gifts to a wakaf fund, anonymous donors as 'Hamba Allah' (§6). */
  readonly donorWall: (
    flow: FlowType,
    page: { readonly pageNo: number; readonly pageSize: number },
  ) => Promise<Page<DonorWallEntry>>;
}

/**
 * The list's optional filters as parameters $n (source), $n+1 and $n+2 (the year's span), $n+3 (flow);
 * `column` prefixes the column names.
 */
const filtered = (column: string, n: number): string => `
  and ($${n}::text is null or ${column}source = $${n})
  and ($${n + 1}::timestamptz is null or ${column}created_at >= $${n + 1})
  and ($${n + 2}::timestamptz is null or ${column}created_at < $${n + 2})
  and ($${n + 3}::text is null or ${column}flow = $${n + 3})`;

/** The donor's (`$1`) donations a list shows, whatever the page or filter. */
const listed = "donor_id = $1 and status in ('succeeded', 'refunded', 'voided')";

/** How many receipt tokens a history remembers (the oldest go first). */
const MOST_TOKENS = 20_000;

export function history(sql: Sql, serverKey: Buffer, productRoute = "wakaf"): History {
  // A receipt's token is an HMAC of its id, the same every time: a list of 100 would make 100 of them
  // per read. Remembered instead (receipts are never renumbered; their ids never change).
  const tokens = new Map<string, string>();
  const tokenOf = (receiptId: string) => {
    let token = tokens.get(receiptId);
    if (token === undefined) {
      if (tokens.size >= MOST_TOKENS) tokens.delete(tokens.keys().next().value as string);
      token = receiptToken(serverKey, receiptId);
      tokens.set(receiptId, token);
    }
    return token;
  };
  const query = (where: string) => `
    select d.id, d.transaction_no, d.flow, d.status, d.total_cents, d.amounts, d.frequency, d.payment_method,
           d.card_brand, d.card_last4, d.payment_type, d.source, d.created_at,
           r.id as receipt_id, r.receipt_no,
           p.frequency as plan_frequency, p.next_charge_on::text as next_charge_on, p.status as plan_status,
           (d.tax_id_hash is not null or exists (select 1 from tax_registration t where t.donation_id = d.id)
             or coalesce((d.donor_details->>'irasInclusion')::boolean, false)
             or ${receiptNamesId})
             as tax_included
    from donation d
    left join receipt r on r.donation_id = d.id
    left join recurring_plan p on p.first_donation_id = d.id
    where d.donor_id = $1 and d.status in ('succeeded', 'refunded', 'voided') ${where}`;

  /** A record of the donor's own list: the donor's part comes from the caller's record, read once. */
  const toRecord = (row: HistoryRow, donor: DonorView): TransactionRecord => ({
    transactionNo: row.transaction_no,
    donorName: donor.name,
    donorPhone: phoneOf(donor.countryCode, donor.mobile),
    donorEmail: donor.email,
    nricNumber: donor.nricMasked,
    donationAmount: Number(row.total_cents),
    donationFrom: donor.kind,
    donationTimeStamp: new Date(row.created_at).toISOString(),
    method: methodOf(row.payment_method),
    status:
      row.status === "refunded" ? "Refunded" : row.status === "voided" ? "Voided" : "Completed",
    paymentMethod: row.payment_method === "paynow" ? "PayNow" : row.card_brand,
    cardLastDigit: row.card_last4,
    nextDonationDate: row.plan_status === "active" ? row.next_charge_on : null,
    receiptLink: row.receipt_id
      ? receiptHref(
          receiptPath(row.flow, row.amounts, productRoute),
          row.transaction_no,
          tokenOf(row.receipt_id),
        )
      : null,
    isSingPass: donor.enrolment === "Singpass",
    receiptNo: row.receipt_no,
    donationTo: fundOf(row.flow).name,
    recurringFrequency: row.plan_frequency ?? "One Time",
    donationType: row.flow,
    paymentType: row.payment_type,
    source: row.source,
    isRefunded: row.status === "refunded",
    // Included as its receipt and year statement say (a number for it, given at checkout or the
    // donor's own on record), and only for a fund whose gifts are included at all.
    isIRASInclusion: row.tax_included && isTaxRegistrable(row.flow),
  });

  const planOf = async (donorId: string, transactionNo: string) => {
    const [row] = await sql.query<{
      donation_id: string;
      frequency: string;
      plan_id: string | null;
      plan_status: "active" | "suspended" | "cancelled" | null;
      plan_frequency: string | null;
      next_charge_on: string | null;
    }>(
      `select d.id as donation_id, d.frequency, p.id as plan_id, p.status as plan_status,
              p.frequency as plan_frequency, p.next_charge_on::text as next_charge_on
       from donation d left join recurring_plan p on p.first_donation_id = d.id and p.donor_id = d.donor_id
       where d.donor_id = $1 and d.transaction_no = $2`,
      [donorId, transactionNo],
    );
    return row;
  };

  return {
    transactions: async (donor, { pageNo, pageSize, source, year, flow }) => {
      const span = year === undefined ? undefined : taxYearSpan(year);
      const at = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString());
      const filters = [source ?? null, at(span?.fromMs), at(span?.untilMs), flow ?? null];
      // One row for the counts even when the page is empty (past the last page): the page joins it.
      const rows = await sql.query<
        Omit<HistoryRow, "id"> & { id: string | null; total: number; years: number[] | null }
      >(
        `select c.total, c.years, p.* from (select
           (select count(*)::int from donation where ${listed} ${filtered("", 4)}) as total,
           (select array_agg(y.year order by y.year desc) from (
              select distinct extract(year from (created_at at time zone 'UTC') + interval '8 hours')::int
                as year from donation where ${listed}) y) as years
         ) c
         left join lateral (${query(filtered("d.", 4))}
           order by d.created_at desc, d.id desc limit $2 offset $3) p on true
         order by p.created_at desc, p.id desc`,
        [donor.id, pageSize, (pageNo - 1) * pageSize, ...filters],
      );
      return {
        records: rows.flatMap((row) => (row.id ? [toRecord(row as HistoryRow, donor)] : [])),
        totalRecords: rows[0]?.total ?? 0,
        years: (rows[0]?.years ?? []).map(Number),
      };
    },
    transaction: async (donor, transactionNo) => {
      const [row] = await sql.query<HistoryRow>(`${query("and d.transaction_no = $2")}`, [
        donor.id,
        transactionNo,
      ]);
      return row ? toRecord(row, donor) : undefined;
    },
    recurringStatus: async (donorId, transactionNo) => {
      const row = await planOf(donorId, transactionNo);
      if (!row) return undefined;
      return {
        transactionNo,
        isRecurring: row.plan_id !== null,
        recurringStatus: row.plan_status,
        frequency: row.plan_frequency ?? row.frequency,
        nextDonationDate: row.plan_status === "active" ? row.next_charge_on : null,
      };
    },
    savedCards: async (donorId) =>
      (
        await sql.query<{
          id: string;
          brand: string;
          last4: string;
          exp_month: number;
          exp_year: number;
        }>(
          "select id, brand, last4, exp_month, exp_year from saved_card where donor_id = $1 order by created_at desc",
          [donorId],
        )
      ).map((row) => ({
        id: row.id,
        brand: row.brand,
        last4: row.last4,
        expMonth: row.exp_month,
        expYear: row.exp_year,
      })),
    donorWall: async (flow, { pageNo, pageSize }) => {
      const rows = await sql.query<{
        name: string | null;
        anonymous: boolean | null;
        total_cents: number;
        created_at: Date;
        total: number;
      }>(
        // The gift's own name (never a stored donor's, which a guest gift does not speak for).
        `select coalesce(d.donor_details->>'name', d.particulars->>'name',
                  case when d.guest_session_id is null then o.name end) as name,
                (d.donor_details->>'anonymous')::boolean as anonymous,
                d.total_cents, d.created_at, count(*) over ()::int as total
         from donation d left join donor o on o.id = d.donor_id
         where d.flow = $1 and d.status = 'succeeded' and d.wall_hidden_at is null
         order by d.created_at desc, d.id desc limit $2 offset $3`,
        [flow, pageSize, (pageNo - 1) * pageSize],
      );
      return {
        records: rows.map((row) => ({
          donorName: row.anonymous === false && row.name ? row.name : "Hamba Allah",
          donationAmount: Number(row.total_cents),
          donationTimeStamp: new Date(row.created_at).toISOString(),
        })),
        totalRecords: rows[0]?.total ?? 0,
      };
    },
  };
}
