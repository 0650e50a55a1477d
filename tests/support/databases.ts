import { randomBytes } from "node:crypto";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { openDatabase, openPglite, openPostgres, type Sql } from "@portal/adapters/db";
import type { RunningPortal } from "./portal";

export interface TestDatabase {
  readonly name: string;
  open(): Promise<Sql>;
  /** Environment that points a portal at this engine (empty for PGlite under the data folder). */
  portalEnv(): Promise<Record<string, string>>;
  /** A second connection to the database a portal runs on, where one is possible (not PGlite's). */
  peek(): Promise<Sql | undefined>;
  /** Drop what open() made. */
  cleanup(): Promise<void>;
}

/** PGlite in memory: always available. */
const pglite: TestDatabase = {
  name: "PGlite",
  open: () => openDatabase({}),
  portalEnv: async () => ({}),
  peek: async () => undefined,
  cleanup: async () => {},
};

/** A fresh database on the PostgreSQL server of TEST_DATABASE_URL, dropped afterwards. */
function postgres(adminUrl: string): TestDatabase {
  const dbName = `portal_test_${randomBytes(6).toString("hex")}`;
  const admin = () => new pg.Client({ connectionString: adminUrl });
  let created = false;
  const create = async () => {
    if (!created) {
      const client = admin();
      await client.connect();
      await client.query(`create database ${dbName}`);
      await client.end();
      created = true;
    }
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    return url.toString();
  };
  return {
    name: "PostgreSQL",
    open: async () => openDatabase({ databaseUrl: await create() }),
    portalEnv: async () => ({ DATABASE_URL: await create() }),
    peek: async () => openPostgres(await create(), { max: 1 }),
    cleanup: async () => {
      const client = admin();
      await client.connect();
      await client.query(`drop database if exists ${dbName} with (force)`);
      await client.end();
    },
  };
}

/** The engines integration tests run on: PGlite, and PostgreSQL when `npm test` found one. */
export const testDatabases = (): ReadonlyArray<TestDatabase> => {
  const url = process.env.TEST_DATABASE_URL;
  return url ? [pglite, postgres(url)] : [pglite];
};

/**
 * A suite's database on one engine: opened (and `prepare`d, e.g. the stand-ins' tables) before the
 * suite's tests, handed to `opened`; closed and dropped after them.
 */
export function useDatabase(
  database: TestDatabase,
  opened: (sql: Sql) => void,
  prepare?: (sql: Sql) => Promise<unknown>,
): void {
  let sql: Sql | undefined;
  beforeAll(async () => {
    sql = await database.open();
    await prepare?.(sql);
    opened(sql);
  });
  afterAll(async () => {
    await sql?.close();
    await database.cleanup();
  });
}

/**
 * Read the database a running portal is on: through a second connection where the engine allows one
 * (PostgreSQL); on PGlite (one opener) with the portal stopped, then `restart`ed.
 */
export async function readPortalDatabase<T>(
  database: TestDatabase,
  portal: RunningPortal,
  restart: () => Promise<unknown>,
  read: (sql: Sql) => Promise<T>,
): Promise<T> {
  const peek = await database.peek();
  if (peek) {
    try {
      return await read(peek);
    } finally {
      await peek.close();
    }
  }
  await portal.stop();
  const sql = await openPglite(path.join(portal.dataDir, "db"));
  try {
    return await read(sql);
  } finally {
    await sql.close();
    await restart();
  }
}
