import {
  maskNric,
  orderTimeline,
  receiptHref,
  receiptPath,
  type DonationSearch,
  type FlowType,
  type TimelineEvent,
} from "@portal/domain";
import { receiptToken } from "./donations";
import { personalData } from "./personal-data";
import type { Sql } from "./sql";

/** A donation as an officer's search lists it: the donor's identity number masked, never whole. */
export interface ConsoleDonationRow {
  readonly transactionNo: string;
  readonly receiptNo: string | null;
  readonly flow: FlowType;
  readonly status: string;
  readonly totalCents: number;
  readonly refundedCents: number;
  readonly method: string | null;
  readonly source: string;
  readonly createdAt: string;
  readonly donorName: string | null;
  readonly donorEmail: string | null;
  readonly idMasked: string | null;
}

export interface ConsoleDonation extends ConsoleDonationRow {
  readonly amounts: Readonly<Record<string, number>>;
  readonly frequency: string;
  readonly mosqueName: string | null;
  readonly amilName: string | null;
  /** The receipt's page (with its token), for the officer to open, print or download. */
  readonly receiptLink: string | null;
  /** The receipt numbers it had before re-issues, oldest first. */
  readonly earlierReceiptNos: ReadonlyArray<string>;
  readonly wallHidden: { readonly at: string; readonly reason: string | null } | null;
  readonly timeline: ReadonlyArray<TimelineEvent>;
}

interface Row {
  id: string;
  transaction_no: string;
  receipt_no: string | null;
  flow: FlowType;
  status: string;
  total_cents: string | number;
  refunded_cents: string | number;
  payment_method: string | null;
  source: string;
  created_at: Date | string;
  name: string | null;
  email: string | null;
  id_sealed: Uint8Array | null;
  uen: string | null;
  total: number;
}

const columns = `
  d.id, d.transaction_no, coalesce(x.receipt_no, r.receipt_no) as receipt_no, d.flow, d.status,
  d.total_cents, d.refunded_cents, d.payment_method, d.source, d.created_at,
  coalesce(d.particulars->>'name', d.donor_details->>'name', o.name) as name,
  coalesce(d.gift_email, d.donor_details->>'email', o.email) as email,
  coalesce(d.tax_id_encrypted, d.donor_id_encrypted, o.nric_encrypted) as id_sealed,
  coalesce(d.particulars->>'uen', o.uen) as uen`;

const joins = `
  from donation d
  left join receipt r on r.donation_id = d.id
  left join lateral (select z.receipt_no from receipt_reissue z where z.receipt_id = r.id
                     and z.receipt_no is not null order by z.id desc limit 1) x on true
  left join donor o on o.id = d.donor_id`;

const iso = (value: Date | string) => new Date(value).toISOString();

