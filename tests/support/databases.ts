import { randomBytes } from "node:crypto";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import {
  grantServingRole,
  openDatabase,
  openPglite,
  openPostgres,
  type Sql,
} from "@portal/adapters/db";
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

/**
 * A fresh database on the PostgreSQL server of TEST_DATABASE_URL with its two roles, as production
 * has them (docs/deploying.md): an owner that migrates (`open()`, `peek()`, and the portal's
 * DATABASE_MIGRATION_URL) and an application role the portal serves as (its DATABASE_URL), which owns
 * nothing. All three are dropped afterwards.
 */
function postgres(adminUrl: string): TestDatabase {
  const dbName = `portal_test_${randomBytes(6).toString("hex")}`;
  const roles = { owner: `${dbName}_owner`, app: `${dbName}_app` };
  const passwords = {
    owner: randomBytes(12).toString("hex"),
    app: randomBytes(12).toString("hex"),
  };
  const admin = async (statements: ReadonlyArray<string>) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      for (const statement of statements) await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const urlAs = (role: keyof typeof roles) => {
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    url.username = roles[role];
    url.password = passwords[role];
    return url.toString();
  };
  let created = false;
  const create = async () => {
    if (!created) {
      await admin([
        `create role ${roles.owner} login password '${passwords.owner}'`,
        `create role ${roles.app} login password '${passwords.app}'`,
        // The owner owns the database, so PostgreSQL 15's `public` schema lets it (alone) create.
        `create database ${dbName} owner ${roles.owner}`,
      ]);
      created = true;
    }
    return { owner: urlAs("owner"), app: urlAs("app") };
  };
  return {
    name: "PostgreSQL",
    open: async () => {
      const sql = await openDatabase({ databaseUrl: (await create()).owner });
      await grantServingRole(sql, roles.app);
      return sql;
    },
    portalEnv: async () => {
      const urls = await create();
      return { DATABASE_URL: urls.app, DATABASE_MIGRATION_URL: urls.owner };
    },
    peek: async () => openPostgres((await create()).owner, { max: 1 }),
    cleanup: async () => {
      await admin([
        `drop database if exists ${dbName} with (force)`,
        `drop role if exists ${roles.app}`,
        `drop role if exists ${roles.owner}`,
      ]);
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
