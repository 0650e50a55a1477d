import { audit } from "../console/audit";
import type { SqlQuery } from "./sql";

/** The officer doing a console action, as the console session names them (never a donor). */
export interface ConsoleActor {
  readonly id: string;
  readonly name: string;
  readonly roles: ReadonlyArray<string>;
  /** The caller's address, for the audit log's "from where". */
  readonly ip?: string;
}

export interface ConsoleAuditEntry {
  readonly actor: ConsoleActor;
  readonly action: string;
  readonly entity: string;
  readonly entityId: string;
  readonly before: unknown;
  readonly after: unknown;
  /** The officer's reason, kept with what changed. */
  readonly reason?: string;
}

/**
 * Writes one line of the console's append-only audit log inside the caller's transaction, so an
 * action and its record commit together (or neither does).
 */
export type ConsoleAudit = (q: SqlQuery, entry: ConsoleAuditEntry) => Promise<void>;

/** The console's one audit writer (`console_audit`, NRIC-shaped text masked), with a reason kept in `after`. */
export const consoleAuditWriter =
  (now: () => number = Date.now): ConsoleAudit =>
  (q, entry) =>
    audit(
      q,
      {
        officer: {
          id: entry.actor.id,
          name: entry.actor.name,
          roles: entry.actor.roles as never,
        },
        action: entry.action,
        entity: entry.entity,
        entityId: entry.entityId,
        before: entry.before,
        after:
          entry.reason === undefined
            ? entry.after
            : { ...(entry.after as object | null), reason: entry.reason },
        ip: entry.actor.ip ?? "unknown",
      },
      new Date(now()),
    );
