import type { ConsoleAction } from "@portal/domain";
import type { SqlQuery } from "../db/sql";
import type { Officer } from "./sessions";

/** One line of the console's audit log, as written. */
export interface AuditEntry {
  readonly officer: Officer;
  /** A console action (`rates.approve`), or an event (`console.sign_in`, `rates.publish`). */
  readonly action: ConsoleAction | (string & {});
  /** What was acted on: a table-like name and its id (`rate_draft`, `12`). */
  readonly entity?: string;
  readonly entityId?: string;
  readonly before?: unknown;
  readonly after?: unknown;
  /** The caller's address (the server's PORTAL_TRUST_PROXY rule). */
  readonly ip: string;
}

export interface AuditRow {
  readonly id: number;
  readonly at: Date;
  readonly officerId: string;
  readonly officerName: string;
  readonly roles: ReadonlyArray<string>;
  readonly action: string;
  readonly entity: string;
  readonly entityId: string;
  readonly before: unknown;
  readonly after: unknown;
  readonly ip: string;
}

const NRIC = /[STFGM]\d{7}[A-Z]/gi;

/**
 * Full NRICs never reach the audit log: any NRIC-shaped text in before/after (values and keys) keeps
 * its last four characters, as on screen.
 */
export const maskNrics = (value: unknown): unknown => {
  if (typeof value === "string") return value.replace(NRIC, (nric) => `*****${nric.slice(-4)}`);
  if (Array.isArray(value)) return value.map(maskNrics);
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [maskNrics(key) as string, maskNrics(inner)]),
    );
  }
  return value;
};

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(maskNrics(value)));

/**
 * The one writer of the audit log. Pass the transaction that made the change, so the change and its
 * line are written together (or neither is).
 */
export async function audit(sql: SqlQuery, entry: AuditEntry, at: Date): Promise<void> {
  await sql.query(
    `insert into console_audit
       (at, officer_id, officer_name, roles, action, entity, entity_id, before, after, ip)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      at,
      entry.officer.id,
      entry.officer.name,
      entry.officer.roles,
      entry.action,
      entry.entity ?? "",
      entry.entityId ?? "",
      json(entry.before),
      json(entry.after),
      entry.ip,
    ],
  );
}

export interface AuditFilter {
  readonly officer?: string | undefined;
  /** An action, or an area (`rates` matches `rates.draft`, `rates.approve`, ...). */
  readonly action?: string | undefined;
  readonly entityId?: string | undefined;
  readonly from?: Date | undefined;
  readonly to?: Date | undefined;
  /** Rows before this id (the next page); newest first. */
  readonly before?: number | undefined;
  readonly limit?: number | undefined;
}

interface Row {
  id: string | number;
  at: Date;
  officer_id: string;
  officer_name: string;
  roles: string[];
  action: string;
  entity: string;
  entity_id: string;
  before: unknown;
  after: unknown;
  ip: string;
}

/** Lines of the audit log matching `filter`, newest first (at most 200 a page). */
export async function readAudit(sql: SqlQuery, filter: AuditFilter): Promise<AuditRow[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (clause: (n: string) => string, value: unknown) => {
    params.push(value);
    where.push(clause(`$${params.length}`));
  };
  if (filter.officer)
    add((n) => `(officer_id = ${n} or officer_name ilike '%' || ${n} || '%')`, filter.officer);
  if (filter.action) add((n) => `(action = ${n} or action like ${n} || '.%')`, filter.action);
  if (filter.entityId) add((n) => `entity_id = ${n}`, filter.entityId);
  if (filter.from) add((n) => `at >= ${n}`, filter.from);
  if (filter.to) add((n) => `at < ${n}`, filter.to);
  if (filter.before) add((n) => `id < ${n}`, filter.before);
  params.push(Math.min(Math.max(filter.limit ?? 50, 1), 200));
  const rows = await sql.query<Row>(
    `select * from console_audit ${where.length ? `where ${where.join(" and ")}` : ""}
     order by id desc limit $${params.length}`,
    params,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    at: new Date(row.at),
    officerId: row.officer_id,
    officerName: row.officer_name,
    roles: row.roles,
    action: row.action,
    entity: row.entity,
    entityId: row.entity_id,
    before: row.before,
    after: row.after,
    ip: row.ip,
  }));
}
