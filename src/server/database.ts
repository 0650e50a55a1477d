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
    }).then((sql) => {
      // Close cleanly on shutdown so PGlite's files are left consistent.
      const close = () => void sql.close().catch(() => undefined);
      process.once("SIGTERM", close);
      process.once("SIGINT", close);
      return sql;
    }),
  );
