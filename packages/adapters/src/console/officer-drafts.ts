import type { SqlQuery, Sql } from "../db/sql";
import { audit } from "./audit";
import type { Officer } from "./sessions";

/**
 * Four eyes on what the council publishes: a draft made by one officer and published when another
 * approves it, or withdrawn while pending; every step audited in its own transaction. The Hijri
 * calendar's month starts and the asnaf distribution are drafted this way (rates, which also wait
 * for an effective time, keep their own table). A draft table has the columns `id`, `status`
 * (`pending`, `published`, `withdrawn`), `drafted_by`, `drafted_by_name`, `drafted_at`, `approved_by`,
 * `approved_by_name`, `approved_at`, `withdrawn_by`, `withdrawn_at` (and a check that the approver is
 * not the drafter), plus the columns of what it proposes.
 */
export interface OfficerDraft<P> {
  readonly id: number;
  readonly status: "pending" | "published" | "withdrawn";
  readonly proposed: P;
  readonly draftedBy: { readonly id: string; readonly name: string; readonly at: Date };
  readonly approvedBy: { readonly id: string; readonly name: string; readonly at: Date } | null;
  readonly withdrawnAt: Date | null;
}

/** Why a draft is refused, whatever it proposes; the spec names the code in its own area. */
export type DraftProblem = "own_draft" | "not_pending" | "too_many_drafts";

/** At most this many drafts wait at once: a drafter cannot grow a table without an approver. */
export const PENDING_DRAFTS_AT_MOST = 50;

export interface OfficerDraftsSpec<P> {
  /** The draft table. */
  readonly table: string;
  /** The select list of what a draft proposes (its own columns). */
  readonly proposedColumns: string;
  /** What a draft proposes, from its row. */
  readonly proposedOf: (row: Record<string, unknown>) => P;
  /** The columns and values a new draft inserts for what it proposes. */
  readonly insert: (proposed: P) => { readonly columns: string; readonly values: unknown[] };
  /** The audit lines' entity and actions (`<area>.draft`, `.approve`, `.withdraw`). */
  readonly entity: string;
  readonly area: string;
  /** The area's refusal (a domain error with its `<area>.<problem>` code). */
  readonly refuse: (problem: DraftProblem, message: string) => Error;
  /** Publications take turns on this advisory lock. */
  readonly lock: number;
  /** Checked when drafted and again in the approval's transaction (what is published may have moved). */
  readonly check: (tx: SqlQuery, proposed: P) => Promise<void>;
  /** What is in force now for what the draft proposes: the audit lines' `before`. */
  readonly inForce: (tx: SqlQuery, proposed: P) => Promise<Record<string, unknown>>;
  /** The audit lines' `after` for what is proposed. */
  readonly audited: (proposed: P) => Record<string, unknown>;
  /** Makes it public (in the approval's transaction). */
  readonly publish: (tx: SqlQuery, proposed: P, draftId: number, now: Date) => Promise<void>;
}

interface Act {
  readonly officer: Officer;
  readonly ip: string;
  readonly now: Date;
}

export interface OfficerDrafts<P> {
  /** The newest 100 drafts, newest first. */
  readonly list: () => Promise<OfficerDraft<P>[]>;
  readonly draft: (input: { readonly proposed: P } & Act) => Promise<OfficerDraft<P>>;
  /** Approved by an officer other than the drafter, and published at once (checked again). */
  readonly approve: (input: { readonly id: number } & Act) => Promise<OfficerDraft<P>>;
  readonly withdraw: (input: { readonly id: number } & Act) => Promise<OfficerDraft<P>>;
}

