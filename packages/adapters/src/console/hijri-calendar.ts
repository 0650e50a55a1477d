import {
  checkMonthStart,
  hijriCalendar,
  HijriCalendarRefused,
  type HijriMonthStart,
} from "@portal/domain";
import type { Sql, SqlQuery } from "../db/sql";
import { audit } from "./audit";
import type { Officer } from "./sessions";

/** A proposed month start as the console shows it: who drafted and approved it, and what it replaces. */
export interface HijriMonthDraft extends HijriMonthStart {
  readonly id: number;
  readonly status: "pending" | "published" | "withdrawn";
  readonly draftedBy: { readonly id: string; readonly name: string; readonly at: Date };
  readonly approvedBy: { readonly id: string; readonly name: string; readonly at: Date } | null;
  readonly withdrawnAt: Date | null;
}

interface Row {
  id: string | number;
  year: number;
  month: number;
  starts_on: string;
  status: HijriMonthDraft["status"];
  drafted_by: string;
  drafted_by_name: string;
  drafted_at: Date;
  approved_by: string | null;
  approved_by_name: string | null;
  approved_at: Date | null;
  withdrawn_at: Date | null;
}

/** At most this many drafts wait at once: a drafter cannot grow the table without an approver. */
export const PENDING_DRAFTS_AT_MOST = 50;

// Read dates as text: PostgreSQL's date and PGlite's both come back as the same `YYYY-MM-DD`.
const COLUMNS = `id, year, month, to_char(starts_on, 'YYYY-MM-DD') as starts_on, status, drafted_by,
  drafted_by_name, drafted_at, approved_by, approved_by_name, approved_at, withdrawn_at`;

const toDraft = (row: Row): HijriMonthDraft => ({
  id: Number(row.id),
  year: row.year,
  month: row.month,
  start: row.starts_on,
  status: row.status,
  draftedBy: { id: row.drafted_by, name: row.drafted_by_name, at: new Date(row.drafted_at) },
  approvedBy:
    row.approved_by && row.approved_at
      ? { id: row.approved_by, name: row.approved_by_name ?? "", at: new Date(row.approved_at) }
      : null,
  withdrawnAt: row.withdrawn_at ? new Date(row.withdrawn_at) : null,
});

/** The month starts the council has published, in order. */
export const readHijriMonths = async (sql: SqlQuery): Promise<ReadonlyArray<HijriMonthStart>> =>
  sql.query<HijriMonthStart>(
    `select year, month, to_char(starts_on, 'YYYY-MM-DD') as start from hijri_month
     order by year, month`,
  );

// Publications take turns (one advisory lock), so two approvals at once check against each other.
const PUBLISH_LOCK = 7_305_042;

interface Act {
  readonly officer: Officer;
  readonly ip: string;
  readonly now: Date;
}

export interface HijriCalendarDrafts {
  readonly list: () => Promise<{
    months: ReadonlyArray<HijriMonthStart>;
    drafts: HijriMonthDraft[];
  }>;
  readonly draft: (input: HijriMonthStart & Act) => Promise<HijriMonthDraft>;
  /** Approved by an officer other than the drafter, and published at once (checked again). */
  readonly approve: (input: { readonly id: number } & Act) => Promise<HijriMonthDraft>;
  readonly withdraw: (input: { readonly id: number } & Act) => Promise<HijriMonthDraft>;
}

