import {
  applyRateChanges,
  checkApproval,
  checkNewDraft,
  diffRates,
  RateDraftRefused,
  type RateChanges,
  type RateConfig,
  type RateDifference,
  type RateDraftStatus,
} from "@portal/domain";
import { readRates, writeRates } from "../db/configuration";
import type { Sql, SqlQuery } from "../db/sql";
import { audit } from "./audit";
import type { Officer } from "./sessions";

/** A rate draft as the console shows it: who drafted and approved it, when, and what it changes. */
export interface RateDraft {
  readonly id: number;
  readonly status: RateDraftStatus;
  readonly changes: RateChanges;
  readonly effectiveAt: Date;
  readonly draftedBy: { readonly id: string; readonly name: string; readonly at: Date };
  readonly approvedBy: { readonly id: string; readonly name: string; readonly at: Date } | null;
  readonly publishedAt: Date | null;
  readonly publishedVersion: number | null;
  /** Against the rates in force now (a published draft: against nothing, it is in force or past). */
  readonly diff: ReadonlyArray<RateDifference>;
}

interface Row {
  id: string | number;
  status: RateDraftStatus;
  changes: RateChanges;
  effective_at: Date;
  drafted_by: string;
  drafted_by_name: string;
  drafted_at: Date;
  approved_by: string | null;
  approved_by_name: string | null;
  approved_at: Date | null;
  published_at: Date | null;
  published_version: number | null;
}

const toDraft = (row: Row, inForce: RateConfig): RateDraft => {
  let diff: RateDifference[] = [];
  try {
    diff = diffRates(inForce, applyRateChanges(inForce, row.changes));
  } catch {
    // A draft that no longer fits the rates in force shows its changes against nothing.
  }
  return {
    id: Number(row.id),
    status: row.status,
    changes: row.changes,
    effectiveAt: new Date(row.effective_at),
    draftedBy: { id: row.drafted_by, name: row.drafted_by_name, at: new Date(row.drafted_at) },
    approvedBy:
      row.approved_by && row.approved_at
        ? { id: row.approved_by, name: row.approved_by_name ?? "", at: new Date(row.approved_at) }
        : null,
    publishedAt: row.published_at ? new Date(row.published_at) : null,
    publishedVersion: row.published_version,
    diff,
  };
};

const inForceOf = async (sql: SqlQuery, charityId: number) => {
  const current = await readRates(sql, charityId);
  if (!current) throw new Error(`no rates for charity ${charityId}`);
  return current;
};

/** The one system actor: publication at the effective time follows an approver's approval. */
export const SCHEDULER: Officer = { id: "system", name: "Scheduled publication", roles: [] };

export interface RateDrafts {
  readonly list: (
    charityId: number,
  ) => Promise<{ inForce: RateConfig; version: number; drafts: RateDraft[] }>;
  readonly draft: (input: {
    charityId: number;
    changes: RateChanges;
    effectiveAt: Date;
    officer: Officer;
    ip: string;
    now: Date;
  }) => Promise<RateDraft>;
  readonly approve: (input: {
    id: number;
    officer: Officer;
    ip: string;
    now: Date;
  }) => Promise<RateDraft>;
  readonly withdraw: (input: {
    id: number;
    officer: Officer;
    ip: string;
    now: Date;
  }) => Promise<RateDraft>;
  /** Publish every approved draft whose time has come, oldest first; returns how many. */
  readonly publishDue: (now: Date) => Promise<number>;
}

