import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openPglite } from "./pglite";

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