export function hijriCalendarDrafts(sql: Sql): HijriCalendarDrafts {
  const pending = async (tx: SqlQuery, id: number) => {
    const [row] = await tx.query<Row>(
      `select ${COLUMNS} from hijri_month_draft where id = $1 for update`,
      [id],
    );
    if (!row || row.status !== "pending") {
      throw new HijriCalendarRefused("calendar.not_pending", "No pending draft of that number");
    }
    return row;
  };
  const inForce = async (tx: SqlQuery, start: HijriMonthStart) =>
    (await readHijriMonths(tx)).find((m) => m.year === start.year && m.month === start.month)
      ?.start ?? null;
  return {
    list: async () => {
      const months = await readHijriMonths(sql);
      const rows = await sql.query<Row>(
        `select ${COLUMNS} from hijri_month_draft order by id desc limit 100`,
      );
      return { months, drafts: rows.map(toDraft) };
    },
    draft: (input) =>
      sql.transaction(async (tx) => {
        const proposed = { year: input.year, month: input.month, start: input.start };
        checkMonthStart(hijriCalendar(await readHijriMonths(tx)), proposed);
        const [{ count } = { count: 0 }] = await tx.query<{ count: number }>(
          "select count(*)::int as count from hijri_month_draft where status = 'pending'",
        );
        if (count >= PENDING_DRAFTS_AT_MOST) {
          throw new HijriCalendarRefused(
            "calendar.too_many_drafts",
            `${PENDING_DRAFTS_AT_MOST} drafts already wait for approval`,
          );
        }
        const [row] = await tx.query<Row>(
          `insert into hijri_month_draft (year, month, starts_on, drafted_by, drafted_by_name, drafted_at)
           values ($1, $2, $3, $4, $5, $6) returning ${COLUMNS}`,
          [input.year, input.month, input.start, input.officer.id, input.officer.name, input.now],
        );
        if (!row) throw new Error("month start draft not stored");
        await audit(
          tx,
          {
            officer: input.officer,
            action: "calendar.draft",
            entity: "hijri_month_draft",
            entityId: String(row.id),
            before: { start: await inForce(tx, proposed) },
            after: proposed,
            ip: input.ip,
          },
          input.now,
        );
        return toDraft(row);
      }),
    approve: (input) =>
      sql.transaction(async (tx) => {
        await tx.query(`select pg_advisory_xact_lock(${PUBLISH_LOCK})`);
        const row = await pending(tx, input.id);
        if (row.drafted_by === input.officer.id) {
          throw new HijriCalendarRefused(
            "calendar.own_draft",
            "A different approver must approve this draft",
          );
        }
        const proposed = { year: row.year, month: row.month, start: row.starts_on };
        // The calendar may have changed since the draft: it must still fit the months around it.
        checkMonthStart(hijriCalendar(await readHijriMonths(tx)), proposed);
        const before = await inForce(tx, proposed);
        await tx.query(
          `insert into hijri_month (year, month, starts_on, published_at, draft_id)
           values ($1, $2, $3, $4, $5)
           on conflict (year, month) do update set starts_on = excluded.starts_on,
             published_at = excluded.published_at, draft_id = excluded.draft_id`,
          [row.year, row.month, row.starts_on, input.now, row.id],
        );
        const [after] = await tx.query<Row>(
          `update hijri_month_draft set status = 'published', approved_by = $2, approved_by_name = $3,
             approved_at = $4 where id = $1 returning ${COLUMNS}`,
          [row.id, input.officer.id, input.officer.name, input.now],
        );
        await audit(
          tx,
          {
            officer: input.officer,
            action: "calendar.approve",
            entity: "hijri_month_draft",
            entityId: String(row.id),
            before: { status: "pending", start: before },
            after: { status: "published", ...proposed },
            ip: input.ip,
          },
          input.now,
        );
        return toDraft(after ?? row);
      }),
    withdraw: (input) =>
      sql.transaction(async (tx) => {
        const row = await pending(tx, input.id);
        const [after] = await tx.query<Row>(
          `update hijri_month_draft set status = 'withdrawn', withdrawn_by = $2, withdrawn_at = $3
           where id = $1 returning ${COLUMNS}`,
          [row.id, input.officer.id, input.now],
        );
        await audit(
          tx,
          {
            officer: input.officer,
            action: "calendar.withdraw",
            entity: "hijri_month_draft",
            entityId: String(row.id),
            before: { status: "pending" },
            after: { status: "withdrawn" },
            ip: input.ip,
          },
          input.now,
        );
        return toDraft(after ?? row);
      }),
  };
}