export function rateDrafts(sql: Sql): RateDrafts {
  const one = async (tx: SqlQuery, id: number, lock = false) => {
    const [row] = await tx.query<Row & { charity_id: number }>(
      `select * from console_rate_draft where id = $1${lock ? " for update" : ""}`,
      [id],
    );
    if (!row) throw new RateDraftRefused("rates.not_pending", "No such draft");
    return row;
  };
  const publishOne = async (tx: SqlQuery, row: Row & { charity_id: number }, now: Date) => {
    // The charity's rates row is held to the end of this transaction: publications on two instances
    // (a job tick, an approval) take turns, each applying its draft to the rates the other left.
    const current = await readRates(tx, row.charity_id, { forUpdate: true });
    if (!current) throw new Error(`no rates for charity ${row.charity_id}`);
    const inForce = current.rates;
    const next = applyRateChanges(inForce, row.changes);
    const changed = diffRates(inForce, next);
    // Only the fields the draft changes are written.
    const version = await writeRates(tx, row.charity_id, next, inForce);
    await tx.query(
      `update console_rate_draft set status = 'published', published_at = $2, published_version = $3
       where id = $1`,
      [row.id, now, version],
    );
    await audit(
      tx,
      {
        officer: SCHEDULER,
        action: "rates.publish",
        entity: "rate_draft",
        entityId: String(row.id),
        // Only what changed: the rates in force before and after, and the new version.
        before: Object.fromEntries(changed.map((d) => [d.field, d.inForce])),
        after: { ...Object.fromEntries(changed.map((d) => [d.field, d.drafted])), version },
        ip: "",
      },
      now,
    );
  };
  const self: RateDrafts = {
    list: async (charityId) => {
      const { rates, version } = await inForceOf(sql, charityId);
      const rows = await sql.query<Row>(
        "select * from console_rate_draft where charity_id = $1 order by id desc limit 100",
        [charityId],
      );
      return { inForce: rates, version, drafts: rows.map((row) => toDraft(row, rates)) };
    },
    draft: (input) =>
      sql.transaction(async (tx) => {
        const { rates } = await inForceOf(tx, input.charityId);
        checkNewDraft(rates, input.changes, input.effectiveAt.getTime(), input.now.getTime());
        const [row] = await tx.query<Row>(
          `insert into console_rate_draft
             (charity_id, changes, effective_at, drafted_by, drafted_by_name, drafted_at)
           values ($1, $2, $3, $4, $5, $6) returning *`,
          [
            input.charityId,
            JSON.stringify(input.changes),
            input.effectiveAt,
            input.officer.id,
            input.officer.name,
            input.now,
          ],
        );
        if (!row) throw new Error("draft not stored");
        const draft = toDraft(row, rates);
        await audit(
          tx,
          {
            officer: input.officer,
            action: "rates.draft",
            entity: "rate_draft",
            entityId: String(draft.id),
            before: Object.fromEntries(draft.diff.map((d) => [d.field, d.inForce])),
            after: { ...input.changes, effectiveAt: input.effectiveAt.toISOString() },
            ip: input.ip,
          },
          input.now,
        );
        return draft;
      }),
    approve: async (input) => {
      await sql.transaction(async (tx) => {
        const row = await one(tx, input.id, true);
        checkApproval({ status: row.status, draftedBy: row.drafted_by }, input.officer.id);
        await tx.query(
          `update console_rate_draft set status = 'approved', approved_by = $2, approved_by_name = $3,
             approved_at = $4 where id = $1`,
          [input.id, input.officer.id, input.officer.name, input.now],
        );
        await audit(
          tx,
          {
            officer: input.officer,
            action: "rates.approve",
            entity: "rate_draft",
            entityId: String(input.id),
            before: { status: row.status },
            after: { status: "approved", effectiveAt: new Date(row.effective_at).toISOString() },
            ip: input.ip,
          },
          input.now,
        );
      });
      // Due already (effective "now"): in force before the approver's page reloads.
      await self.publishDue(input.now);
      const row = await one(sql, input.id);
      return toDraft(row, (await inForceOf(sql, row.charity_id)).rates);
    },
    withdraw: (input) =>
      sql.transaction(async (tx) => {
        const row = await one(tx, input.id, true);
        if (row.status !== "pending" && row.status !== "approved") {
          throw new RateDraftRefused(
            "rates.not_pending",
            "Only a draft not yet published is withdrawn",
          );
        }
        const [after] = await tx.query<Row>(
          `update console_rate_draft set status = 'withdrawn', withdrawn_by = $2, withdrawn_at = $3
           where id = $1 returning *`,
          [input.id, input.officer.id, input.now],
        );
        await audit(
          tx,
          {
            officer: input.officer,
            action: "rates.withdraw",
            entity: "rate_draft",
            entityId: String(input.id),
            before: { status: row.status },
            after: { status: "withdrawn" },
            ip: input.ip,
          },
          input.now,
        );
        return toDraft(after ?? row, (await inForceOf(tx, row.charity_id)).rates);
      }),
    publishDue: async (now) => {
      const due = await sql.query<{ id: string | number }>(
        `select id from console_rate_draft where status = 'approved' and effective_at <= $1
         order by effective_at, id`,
        [now],
      );
      let published = 0;
      for (const { id } of due) {
        try {
          await sql.transaction(async (tx) => {
            const row = await one(tx, Number(id), true);
            // Another instance published it first.
            if (row.status !== "approved") return;
            await publishOne(tx, row, now);
            published += 1;
          });
        } catch (error) {
          // A draft that no longer fits the rates in force stays approved and is said in the log.
          console.error(`[console] rate draft ${id} not published: ${(error as Error).message}`);
        }
      }
      return published;
    },
  };
  return self;
}