export function officerDrafts<P>(sql: Sql, spec: OfficerDraftsSpec<P>): OfficerDrafts<P> {
  const columns = `id, status, drafted_by, drafted_by_name, drafted_at, approved_by,
    approved_by_name, approved_at, withdrawn_at, ${spec.proposedColumns}`;
  const toDraft = (row: Record<string, unknown>): OfficerDraft<P> => ({
    id: Number(row.id),
    status: row.status as OfficerDraft<P>["status"],
    proposed: spec.proposedOf(row),
    draftedBy: {
      id: String(row.drafted_by),
      name: String(row.drafted_by_name),
      at: new Date(row.drafted_at as Date),
    },
    approvedBy:
      row.approved_by && row.approved_at
        ? {
            id: String(row.approved_by),
            name: String(row.approved_by_name ?? ""),
            at: new Date(row.approved_at as Date),
          }
        : null,
    withdrawnAt: row.withdrawn_at ? new Date(row.withdrawn_at as Date) : null,
  });
  const pending = async (tx: SqlQuery, id: number) => {
    const [row] = await tx.query<Record<string, unknown>>(
      `select ${columns} from ${spec.table} where id = $1 for update`,
      [id],
    );
    if (!row || row.status !== "pending") {
      throw spec.refuse("not_pending", "No pending draft of that number");
    }
    return row;
  };
  const audited = (
    tx: SqlQuery,
    act: Act,
    verb: string,
    id: number,
    before: object,
    after: object,
  ) =>
    audit(
      tx,
      {
        officer: act.officer,
        action: `${spec.area}.${verb}`,
        entity: spec.entity,
        entityId: String(id),
        before,
        after,
        ip: act.ip,
      },
      act.now,
    );
  return {
    list: async () =>
      (
        await sql.query<Record<string, unknown>>(
          `select ${columns} from ${spec.table} order by id desc limit 100`,
        )
      ).map(toDraft),
    draft: (input) =>
      sql.transaction(async (tx) => {
        await spec.check(tx, input.proposed);
        const [{ count } = { count: 0 }] = await tx.query<{ count: number }>(
          `select count(*)::int as count from ${spec.table} where status = 'pending'`,
        );
        if (count >= PENDING_DRAFTS_AT_MOST) {
          throw spec.refuse(
            "too_many_drafts",
            `${PENDING_DRAFTS_AT_MOST} drafts already wait for approval`,
          );
        }
        const { columns: names, values } = spec.insert(input.proposed);
        const at = values.length;
        const [row] = await tx.query<Record<string, unknown>>(
          `insert into ${spec.table} (${names}, drafted_by, drafted_by_name, drafted_at)
           values (${values.map((_, i) => `$${i + 1}`).join(", ")}, $${at + 1}, $${at + 2}, $${at + 3})
           returning ${columns}`,
          [...values, input.officer.id, input.officer.name, input.now],
        );
        if (!row) throw new Error(`${spec.entity} not stored`);
        const draft = toDraft(row);
        await audited(
          tx,
          input,
          "draft",
          draft.id,
          await spec.inForce(tx, input.proposed),
          spec.audited(input.proposed),
        );
        return draft;
      }),
    approve: (input) =>
      sql.transaction(async (tx) => {
        await tx.query(`select pg_advisory_xact_lock(${spec.lock})`);
        const row = await pending(tx, input.id);
        if (row.drafted_by === input.officer.id) {
          throw spec.refuse("own_draft", "A different approver must approve this draft");
        }
        const proposed = spec.proposedOf(row);
        await spec.check(tx, proposed);
        const before = await spec.inForce(tx, proposed);
        await spec.publish(tx, proposed, input.id, input.now);
        const [after] = await tx.query<Record<string, unknown>>(
          `update ${spec.table} set status = 'published', approved_by = $2, approved_by_name = $3,
             approved_at = $4 where id = $1 returning ${columns}`,
          [input.id, input.officer.id, input.officer.name, input.now],
        );
        await audited(
          tx,
          input,
          "approve",
          input.id,
          { status: "pending", ...before },
          { status: "published", ...spec.audited(proposed) },
        );
        return toDraft(after ?? row);
      }),
    withdraw: (input) =>
      sql.transaction(async (tx) => {
        const row = await pending(tx, input.id);
        const [after] = await tx.query<Record<string, unknown>>(
          `update ${spec.table} set status = 'withdrawn', withdrawn_by = $2, withdrawn_at = $3
           where id = $1 returning ${columns}`,
          [input.id, input.officer.id, input.now],
        );
        await audited(
          tx,
          input,
          "withdraw",
          input.id,
          { status: "pending" },
          { status: "withdrawn" },
        );
        return toDraft(after ?? row);
      }),
  };
}
