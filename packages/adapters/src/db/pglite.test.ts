import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openPglite } from "./pglite";
import type { Sql } from "./sql";

// A new embedded database starts from a kept copy of a new cluster's files (pglite.ts): each must
// still be a database of its own, kept on disk where it has a folder.
describe("openPglite", () => {
  it("gives each new database its own cluster, started from the kept files", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "pglite-test-"));
    const first = await openPglite(path.join(root, "a"));
    await first.exec("create table gift (id int); insert into gift values (1)");
    const kept = path.join(tmpdir(), `portal-pglite-${process.getuid?.() ?? "user"}`);
    expect(readdirSync(kept).some((f) => /^cluster-.+\.tar$/.test(f))).toBe(true);

    const second = await openPglite(path.join(root, "b"));
    const inSecond = await second.query<{ n: number }>(
      "select count(*)::int as n from pg_tables where tablename = 'gift'",
    );
    expect(inSecond[0]?.n).toBe(0);
    const memory = await openPglite();
    expect(await memory.query<{ one: number }>("select 1 as one")).toEqual([{ one: 1 }]);
    await memory.close();
    await second.close();

    await first.close();
    expect(existsSync(path.join(root, "a"))).toBe(true);
    const reopened = await openPglite(path.join(root, "a"));
    expect(await reopened.query<{ id: number }>("select id from gift")).toEqual([{ id: 1 }]);
    await reopened.close();
  });
});

describe("openPglite with a schema", () => {
  it("prepares the schema once, and later new databases start from it, each its own", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "pglite-schema-"));
    let prepared = 0;
    const schema = {
      // A key of this run's own: a schema kept by an earlier run is not this one.
      key: `test-${process.pid}-${Date.now()}`,
      prepare: async (sql: Sql) => {
        prepared++;
        await sql.exec("create table gift (id int primary key)");
      },
    };
    const first = await openPglite(path.join(root, "a"), schema);
    expect(prepared).toBe(1);
    await first.exec("insert into gift values (1)");
    const kept = path.join(tmpdir(), `portal-pglite-${process.getuid?.() ?? "user"}`);
    // Kept as a folder (for a new database on disk) and as PGlite's files (for one in memory).
    expect(
      readdirSync(kept)
        .filter((f) => f.includes(schema.key))
        .sort(),
    ).toEqual([
      expect.stringMatching(new RegExp(`^schema-.+-${schema.key}$`)),
      expect.stringMatching(new RegExp(`^schema-.+-${schema.key}\\.tar$`)),
    ]);

    const second = await openPglite(path.join(root, "b"), schema);
    const memory = await openPglite(undefined, schema);
    expect(prepared).toBe(1);
    // Started from the schema, not from the first database's rows.
    expect(await second.query("select id from gift")).toEqual([]);
    expect(await memory.query("select id from gift")).toEqual([]);
    await memory.close();
    await second.close();
    await first.close();

    // A folder that exists is opened as it is: its rows kept, the schema not prepared again.
    const reopened = await openPglite(path.join(root, "a"), schema);
    expect(await reopened.query<{ id: number }>("select id from gift")).toEqual([{ id: 1 }]);
    await reopened.close();

    // Another schema is prepared on its own.
    const other = await openPglite(undefined, {
      key: `${schema.key}-other`,
      prepare: async (sql: Sql) => {
        prepared++;
        await sql.exec("create table pledge (id int)");
      },
    });
    expect(prepared).toBe(2);
    for (const file of readdirSync(kept).filter((f) => f.includes(schema.key))) {
      rmSync(path.join(kept, file), { recursive: true });
    }
    expect(
      await other.query<{ name: string }>(
        "select tablename as name from pg_tables where tablename in ('gift', 'pledge')",
      ),
    ).toEqual([{ name: "pledge" }]);
    await other.close();
  });
});
