import {
  checkMonthStart,
  hijriCalendar,
  HijriCalendarRefused,
  type HijriMonthStart,
} from "@portal/domain";
import type { Sql, SqlQuery } from "../db/sql";
import { officerDrafts, type OfficerDraft } from "./officer-drafts";
import type { Officer } from "./sessions";

/** A proposed month start as the console shows it: who drafted and approved it, and what it replaces. */
export interface HijriMonthDraft extends HijriMonthStart {
  readonly id: number;
  readonly status: "pending" | "published" | "withdrawn";
  readonly draftedBy: { readonly id: string; readonly name: string; readonly at: Date };
  readonly approvedBy: { readonly id: string; readonly name: string; readonly at: Date } | null;
  readonly withdrawnAt: Date | null;
}

const flat = ({ proposed, ...draft }: OfficerDraft<HijriMonthStart>): HijriMonthDraft => ({
  ...draft,
  ...proposed,
});

/** The month starts the council has published, in order. */
export const readHijriMonths = async (sql: SqlQuery): Promise<ReadonlyArray<HijriMonthStart>> =>
  sql.query<HijriMonthStart>(
    `select year, month, to_char(starts_on, 'YYYY-MM-DD') as start from hijri_month
     order by year, month`,
  );

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

/** The council's Hijri month starts, drafted by one officer and published on another's approval. */
export function hijriCalendarDrafts(sql: Sql): HijriCalendarDrafts {
  const inForce = async (tx: SqlQuery, start: HijriMonthStart) =>
    (await readHijriMonths(tx)).find((m) => m.year === start.year && m.month === start.month)
      ?.start ?? null;
  const drafts = officerDrafts<HijriMonthStart>(sql, {
    table: "hijri_month_draft",
    // Read dates as text: PostgreSQL's date and PGlite's both come back as the same `YYYY-MM-DD`.
    proposedColumns: "year, month, to_char(starts_on, 'YYYY-MM-DD') as starts_on",
    proposedOf: (row) => ({
      year: Number(row.year),
      month: Number(row.month),
      start: String(row.starts_on),
    }),
    insert: (start) => ({
      columns: "year, month, starts_on",
      values: [start.year, start.month, start.start],
    }),
    entity: "hijri_month_draft",
    area: "calendar",
    refuse: (problem, message) => new HijriCalendarRefused(`calendar.${problem}`, message),
    // Publications take turns, so two approvals of neighbouring months check against each other.
    lock: 7_305_042,
    check: async (tx, start) => {
      checkMonthStart(hijriCalendar(await readHijriMonths(tx)), start);
    },
    inForce: async (tx, start) => ({ start: await inForce(tx, start) }),
    audited: (start) => ({ year: start.year, month: start.month, start: start.start }),
    publish: async (tx, start, draftId, now) => {
      await tx.query(
        `insert into hijri_month (year, month, starts_on, published_at, draft_id)
         values ($1, $2, $3, $4, $5)
         on conflict (year, month) do update set starts_on = excluded.starts_on,
           published_at = excluded.published_at, draft_id = excluded.draft_id`,
        [start.year, start.month, start.start, now, draftId],
      );
    },
  });
  return {
    list: async () => ({
      months: await readHijriMonths(sql),
      drafts: (await drafts.list()).map(flat),
    }),
    draft: async ({ year, month, start, ...act }) =>
      flat(await drafts.draft({ proposed: { year, month, start }, ...act })),
    approve: async (input) => flat(await drafts.approve(input)),
    withdraw: async (input) => flat(await drafts.withdraw(input)),
  };
}
