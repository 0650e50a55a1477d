import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateDrafts, type Officer } from "@portal/adapters/console";
import { readRates, seed, type Sql } from "@portal/adapters/db";
import { testDatabases } from "../support/databases";

// Security review of the console (issue 18): two approved drafts published at once (a job tick on one
// instance, an approval on another) must both take effect; the second never restores the first's
// fields. Two connections race on PostgreSQL; PGlite (one connection) runs the same calls. No port.

const CHARITY = 25;
const officer: Officer = { id: "officer-1", name: "Officer", roles: ["officer"] };
const approver: Officer = { id: "approver-1", name: "Approver", roles: ["approver"] };

describe.each(testDatabases())("rate publication on $name", (database) => {
  let sql: Sql;
  let blocker: Sql | undefined;

  beforeAll(async () => {
    sql = await database.open();
    await seed(sql);
    blocker = await database.peek();
  });
  afterAll(async () => {
    await sql?.close();
    await blocker?.close();
    await database.cleanup();
  });

  it("publishes a job tick's draft and another instance's approval at once, keeping both", async () => {
    const now = new Date();
    const one = rateDrafts(sql);
    const other = rateDrafts(sql);
    const drafted = (changes: Record<string, number>, inMs: number) =>
      one.draft({
        charityId: CHARITY,
        changes,
        effectiveAt: new Date(now.getTime() + inMs),
        officer,
        ip: "",
        now,
      });
    const first = await drafted({ fidyahPerDay: 450 }, 60_000);
    await one.approve({ id: first.id, officer: approver, ip: "", now });
    const second = await drafted({ kaffarahPerDay: 550 }, 30_000);
    const before = await readRates(sql, CHARITY);
    // Someone holds the rates row a moment (another change) while both publications start.
    let release = () => {};
    let locked = () => {};
    const holding = new Promise<void>((resolve) => (locked = resolve));
    const held = blocker?.transaction(async (tx) => {
      await tx.query("select 1 from home_page_configuration where charity_id = $1 for update", [
        CHARITY,
      ]);
      locked();
      await new Promise<void>((resolve) => (release = resolve));
    });
    if (held) await holding;
    const later = new Date(now.getTime() + 120_000);
    // The job's tick on one instance publishes the first draft...
    const tick = one.publishDue(later);
    await new Promise((resolve) => setTimeout(resolve, 200));
    // ...while an approver approves the second on another, which publishes it at once.
    const approval = other.approve({ id: second.id, officer: approver, ip: "", now: later });
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await held;
    expect(await tick).toBe(1);
    expect((await approval).status).toBe("published");
    const after = await readRates(sql, CHARITY);
    expect(after?.rates).toMatchObject({ fidyahPerDay: 450, kaffarahPerDay: 550 });
    expect(after?.version).toBe((before?.version ?? 0) + 2);
  });
});
