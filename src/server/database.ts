import { openDatabase, type Sql } from "@portal/adapters/db";
import { root, scoped } from "./root";

/**
 * The process's one database: PostgreSQL when DATABASE_URL is set, otherwise PGlite under
 * PORTAL_DATA_DIR (in memory when neither is set). Opened, migrated and seeded on first use.
 */
export const database = (): Promise<Sql> =>
  scoped("database", ({ config }) =>
    openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      productRoute: config.productRoute,
    }),
  );

/**
 * Close the database if this process opened it: called by the web server once its last request has
 * finished (server/serve.mjs), so PGlite's files are left consistent and no answer loses its database
 * half-way.
 */
export async function closeDatabase(): Promise<void> {
  const opened = root().services.get("database") as Promise<Sql> | undefined;
  if (opened) await (await opened).close();
}
