import type { Sql } from "./sql";

/**
 * Tables whose rows are never changed or removed: their triggers refuse, and the serving role is not
 * even granted UPDATE or DELETE on them, so both guards must fail for a row to change.
 */
const APPEND_ONLY = ["audit_log", "console_audit", "finance_day_signoff"];

/** Instances starting together grant in turn: concurrent GRANTs on one table fail in PostgreSQL. */
const GRANT_LOCK = 7305014;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Give the serving role exactly what the portal's queries need on the schema the owner migrated, and
 * nothing else: rows of every table (but never UPDATE or DELETE on an append-only one), sequences and
 * functions. It owns nothing, so it may not ALTER, TRUNCATE or DROP a table nor disable a trigger.
 * Run by the owner after every migration, so tables a later migration makes are covered too.
 */
export async function grantServingRole(owner: Sql, role: string): Promise<void> {
  const who = quoted(role);
  await owner.transaction(async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(${GRANT_LOCK})`);
    const [{ schema } = { schema: "public" }] = await tx.query<{ schema: string }>(
      "select current_schema() as schema",
    );
    const where = quoted(schema);
    const appendOnly = (
      await tx.query<{ name: string }>(
        "select table_name as name from information_schema.tables where table_schema = $1 and table_name = any($2)",
        [schema, APPEND_ONLY],
      )
    ).map((row) => `${where}.${quoted(row.name)}`);
    await tx.exec(`
revoke all on all tables in schema ${where} from ${who};
revoke all on all sequences in schema ${where} from ${who};
grant usage on schema ${where} to ${who};
grant select, insert, update, delete on all tables in schema ${where} to ${who};
grant usage on all sequences in schema ${where} to ${who};
grant execute on all functions in schema ${where} to ${who};
${appendOnly.length > 0 ? `revoke update, delete on ${appendOnly.join(", ")} from ${who};` : ""}
`);
  });
}

/** The connection's role, as PostgreSQL names it. */
export async function currentRole(sql: Sql): Promise<string> {
  const [row] = await sql.query<{ role: string }>("select current_user as role");
  if (!row) throw new Error("the database did not name its current role");
  return row.role;
}

/**
 * Refuse a serving role that could undo the database's own guards: a superuser, or a role that owns
 * (or is a member of the owner of) a table of the schema, which may ALTER it or disable its triggers.
 */
export async function refuseOwningRole(sql: Sql): Promise<void> {
  const [row] = await sql.query<{ role: string; superuser: boolean; owns: boolean }>(
    `select current_user as role, r.rolsuper as superuser,
            exists (select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace
                     where n.nspname = current_schema() and c.relkind in ('r', 'p')
                       and pg_has_role(current_user, c.relowner, 'MEMBER')) as owns
       from pg_roles r where r.rolname = current_user`,
  );
  if (row && (row.superuser || row.owns)) {
    throw new Error(
      `DATABASE_URL's role ${row.role} ${row.superuser ? "is a superuser" : "owns the portal's tables"}, so it could alter them or disable the audit triggers: serve as an application role and migrate through DATABASE_MIGRATION_URL (docs/deploying.md)`,
    );
  }
}