/** The console's reads of donations: search, and one donation with its timeline. */
export function consoleDonations(sql: Sql, key: Buffer, productRoute = "wakaf") {
  const pii = personalData(key);
  const masked = (row: Pick<Row, "id_sealed" | "uen">) =>
    row.id_sealed ? maskNric(pii.decrypt(row.id_sealed)) : row.uen ? maskNric(row.uen) : null;
  const toRow = (row: Row): ConsoleDonationRow => ({
    transactionNo: row.transaction_no,
    receiptNo: row.receipt_no,
    flow: row.flow,
    status: row.status,
    totalCents: Number(row.total_cents),
    refundedCents: Number(row.refunded_cents),
    method: row.payment_method,
    source: row.source,
    createdAt: iso(row.created_at),
    donorName: row.name,
    donorEmail: row.email,
    idMasked: masked(row),
  });
  return {
    /** Newest first, a page at a time; an identity number is matched through its keyed hash only. */
    search: async (search: DonationSearch) => {
      const idHash = search.idNumber ? pii.hash(search.idNumber) : null;
      const rows = await sql.query<Row>(
        `select ${columns}, count(*) over ()::int as total ${joins}
         where ($1::text is null or r.receipt_no = $1 or exists (
                  select 1 from receipt_reissue z where z.receipt_id = r.id and z.receipt_no = $1))
           and ($2::text is null or d.transaction_no = $2)
           and ($3::timestamptz is null or d.created_at >= $3)
           and ($4::timestamptz is null or d.created_at < $4)
           and ($5::text is null or d.flow = $5)
           and ($6::text is null or coalesce(d.payment_method, 'card') = $6)
           and ($7::text is null or d.status = $7)
           and ($8::bigint is null or d.total_cents >= $8)
           and ($9::bigint is null or d.total_cents <= $9)
           and ($10::text is null or lower(coalesce(d.gift_email, d.donor_details->>'email', o.email)) = $10)
           and ($11::bytea is null or d.tax_id_hash = $11 or d.donor_id_hash = $11 or o.nric_hash = $11
                or o.uen = $12 or d.particulars->>'uen' = $12
                or exists (select 1 from tax_registration t where t.donation_id = d.id and t.id_hash = $11))
         order by d.created_at desc, d.id desc limit $13 offset $14`,
        [
          search.receiptNo,
          search.transactionNo,
          search.fromMs === null ? null : new Date(search.fromMs).toISOString(),
          search.toMs === null ? null : new Date(search.toMs).toISOString(),
          search.flow,
          search.method,
          search.status,
          search.minCents,
          search.maxCents,
          search.email,
          idHash,
          search.idNumber,
          search.pageSize,
          (search.page - 1) * search.pageSize,
        ],
      );
      return { total: rows[0]?.total ?? 0, page: search.page, rows: rows.map(toRow) };
    },

    /** One donation with its story; undefined when there is none. */
    find: async (transactionNo: string): Promise<ConsoleDonation | undefined> => {
      const [row] = await sql.query<
        Row & {
          amounts: Record<string, number>;
          frequency: string;
          mosque_name: string | null;
          amil_name: string | null;
          receipt_id: string | null;
          original_no: string | null;
          issued_at: Date | string | null;
          wall_hidden_at: Date | string | null;
          wall_hidden_reason: string | null;
        }
      >(
        `select ${columns}, 0 as total, d.amounts, d.frequency, d.mosque_name, d.amil_name,
                r.id as receipt_id, r.receipt_no as original_no, r.issued_at,
                d.wall_hidden_at, d.wall_hidden_reason
         ${joins} where d.transaction_no = $1`,
        [transactionNo],
      );
      if (!row) return undefined;
      const events: TimelineEvent[] = [
        {
          at: iso(row.created_at),
          kind: "created",
          code: row.source === "pos" ? "created.counter" : "created",
          actor: null,
          detail: { amountCents: Number(row.total_cents) },
        },
      ];
      const attempts = await sql.query<{
        created_at: Date;
        updated_at: Date;
        status: string;
        method: string;
        amount_cents: string | number;
        failure_code: string | null;
        gateway: string;
      }>(
        `select created_at, updated_at, status, method, amount_cents, failure_code, gateway
         from payment_attempt where donation_id = $1 order by created_at, id`,
        [row.id],
      );
      for (const a of attempts) {
        events.push({
          at: iso(a.created_at),
          kind: "attempt",
          code: "attempt.started",
          actor: null,
          detail: { method: a.method, gateway: a.gateway, amountCents: Number(a.amount_cents) },
        });
        if (a.status !== "initiated")
          events.push({
            at: iso(a.updated_at),
            kind: "gateway",
            code: `attempt.${a.status}`,
            actor: "gateway",
            detail: { failureCode: a.failure_code },
          });
      }
      if (row.receipt_id && row.original_no && row.issued_at)
        events.push({
          at: iso(row.issued_at),
          kind: "receipt",
          code: "receipt.issued",
          actor: null,
          detail: { receiptNo: row.original_no },
        });
      const reissues = row.receipt_id
        ? await sql.query<{ at: Date; receipt_no: string | null; reason: string; actor: string }>(
            "select at, receipt_no, reason, actor from receipt_reissue where receipt_id = $1 order by id",
            [row.receipt_id],
          )
        : [];
      for (const x of reissues)
        events.push({
          at: iso(x.at),
          kind: "reissue",
          code: "receipt.reissued",
          actor: x.actor,
          detail: { receiptNo: x.receipt_no, reason: x.reason },
        });
      const mails = await sql.query<{
        kind: string;
        status: string;
        created_at: Date;
        sent_at: Date | null;
        attempts: number;
      }>(
        "select kind, status, created_at, sent_at, attempts from mail_queue where ref = $1 order by created_at",
        [row.transaction_no],
      );
      for (const m of mails)
        events.push({
          at: iso(m.sent_at ?? m.created_at),
          kind: "mail",
          code: `mail.${m.status}`,
          actor: null,
          detail: { mail: m.kind, attempts: m.attempts },
        });
      const reversals = await sql.query<{
        created_at: Date;
        updated_at: Date;
        kind: string;
        status: string;
        amount_cents: string | number;
        reason: string;
        requested_by: string;
        approved_by: string | null;
        failure_code: string | null;
      }>(
        `select created_at, updated_at, kind, status, amount_cents, reason, requested_by, approved_by, failure_code
         from donation_reversal where donation_id = $1 order by created_at`,
        [row.id],
      );
      for (const v of reversals) {
        events.push({
          at: iso(v.created_at),
          kind: "reversal",
          code: `${v.kind}.asked`,
          actor: v.requested_by,
          detail: { amountCents: Number(v.amount_cents), reason: v.reason },
        });
        if (v.status !== "awaiting_approval")
          events.push({
            at: iso(v.updated_at),
            kind: "reversal",
            code: `${v.kind}.${v.status}`,
            actor: v.approved_by,
            detail: { amountCents: Number(v.amount_cents), failureCode: v.failure_code },
          });
      }
      const notes = await sql.query<{
        at: Date;
        officer_id: string;
        action: string;
        reason: string | null;
      }>(
        `select at, officer_id, action, after->>'reason' as reason from console_audit
         where entity = 'donation' and entity_id = $1 and action in ('wall.hide', 'wall.restore')
         order by id`,
        [row.transaction_no],
      );
      for (const n of notes)
        events.push({
          at: iso(n.at),
          kind: "note",
          code: n.action,
          actor: n.officer_id,
          detail: { reason: n.reason },
        });
      return {
        ...toRow(row),
        amounts: row.amounts,
        frequency: row.frequency,
        mosqueName: row.mosque_name,
        amilName: row.amil_name,
        receiptLink: row.receipt_id
          ? receiptHref(
              receiptPath(row.flow, row.amounts, productRoute),
              row.transaction_no,
              receiptToken(key, row.receipt_id),
            )
          : null,
        earlierReceiptNos: [
          ...(row.original_no && row.original_no !== row.receipt_no ? [row.original_no] : []),
          ...reissues
            .map((x) => x.receipt_no)
            .filter((no): no is string => no !== null && no !== row.receipt_no),
        ],
        wallHidden: row.wall_hidden_at
          ? { at: iso(row.wall_hidden_at), reason: row.wall_hidden_reason }
          : null,
        timeline: orderTimeline(events),
      };
    },
  };
}
