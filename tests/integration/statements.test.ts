import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { donors, personalData, statements, type Sql } from "@portal/adapters/db";
import { testDatabases } from "../support/databases";
import { nricOf } from "../support/donations";

/**
 * The year-end statement's records (packages/adapters/src/db/statements.ts) straight on the database,
 * where gifts can be dated to the minute around the turn of the year. No server, so no ports.
 */
describe.each(testDatabases())("tax statement records on $name", (database) => {
  let sql: Sql;
  const key = randomBytes(32);
  const nricA = nricOf("3141592");
  let donorA: string;
  let donorB: string;
  let serial = 1;

  /** A donation of `donorId` paid (receipt issued) at `paidAt`, created at `createdAt`. */
  const gift = async (
    donorId: string,
    flow: string,
    amounts: Record<string, number>,
    paidAt: string,
    options: { status?: string; createdAt?: string; receipt?: boolean } = {},
  ) => {
    const id = randomUUID();
    const transactionNo = `ZK${Date.now()}${serial}`;
    const total = Object.values(amounts).reduce((a, b) => a + b, 0);
    await sql.query(
      `insert into donation (id, transaction_no, donor_id, flow, status, total_cents, amounts, inputs,
         rates_version, client_secret_hash, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, '{}', 1, $8, $9)`,
      [
        id,
        transactionNo,
        donorId,
        flow,
        options.status ?? "succeeded",
        total,
        JSON.stringify(amounts),
        randomBytes(32),
        options.createdAt ?? paidAt,
      ],
    );
    if (options.receipt !== false) {
      const receiptNo = `ST-${String(serial).padStart(8, "0")}`;
      // The receipt as issued names the donor's own number (issue 22: inclusion follows the receipt).
      const sealedNric = donorId === donorA ? personalData(key).encrypt(nricA) : null;
      const particulars = donorId === donorB ? { uen: "201912345K" } : {};
      await sql.query(
        "insert into receipt_series (series, next_serial) values ('ST', 1) on conflict do nothing",
      );
      await sql.query(
        `insert into receipt (id, donation_id, series, serial, receipt_no, token_hash, issued_at,
           id_encrypted, particulars)
         values ($1, $2, 'ST', $3, $4, $5, $6, $7, $8)`,
        [
          randomUUID(),
          id,
          serial,
          receiptNo,
          randomBytes(32),
          paidAt,
          sealedNric,
          JSON.stringify(particulars),
        ],
      );
    }
    serial += 1;
    return transactionNo;
  };

  let lastOf2026: string;
  let firstOf2027: string;
  let paidAfterMidnight: string;
  let wakaf: string;
  let refunded: string;
  let corporate: string;

  beforeAll(async () => {
    sql = await database.open();
    const records = donors(sql, key);
    // Donor records are made only by a registered sign-in (a guest's enrolment makes none).
    const registered = async (subject: string, input: Parameters<typeof records.register>[1]) => {
      const identity = { issuer: "test", subject, email: undefined, emailVerified: false };
      if ((await records.register(identity, input)) !== "registered") throw new Error("refused");
      const made = await records.byIdentity(identity);
      if (!made) throw new Error("no donor");
      return made.id;
    };
    donorA = await registered("a", { kind: "individual", name: "Aminah Statement", nric: nricA });
    donorB = await registered("b", {
      kind: "corporate",
      name: "Badrul Holdings",
      uen: "201912345K",
      companyName: "Badrul Holdings Pte Ltd",
    });
    wakaf = await gift(donorA, "ILMU", { ilmu: 5_000 }, "2026-06-01T09:00:00+08:00");
    refunded = await gift(donorA, "FIDYAH", { fidyah: 400 }, "2026-03-01T09:00:00+08:00", {
      status: "refunded",
    });
    lastOf2026 = await gift(donorA, "ZAKAT", { harta: 25_000 }, "2026-12-31T23:30:00+08:00");
    firstOf2027 = await gift(donorA, "ZAKAT", { fitrah: 1_000 }, "2027-01-01T00:30:00+08:00");
    // Begun before midnight, paid after: the payment's date decides.
    paidAfterMidnight = await gift(donorA, "WMS", { wms: 2_000 }, "2027-01-01T00:05:00+08:00", {
      createdAt: "2026-12-31T23:55:00+08:00",
    });
    await gift(donorA, "ZAKAT", { harta: 9_900 }, "2026-05-05T09:00:00+08:00", {
      status: "failed",
      receipt: false,
    });
    corporate = await gift(donorB, "ZAKAT", { harta: 77_700 }, "2026-04-04T09:00:00+08:00");
  });

  afterAll(async () => {
    await sql?.close();
    await database.cleanup();
  });

  it("gives the donor's gifts paid in one Singapore year, refunded ones included, failed ones not", async () => {
    const data = await statements(sql, key).year(donorA, 2026);
    expect(data?.donor).toEqual({
      name: "Aminah Statement",
      kind: "individual",
      idMasked: `*****${nricA.slice(-4)}`,
    });
    expect(
      data?.lines.map((l) => [l.transactionNo, l.fund, l.amount, l.hartaAmount, l.status]),
    ).toEqual([
      [refunded, "FIDYAH", 400, 0, "Refunded"],
      [wakaf, "ILMU", 5_000, 0, "Completed"],
      [lastOf2026, "ZAKAT", 25_000, 25_000, "Completed"],
    ]);
    expect(data?.lines.every((l) => l.irasIncluded && /^ST-\d{8}$/.test(l.receiptNo ?? ""))).toBe(
      true,
    );
    expect(data?.lines[2]?.paidAt).toBe(Date.parse("2026-12-31T23:30:00+08:00"));
  });

  it("puts a gift at 00:30 SGT on 1 Jan, and one begun before midnight but paid after, in the new year", async () => {
    const data = await statements(sql, key).year(donorA, 2027);
    expect(data?.lines.map((l) => l.transactionNo)).toEqual([paidAfterMidnight, firstOf2027]);
    expect(await statements(sql, key).taxYears(donorA)).toEqual([2027, 2026]);
  });

  it("never mixes donors: each sees only their own, a corporate donor with the UEN masked", async () => {
    const data = await statements(sql, key).year(donorB, 2026);
    expect(data?.donor).toEqual({
      name: "Badrul Holdings",
      kind: "corporate",
      idMasked: "******345K",
    });
    expect(data?.lines.map((l) => l.transactionNo)).toEqual([corporate]);
    expect(await statements(sql, key).taxYears(donorB)).toEqual([2026]);
    expect(await statements(sql, key).year(randomUUID(), 2026)).toBeUndefined();
  });

  it("lists the donor's harta payments for the next due date", async () => {
    const payments = await statements(sql, key).hartaPayments(donorA);
    expect(payments.map((l) => [l.transactionNo, l.hartaAmount])).toEqual([[lastOf2026, 25_000]]);
  });
});
