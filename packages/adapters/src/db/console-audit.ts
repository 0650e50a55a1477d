import type { SqlQuery } from "./sql";

/** The officer doing a console action, as the session names them (never a donor). */
export interface ConsoleActor {
  readonly id: string;
  readonly role: string;
  readonly name?: string;
  /** The caller's address, for the audit log's "from where". */
  readonly from?: string;
}

export interface ConsoleAuditEntry {
  readonly actor: ConsoleActor;
  readonly action: string;
  readonly entity: string;
  readonly entityId: string;
  readonly before: unknown;
  readonly after: unknown;
  readonly reason?: string;
}

/**
 * Writes one entry of the append-only audit log inside the caller's transaction, so an action and its
 * record commit together. The console's own writer can be passed instead (same shape).
 */
export type ConsoleAudit = (q: SqlQuery, entry: ConsoleAuditEntry) => Promise<void>;

export const auditLogWriter: ConsoleAudit = async (q, entry) => {
  await q.query(
    `insert into audit_log (actor, action, entity, entity_id, detail) values ($1, $2, $3, $4, $5)`,
    [
      entry.actor.id,
      entry.action,
      entry.entity,
      entry.entityId,
      JSON.stringify({
        role: entry.actor.role,
        from: entry.actor.from ?? null,
        reason: entry.reason ?? null,
        before: entry.before ?? null,
        after: entry.after ?? null,
      }),
    ],
  );
};
