import { productRouteOf } from "@portal/domain";
import { openDatabase, type Sql } from "@portal/adapters/db";
import { shared } from "./shared";

/**
 * The process's one database: PostgreSQL when DATABASE_URL is set, otherwise PGlite under
 * PORTAL_DATA_DIR (in memory when neither is set). Opened, migrated and seeded on first use.
 */
export const database = (): Promise<Sql> =>
  shared("database", () =>
    openDatabase({
      databaseUrl: process.env["DATABASE_URL"] || undefined,
      dataDir: process.env["PORTAL_DATA_DIR"] || undefined,
      productRoute: productRouteOf(process.env["PORTAL_PRODUCT_ROUTE"]),
    }),
  );

/**
 * Close the database if this process opened it: called by the web server once its last request has
 * finished (server/serve.mjs), so PGlite's files are left consistent and no answer loses its database
 * half-way.
 */
export async function closeDatabase(): Promise<void> {
  const slot = Symbol.for("portal.database");
  const opened = (globalThis as unknown as Record<symbol, Promise<Sql> | undefined>)[slot];
  if (opened) await (await opened).close();
}
