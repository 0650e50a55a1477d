import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Sql } from "@portal/adapters/db";
import { dashboard, ledgerDashboard, type DashboardFilter } from "@portal/adapters/finance";
import { migrateStandins } from "@portal/standins";
import { openCounterShift, signInOfficer, type ConsoleOfficer } from "../support/console";
import { testDatabases, useDatabase } from "../support/databases";
import { Donor, nricOf } from "../support/donations";
import { seedGift } from "../support/finance";
import { startPortal, type RunningPortal } from "../support/portal";

// Issue 19 at scale: the per-day totals of migration 026 (kept by triggers, moved into the day tables
// when the dashboard reads) must equal the ledger read directly, to the cent, whatever happened to the
// gifts: paid, refunded in part or in full, voided, paid at a counter, changed afterwards.
// Ports 7530-7539.

const FUNDS = [undefined, "ZAKAT", "FIDYAH", "ILMU", "WMS", "KAFFARAH"] as const;

/**
 * Both reads agree for every fund and for each day of the range, the range itself, and a range of
 * more than a month ending with it (its busiest minutes are read another way).
 */
const agree = async (sql: Sql, from: string, to: string) => {
  const rolled = dashboard(sql);
  const ledger = ledgerDashboard(sql);
  const days = [];
  for (let t = Date.parse(from); t <= Date.parse(to); t += 86_400_000)
    days.push(new Date(t).toISOString().slice(0, 10));
  const filters: DashboardFilter[] = [];
  const longer = new Date(Date.parse(from) - 45 * 86_400_000).toISOString().slice(0, 10);
  for (const fund of FUNDS) {
    filters.push({ from, to, fund }, { from: longer, to, fund });
    for (const day of days) filters.push({ from: day, to: day, fund });
  }
  for (const filter of filters) {
    const expected = await ledger(filter);
    expect(await rolled(filter), JSON.stringify(filter)).toEqual(expected);
  }
  return ledger({ from, to });
};

describe.each(testDatabases())("per-day finance totals on $name", (database) => {
  let sql: Sql;
  useDatabase(database, (opened) => (sql = opened), migrateStandins);

  it("equal the ledger after gifts are paid, given back, paid at a counter and changed", async () => {
    const at = (day: string, time: string) => `${day}T${time}+08:00`;
    const a = await seedGift(sql, {
      flow: "ZAKAT",
      cents: 1_001,
      paidAt: at("2026-04-01", "09:00:10"),
    });
    await seedGift(sql, { flow: "ZAKAT", cents: 2_550, paidAt: at("2026-04-01", "09:00:40") });
    await seedGift(sql, {
      flow: "ILMU",
      cents: 10_000,
      method: "paynow",
      paidAt: at("2026-04-01", "23:59:59"),
    });
    // Given back on a later day, and a void the same day.
    await seedGift(sql, {
      flow: "WMS",
      cents: 7_777,
      paidAt: at("2026-04-01", "00:00:00"),
      status: "refunded",
      returnedAt: at("2026-04-02", "10:00:00"),
    });
    const v = await seedGift(sql, {
      flow: "FIDYAH",
      cents: 1_200,
      paidAt: at("2026-04-02", "08:00:00"),
    });
    await seedGift(sql, {
      flow: "KAFFARAH",
      cents: 3_000,
      paidAt: at("2026-04-02", "12:00:00"),
      source: "Masjid Al-Falah",
    });
    let before = await agree(sql, "2026-04-01", "2026-04-03");
    expect(before?.collections.total).toEqual({ key: "total", count: 6, amount: 25_528 });

    // A refund and a void as the console records them (the donation's status and last change).
    await sql.query(
      "update donation set status = 'refunded', updated_at = $2 where transaction_no = $1",
      [a.transactionNo, at("2026-04-03", "09:00:00")],
    );
    await sql.query(
      "update donation set status = 'voided', updated_at = $2 where transaction_no = $1",
      [v.transactionNo, at("2026-04-02", "09:00:00")],
    );
    before = await agree(sql, "2026-04-01", "2026-04-03");
    expect(before?.returned).toEqual([
      { status: "refunded", count: 2, amount: 8_778 },
      { status: "voided", count: 1, amount: 1_200 },
    ]);

    // Changed afterwards: a refunded gift's last change moves its refund's day (as the ledger dates
    // it); a gift's method and amount corrected; a receipt removed.
    await sql.query("update donation set updated_at = $2 where transaction_no = $1", [
      a.transactionNo,
      at("2026-04-03", "18:00:00"),
    ]);
    await sql.query(
      "update donation set payment_method = 'cash', total_cents = 3333 where id = $1",
      [v.id],
    );
    const gone = await seedGift(sql, {
      flow: "ZAKAT",
      cents: 999,
      paidAt: at("2026-04-03", "07:00:00"),
    });
    await sql.query("delete from receipt where donation_id = $1", [gone.id]);
    await agree(sql, "2026-04-01", "2026-04-03");

    // Paid and receipted in one statement, as a payment is recorded: counted once.
    const p = await seedGift(sql, {
      flow: "ZAKAT",
      cents: 4_200,
      paidAt: at("2026-04-03", "11:00:00"),
    });
    await sql.query("delete from receipt where donation_id = $1", [p.id]);
    await sql.query("update donation set status = 'pending' where id = $1", [p.id]);
    await sql.query(
      `with paid as (update donation set status = 'succeeded', updated_at = now() where id = $1 returning id)
       insert into receipt (id, donation_id, series, serial, receipt_no, token_hash, issued_at)
       select gen_random_uuid(), paid.id, 'ZK', 990001, 'ZK-X990001', '\\x0102', $2 from paid`,
      [p.id, at("2026-04-03", "11:00:00")],
    );
    const after = await agree(sql, "2026-04-01", "2026-04-03");
    expect(after?.collections.byDay.find((b) => b.key === "2026-04-03")).toEqual({
      key: "2026-04-03",
      count: 1,
      amount: 4_200,
    });
    expect(after?.donorsEstimated).toBe(false);
  });
});

