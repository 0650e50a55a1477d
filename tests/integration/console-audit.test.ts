import { afterAll, describe, expect, it } from "vitest";
import { audit, readAudit } from "@portal/adapters/console";
import type { Sql } from "@portal/adapters/db";
import { testDatabases } from "../support/databases";

// Issue 18: the console's audit log is append-only in the database itself, and never holds a full NRIC.

describe.each(testDatabases())("the console audit log on $name", (database) => {
  let sql: Sql | undefined;
  afterAll(async () => {
    await sql?.close();
    await database.cleanup();
  });
  const officer = { id: "o-1", name: "Omar Officer", roles: ["officer" as const] };

  it("keeps who, role, what, before, after, when and from where, and masks NRICs", async () => {
    sql = await database.open();
    await audit(
      sql,
      {
        officer,
        action: "receipts.reissue",
        entity: "donation",
        entityId: "42",
        before: { donorId: "S1234567D", note: "was S7654321B" },
        after: { donorId: "T0123456G" },
        ip: "203.0.113.9",
      },
      new Date("2026-11-20T02:00:00Z"),
    );
    const [entry] = await readAudit(sql, { action: "receipts" });
    expect(entry).toMatchObject({
      officerName: "Omar Officer",
      roles: ["officer"],
      action: "receipts.reissue",
      entityId: "42",
      ip: "203.0.113.9",
      before: { donorId: "*****567D", note: "was *****321B" },
      after: { donorId: "*****456G" },
    });
    expect(entry?.at.toISOString()).toBe("2026-11-20T02:00:00.000Z");
  });

  it("refuses to update, delete or truncate an entry", async () => {
    sql ??= await database.open();
    await expect(sql.query("update console_audit set action = 'nothing'")).rejects.toThrow(
      /append-only/,
    );
    await expect(sql.query("delete from console_audit")).rejects.toThrow(/append-only/);
    await expect(sql.query("truncate console_audit")).rejects.toThrow(/append-only/);
    expect((await readAudit(sql, {})).length).toBe(1);
  });

  it("refuses a rate draft approved by the officer who drafted it, in the database too", async () => {
    sql ??= await database.open();
    await expect(
      sql.query(
        `insert into console_rate_draft (charity_id, changes, effective_at, drafted_by,
           drafted_by_name, drafted_at, status, approved_by, approved_at)
         values (25, '{}', now(), 'o-1', 'Omar', now(), 'approved', 'o-1', now())`,
      ),
    ).rejects.toThrow();
  });
});
