import { createHash } from "node:crypto";
import path from "node:path";
import { migrate, migrations } from "./migrate";
import { openPglite, type PgliteSchema } from "./pglite";
import { openPostgres } from "./postgres";
import { currentRole, grantServingRole, refuseOwningRole } from "./roles";
import { seed, type SiteOrigins } from "./seed";
import type { Sql } from "./sql";

export interface DatabaseOptions {
  /** A PostgreSQL server; when absent, PGlite under `dataDir` (or in memory without one). */
  readonly databaseUrl?: string | undefined;
  /**
   * The same database as the schema's owner (`DATABASE_MIGRATION_URL`): migrations, seed and
   * `migrateAlso` run through it, then the serving role of `databaseUrl` is granted what it needs.
   * Absent: they run through `databaseUrl` (one role; a schema already up to date needs no DDL).
   */
  readonly migrationUrl?: string | undefined;
  /** Further migrations to run as the owner after the portal's own (the stand-ins' tables). */
  readonly migrateAlso?: ((owner: Sql) => Promise<unknown>) | undefined;
  /** Refuse to serve as a superuser or as a role that owns the tables (production). */
  readonly leastPrivilege?: boolean | undefined;
  readonly dataDir?: string | undefined;
  readonly productRoute?: string | undefined;
  /** The two brands' hosts, for the site entries a new database is seeded with (§1). */
  readonly sites?: SiteOrigins | undefined;
}

/** The portal's migrations, as the schema a new embedded database starts from (named by their text). */
const migrated: PgliteSchema = {
  key: createHash("sha256").update(JSON.stringify(migrations)).digest("hex").slice(0, 16),
  prepare: migrate,
};

/** Open the configured database, bring its schema up to date and seed what is missing. */
export async function openDatabase(options: DatabaseOptions): Promise<Sql> {
  if (options.migrationUrl && !options.databaseUrl) {
    throw new Error("DATABASE_MIGRATION_URL needs DATABASE_URL, the serving role's connection");
  }
  const sql = options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : await openPglite(options.dataDir ? path.join(options.dataDir, "db") : undefined, migrated);
  const prepare = async (owner: Sql) => {
    await migrate(owner);
    await seed(owner, { productRoute: options.productRoute ?? "wakaf", sites: options.sites });
    await options.migrateAlso?.(owner);
  };
  try {
    if (options.migrationUrl) {
      const role = await currentRole(sql);
      const owner = openPostgres(options.migrationUrl, { max: 1 });
      try {
        await prepare(owner);
        // The same role on both connections: nothing to grant (and revoking would bite its owner).
        if ((await currentRole(owner)) !== role) await grantServingRole(owner, role);
      } finally {
        await owner.close();
      }
    } else {
      await prepare(sql).catch((error: unknown) => {
        // 42501: the serving role may not create or change tables, and the schema is behind.
        if ((error as { code?: unknown }).code !== "42501") throw error;
        throw new Error(
          "the schema needs migrating and DATABASE_URL's role may not change it: set DATABASE_MIGRATION_URL to the owner role's connection (docs/database.md)",
          { cause: error },
        );
      });
    }
    if (options.leastPrivilege && sql.engine === "postgres") await refuseOwningRole(sql);
    return sql;
  } catch (error) {
    await sql.close();
    throw error;
  }
}
