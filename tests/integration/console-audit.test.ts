import { afterAll, describe, expect, it } from "vitest";
import { audit, readAudit, signInRefusals } from "@portal/adapters/console";
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

  it("counts refused anonymous sign-ins in one row per address and hour, kept 90 days", async () => {
    sql ??= await database.open();
    const refusals = signInRefusals(sql);
    const at = (iso: string) => new Date(iso);
    for (let n = 0; n < 50; n++) {
      await refusals.count("192.0.2.1", "another_browser", at("2026-11-20T02:10:00Z"));
    }
    await refusals.count("192.0.2.1", "no_sign_in", at("2026-11-20T02:59:59Z"));
    await refusals.count("192.0.2.1", "no_sign_in", at("2026-11-20T03:00:00Z"));
    await refusals.count("192.0.2.2", "another_browser", at("2026-11-20T02:30:00Z"));
    const [{ rows } = { rows: 0 }] = await sql.query<{ rows: number }>(
      "select count(*)::int as rows from console_sign_in_refusal",
    );
    expect(rows).toBe(3);
    expect(await refusals.read({ from: at("2026-11-20T02:45:00Z") })).toEqual([
      expect.objectContaining({ address: "192.0.2.1", count: 1, lastReason: "no_sign_in" }),
      expect.objectContaining({ address: "192.0.2.1", count: 51, lastReason: "no_sign_in" }),
      expect.objectContaining({ address: "192.0.2.2", count: 1 }),
    ]);
    expect(await refusals.read({ to: at("2026-11-20T03:00:00Z") })).toHaveLength(2);
    // Ninety days on, the first hour's counts go; the last hour stays until its own ninety days end.
    expect(await refusals.sweep(at("2027-02-18T01:59:00Z"))).toBe(0);
    expect(await refusals.sweep(at("2027-02-18T02:30:00Z"))).toBe(2);
    expect(await refusals.read({})).toEqual([
      expect.objectContaining({ address: "192.0.2.1", count: 1 }),
    ]);
  });
});
