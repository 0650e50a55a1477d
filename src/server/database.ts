import { countingSql, openDatabase, type CountedSql, type Sql } from "@portal/adapters/db";
import type { PortalConfig } from "./config";
import { siteOrigins } from "./site-origins";
import { standinMigrations } from "./standins";

/**
 * The process's one database, made once at start (`buildServices`, src/server/main.ts) and handed to
 * whatever needs it: PostgreSQL when DATABASE_URL is set, otherwise PGlite under PORTAL_DATA_DIR (in
 * memory when neither is set). Its connection is opened, migrated and seeded on the first `open()`, not
 * at start: an instance started before its database can be reached answers 503 until it can, then
 * serves without a restart. An opening that fails (the database unreachable, or its connection cut
 * while it was opened) is forgotten, so the next `open()` tries again. With test control on (never in
 * production) it counts its statements, round trips and commits for the bench's profile.
 */
export interface PortalDatabase {
  /** The opened database; waits for the first opening, tries again after a failed one. */
  readonly open: () => Promise<Sql>;
  /** What `open` gives over the opened database, made once (and again after a failed opening). */
  readonly over: <T>(make: (sql: Sql) => T | Promise<T>) => () => Promise<T>;
  /** The counts since the last call, when the database counts them (test control on). */
  readonly takeCounts: () => Promise<ReturnType<CountedSql["takeCounts"]> | undefined>;
  /**
   * Close the database if it was opened: called by the web server once its last request has
   * finished, so PGlite's files are left consistent and no answer loses its database half-way.
   */
  readonly close: () => Promise<void>;
}

export function portalDatabase(config: PortalConfig): PortalDatabase {
  let opening: Promise<Sql> | undefined;
  const open = (): Promise<Sql> => {
    if (!opening) {
      const made = openDatabase({
        databaseUrl: config.databaseUrl,
        migrationUrl: config.databaseMigrationUrl,
        // The stand-ins' tables are made by the owner too: the serving role may not create tables.
        migrateAlso: async (owner) => standinMigrations(config)?.(owner),
        leastPrivilege: config.production,
        dataDir: config.dataDir,
        productRoute: config.productRoute,
        sites: siteOrigins(config),
      }).then((sql) => (config.testControlToken === undefined ? sql : countingSql(sql)));
      opening = made;
      made.catch(() => {
        if (opening === made) opening = undefined;
      });
    }
    return opening;
  };
  const over = <T>(make: (sql: Sql) => T | Promise<T>) => {
    let made: { readonly sql: Promise<Sql>; readonly value: Promise<T> } | undefined;
    return (): Promise<T> => {
      const sql = open();
      // Made again only when the database was opened again (after a failed opening).
      if (made?.sql !== sql) made = { sql, value: sql.then(make) };
      return made.value;
    };
  };
  return {
    open,
    over,
    takeCounts: async () => ((await open()) as Partial<CountedSql>).takeCounts?.(),
    close: async () => {
      // One that failed to open has nothing to close.
      const sql = await opening?.catch(() => undefined);
      await sql?.close();
    },
  };
}
