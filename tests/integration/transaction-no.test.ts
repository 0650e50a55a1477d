import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  guestSessions,
  insertWithFreshTransactionNo,
  payments,
  withFreshTransactionNo,
  type Sql,
  type SqlQuery,
} from "@portal/adapters/db";
import { testDatabases, useDatabase } from "../support/databases";
import { donationInput } from "../support/records";

/** A copy of a donation under a new id and number (the counter's and the renewal's insert, in shape). */
const insertCopy = async (q: SqlQuery, id: string, drawn: string, of: string) =>
  (
    await q.query(
      `insert into donation
       select (jsonb_populate_record(null::donation,
         to_jsonb(d) || jsonb_build_object('id', $1::text, 'transaction_no', $2::text))).*
       from donation d where d.id = $3
       on conflict (transaction_no) do nothing returning id`,
      [id, drawn, of],
    )
  ).length === 1;

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

  it("inside a transaction (counter receipts, renewals), a taken number is drawn again and the rest commits", async () => {
    const original = await donation();
    const id = randomUUID();
    const draws = [original.transactionNo, "ZK9999999999999000001"];
    const landed = await sql.transaction(async (tx) => {
      const number = await insertWithFreshTransactionNo(
        () => draws.shift() ?? "",
        async (drawn) => insertCopy(tx, id, drawn, original.id),
      );
      // A later statement of the same transaction still runs: the taken draw did not abort it.
      await tx.query("update donation set total_cents = total_cents where id = $1", [id]);
      return number;
    });
    expect(landed).toBe("ZK9999999999999000001");
    const [row] = await sql.query<{ transaction_no: string }>(
      "select transaction_no from donation where id = $1",
      [id],
    );
    expect(row?.transaction_no).toBe(landed);
  });

  it("gives up with a clear error when every draw is taken", async () => {
    const original = await donation();
    await expect(
      insertWithFreshTransactionNo(
        () => original.transactionNo,
        async (drawn) => insertCopy(sql, randomUUID(), drawn, original.id),
        3,
      ),
    ).rejects.toThrow("no free transaction number after 3 draws");
  });
});
