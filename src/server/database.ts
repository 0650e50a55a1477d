import { countingSql, openDatabase, type CountedSql, type Sql } from "@portal/adapters/db";
import { root, scoped } from "./root";
import { siteOrigins } from "./site-origins";

/**
 * The process's one database: PostgreSQL when DATABASE_URL is set, otherwise PGlite under
 * PORTAL_DATA_DIR (in memory when neither is set). Opened, migrated and seeded on first use. With
 * test control on (never in production) it counts its statements, round trips and commits for the
 * bench's profile (`POST /__test/sql-counts`, bench/profile.mjs).
 */
export const database = (): Promise<Sql> =>
  scoped("database", async ({ config }) => {
    const sql = await openDatabase({
      databaseUrl: config.databaseUrl,
      migrationUrl: config.databaseMigrationUrl,
      // The stand-ins' tables are made by the owner too: the serving role may not create tables.
      // (Loaded on use: standins.ts reads this module's database().)
      migrateAlso: async (owner) => (await import("./standins")).standinMigrations(config)?.(owner),
      leastPrivilege: config.production,
      dataDir: config.dataDir,
      productRoute: config.productRoute,
      sites: siteOrigins(config),
    });
    return config.testControlToken === undefined ? sql : countingSql(sql);
  });

/** The counts since the last call, when the database counts them (test control on). */
export const takeSqlCounts = async () => {
  const sql = (await database()) as Partial<CountedSql>;
  return sql.takeCounts?.();
};

/**
 * Close the database if this process opened it: called by the web server once its last request has
 * finished (src/server/http/serve.ts), so PGlite's files are left consistent and no answer loses its database
 * half-way.
 */
export async function closeDatabase(): Promise<void> {
  const opened = root().services.get("database") as Promise<Sql> | undefined;
  // One that failed to open has nothing to close.
  const sql = await opened?.catch(() => undefined);
  await sql?.close();
}
