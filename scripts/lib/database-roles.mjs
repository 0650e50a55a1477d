// `npm start` on PostgreSQL with DATABASE_URL alone: that role migrates (DATABASE_MIGRATION_URL) and
// the web server serves as an application role made here, which owns nothing, as production does
// (docs/database.md). Only when the given role may make roles and DATABASE_MIGRATION_URL is unset.
import { randomBytes } from "node:crypto";
import pg from "pg";

/** The application role `npm start` serves a database as (one per database, at most 63 bytes). */
export const appRoleName = (database) =>
  `portal_app_${database.toLowerCase().replace(/[^a-z0-9_]/g, "_")}`.slice(0, 63);

/**
 * The two connection strings for the web server, or undefined (with the reason) when the role of
 * `databaseUrl` may not make roles (then it serves as that role, as before). The role's password is
 * new at every start: only this launcher's server holds it.
 */
export async function applicationRole(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const [me] = (
      await client.query(
        "select current_user as name, current_database() as db, rolsuper or rolcreaterole as can from pg_roles where rolname = current_user",
      )
    ).rows;
    if (!me?.can) return { reason: `${me?.name ?? "its role"} may not make roles` };
    const role = appRoleName(me.db);
    const password = randomBytes(18).toString("hex");
    const exists = (await client.query("select 1 from pg_roles where rolname = $1", [role]))
      .rowCount;
    // A plain login: no superuser, no CREATEROLE, no CREATEDB; its table rights come from the grants
    // the web server's migration step gives it (packages/adapters/src/db/roles.ts).
    await client.query(
      `${exists ? "alter" : "create"} role ${role} login nosuperuser nocreatedb nocreaterole password '${password}'`,
    );
    const url = new URL(databaseUrl);
    url.username = role;
    url.password = password;
    return {
      role,
      owner: me.name,
      env: { DATABASE_URL: url.href, DATABASE_MIGRATION_URL: databaseUrl },
    };
  } finally {
    await client.end();
  }
}