let nextPort = 7530;
const sgToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

describe.each(testDatabases())("per-day totals through the portal on $name", (database) => {
  let portal: RunningPortal;
  const as: Record<string, ConsoleOfficer> = {};

  beforeAll(async () => {
    portal = await startPortal(nextPort++, undefined, await database.portalEnv());
    for (const role of ["officer", "finance"]) {
      as[role] = await signInOfficer(portal.base, portal.dataDir, role);
    }
  }, 180_000);

  afterAll(async () => {
    await portal?.stop();
    await database.cleanup();
  });

  it("equal the ledger after real payments, refunds, a void and counter receipts", async () => {
    const day = sgToday();
    const read = async () =>
      (await as["finance"]!.call(`/console/api/finance/dashboard?from=${day}&to=${day}`)).body[
        "data"
      ] as { collections: { total: { count: number; amount: number } } };
    const start = await read();
    const gift = async (flow: "ZAKAT" | "FIDYAH", cents: number) =>
      (await new Donor(portal.base).start()).donate(
        flow === "ZAKAT"
          ? { flow, items: { harta: cents }, totalCents: cents }
          : { flow, items: { fidyah: { days: cents / 400 } }, totalCents: cents },
      );
    const act = (transactionNo: string, what: string, body: unknown, key: string) =>
      as["officer"]!.call(`/console/api/donations/${transactionNo}?do=${what}`, {
        body,
        headers: { "idempotency-key": key },
      });
    const one = await gift("ZAKAT", 5_005);
    const two = await gift("FIDYAH", 2_000);
    const three = await gift("FIDYAH", 1_600);
    expect(
      (await act(one.transactionNo, "refund", { amountCents: 1_005, reason: "Part" }, "ro-1"))
        .status,
    ).toBe(200);
    expect(
      (await act(two.transactionNo, "refund", { rest: true, reason: "All" }, "ro-2")).status,
    ).toBe(200);
    expect((await act(three.transactionNo, "void", { reason: "Mistake" }, "ro-3")).status).toBe(
      200,
    );
    await openCounterShift(as["officer"]!, "Masjid Al-Falah");
    const counter = await as["officer"]!.call("/console/api/counter", {
      body: {
        fund: "harta",
        amountCents: 12_345,
        method: "cash",
        mosqueName: "Masjid Al-Falah",
        donor: { name: "Abdul Karim", idNumber: nricOf("2468024") },
      },
      headers: { "idempotency-key": "rollup-till-1" },
    });
    expect(counter.status).toBe(201);
    const end = await read();
    expect(end.collections.total.count - start.collections.total.count).toBe(4);
    expect(end.collections.total.amount - start.collections.total.amount).toBe(20_950);

    await portal.stop();
    const sql = (await database.peek()) ?? (await openDatabase({ dataDir: portal.dataDir }));
    try {
      const seen = await agree(sql, day, day);
      expect(seen?.returned.map((r) => r.status).sort()).toEqual(["refunded", "voided"]);
    } finally {
      await sql.close();
    }
  }, 240_000);
});
