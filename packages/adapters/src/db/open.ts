import path from "node:path";
import { migrate } from "./migrate";
import { openPglite } from "./pglite";
import { openPostgres } from "./postgres";
import { seed, type SiteOrigins } from "./seed";
import type { Sql } from "./sql";

export interface DatabaseOptions {
  /** A PostgreSQL server; when absent, PGlite under `dataDir` (or in memory without one). */
  readonly databaseUrl?: string | undefined;
  readonly dataDir?: string | undefined;
  readonly productRoute?: string | undefined;
  /** The two brands' hosts, for the site entries a new database is seeded with (§1). */
  readonly sites?: SiteOrigins | undefined;
}

/** Open the configured database, bring its schema up to date and seed what is missing. */
export async function openDatabase(options: DatabaseOptions): Promise<Sql> {
  const sql = options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : await openPglite(options.dataDir ? path.join(options.dataDir, "db") : undefined);
  try {
    await migrate(sql);
    await seed(sql, { productRoute: options.productRoute ?? "wakaf", sites: options.sites });
    return sql;
  } catch (error) {
    await sql.close();
    throw error;
  }
}
