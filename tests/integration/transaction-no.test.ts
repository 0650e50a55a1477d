import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { guestSessions, payments, withFreshTransactionNo, type Sql } from "@portal/adapters/db";
import { testDatabases, useDatabase } from "../support/databases";
import { donationInput } from "../support/records";

/**
 * Transaction numbers are unique in the ledger, and on a peak night many donations are made in the
 * same millisecond. A number drawn twice must not fail the donor's create with a server error: the
 * statement wrote nothing, so it runs again on a fresh number.
 */
describe.each(testDatabases())("transaction numbers on $name", (database) => {
  let sql: Sql;
  const key = randomBytes(32);
  useDatabase(database, (opened) => (sql = opened));

  const donation = async () => {
    const { session } = await guestSessions(sql).start();
    return (
      await payments(sql, key).create(
        donationInput("ZAKAT", "harta", 1_000, { guestSessionId: session.id }),
      )
    ).donation;
  };

  it("draws again when the number drawn is taken, and the write lands once on a fresh number", async () => {
    const first = await donation();
    const second = await donation();
    const tried: string[] = [];
    const landed = await withFreshTransactionNo("ZK", async (drawn) => {
      // The first draw collides with a number already in the ledger.
      const number = tried.length === 0 ? first.transactionNo : drawn;
      tried.push(number);
      await sql.query("update donation set transaction_no = $1 where id = $2", [number, second.id]);
      return number;
    });
    expect(tried).toHaveLength(2);
    expect(landed).toMatch(/^ZK\d{19}$/);
    const rows = await sql.query<{ id: string; transaction_no: string }>(
      "select id, transaction_no from donation where id in ($1, $2) order by transaction_no",
      [first.id, second.id],
    );
    expect(new Set(rows.map((row) => row.transaction_no)).size).toBe(2);
    expect(rows.find((row) => row.id === second.id)?.transaction_no).toBe(landed);
  });

  it("does not retry other failures", async () => {
    let calls = 0;
    await expect(
      withFreshTransactionNo("ZK", async () => {
        calls++;
        await sql.query("select * from no_such_table");
      }),
    ).rejects.toThrow();
    expect(calls).toBe(1);
  });

  it("gives every one of many donations made at once its own number", async () => {
    const made = await Promise.all(Array.from({ length: 60 }, () => donation()));
    expect(new Set(made.map((d) => d.transactionNo)).size).toBe(60);
    for (const d of made) expect(d.transactionNo).toMatch(/^ZK\d{19}$/);
  });
});
