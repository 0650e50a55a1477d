import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { openPostgres, type Sql } from "@portal/adapters/db";
import { testDatabases } from "../support/databases";

// PostgreSQL ends a portal's connections now and then (a restart, a failover, an operator's
// `pg_terminate_backend`): a production instance must carry on by itself. These cut the connections
// of a real server under the adapter (PGlite has none to cut).
const postgres = testDatabases().find((database) => database.name === "PostgreSQL");

describe.runIf(postgres)("PostgreSQL connections cut under the portal", () => {
  let sql: Sql;
  let admin: pg.Client;
  let dbName: string;

  afterAll(async () => {
    await sql?.close();
    await admin?.end();
    await postgres?.cleanup();
  });

  const cutAll = async () =>
    (
      await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
        [dbName],
      )
    ).rowCount;

  it("a transaction whose connection is cut fails, the process lives, and the pool serves on", async () => {
    // The owner: the probe table is made here (the portal serves as a role that may not).
    const url = new URL((await postgres!.portalEnv())["DATABASE_MIGRATION_URL"]!);
    dbName = url.pathname.slice(1);
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    sql = openPostgres(url.href, { max: 4 });
    await sql.exec("create table if not exists cut_probe (n int)");

    // Anything `pg` lets escape (an 'error' event nobody listens to) ends the process: seen here.
    const escaped: unknown[] = [];
    const onUncaught = (error: unknown) => escaped.push(error);
    process.on("uncaughtException", onUncaught);
    try {
      // Cut while the transaction holds its connection between two statements (the moment a
      // donation's payment waits on its row lock or a renewal on the gateway), and while one runs.
      for (const during of ["between statements", "during a statement"]) {
        const cut = sql.transaction(async (tx) => {
          await tx.query("insert into cut_probe (n) values (1)");
          if (during === "between statements") {
            await cutAll();
            await new Promise((resolve) => setTimeout(resolve, 300));
            await tx.query("insert into cut_probe (n) values (2)");
          } else {
            await Promise.all([tx.query("select pg_sleep(2)"), cutAll()]);
          }
        });
        await expect(cut, during).rejects.toThrow();
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      expect(escaped).toEqual([]);
    } finally {
      process.off("uncaughtException", onUncaught);
    }

    // Nothing half-written, and the pool hands out live connections again, in and out of transactions.
    expect(await sql.query("select count(*)::int as n from cut_probe")).toEqual([{ n: 0 }]);
    for (let i = 0; i < 6; i++) {
      await sql.transaction(async (tx) => tx.query("insert into cut_probe (n) values ($1)", [i]));
    }
    expect(await sql.query("select count(*)::int as n from cut_probe")).toEqual([{ n: 6 }]);
  });
});
