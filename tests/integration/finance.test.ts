import { cents, type IrasEntry } from "@portal/domain";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import type { Sql, SqlQuery } from "@portal/adapters/db";
import { audit, readAudit } from "@portal/adapters/console";
import {
  EXPORT_COLUMNS,
  csvChunks,
  cursorBatches,
  donationRows,
  xlsxChunks,
  irasRecords,
  reconciliation,
} from "@portal/adapters/finance";
import { migrateStandins, sandboxRecords } from "@portal/standins";
import { testDatabases, useDatabase } from "../support/databases";
import { FINANCE_KEY, seedCharge, seedGift } from "../support/finance";

describe.each(testDatabases())("finance records on $name", (database) => {
  let sql: Sql;
  useDatabase(database, (opened) => (sql = opened), migrateStandins);

  it("reads a query through a cursor in batches, and stops early without harm", async () => {
    let rows = 0;
    let batches = 0;
    const query = "select g from generate_series(1, $1::int) g where g > $2";
    for await (const batch of cursorBatches<{ g: number }>(sql, query, [2500, 10], 1000)) {
      rows += batch.length;
      batches++;
    }
    expect([rows, batches]).toEqual([2490, 3]);
    let seen = 0;
    for await (const batch of cursorBatches(
      sql,
      "select g from generate_series(1, 5000) g",
      [],
      100,
    )) {
      seen += batch.length;
      if (seen >= 300) break;
    }
    expect(seen).toBe(300);
    expect(await sql.query("select 1 as ok")).toEqual([{ ok: 1 }]);
  });

  it("reconciliation finds no difference on a clean day and each planted kind on another", async () => {
    const records = reconciliation(sql, sandboxRecords(sql));
    // A clean day: card and PayNow payments, one refunded on both sides, one paid just before
    // midnight and recorded by the gateway just after.
    const a = await seedGift(sql, { flow: "ZAKAT", cents: 1000, paidAt: "2026-03-03T02:00:00Z" });
    await seedCharge(sql, { ref: a.gatewayRef, cents: 1000, at: "2026-03-03T02:00:01Z" });
    const b = await seedGift(sql, {
      flow: "ILMU",
      cents: 5000,
      method: "paynow",
      paidAt: "2026-03-03T05:00:00Z",
      status: "refunded",
      returnedAt: "2026-03-03T09:00:00Z",
    });
    await seedCharge(sql, {
      ref: b.gatewayRef,
      cents: 5000,
      at: "2026-03-03T05:00:00Z",
      state: "refunded",
      paynowReference: "PN-REF-1",
    });
    const c = await seedGift(sql, { flow: "WMS", cents: 700, paidAt: "2026-03-03T15:59:59Z" });
    await seedCharge(sql, { ref: c.gatewayRef, cents: 700, at: "2026-03-03T16:00:01Z" });
    const clean = await records.day("2026-03-03");
    expect(clean).toMatchObject({ matched: 3, differences: [] });
    expect(clean?.paynow).toEqual([{ ref: b.gatewayRef, reference: "PN-REF-1" }]);
    // The charge recorded after midnight makes no difference on the next day either.
    expect(await records.day("2026-03-04")).toMatchObject({ matched: 1, differences: [] });

    // A day with one of each kind.
    const at = "2026-03-05T03:00:00Z";
    const ok = await seedGift(sql, { flow: "ZAKAT", cents: 100, paidAt: at });
    await seedCharge(sql, { ref: ok.gatewayRef, cents: 100, at });
    const notThere = await seedGift(sql, { flow: "ZAKAT", cents: 200, paidAt: at });
    await seedCharge(sql, { ref: "pi_not_here", cents: 300, at });
    const differs = await seedGift(sql, { flow: "WMS", cents: 400, paidAt: at });
    await seedCharge(sql, { ref: differs.gatewayRef, cents: 450, at });
    const refundedHere = await seedGift(sql, {
      flow: "ZAKAT",
      cents: 500,
      paidAt: at,
      status: "refunded",
    });
    await seedCharge(sql, { ref: refundedHere.gatewayRef, cents: 500, at });
    const refundedThere = await seedGift(sql, { flow: "ZAKAT", cents: 600, paidAt: at });
    await seedCharge(sql, { ref: refundedThere.gatewayRef, cents: 600, at, state: "refunded" });
    const day = await records.day("2026-03-05");
    expect(day?.matched).toBe(1);
    expect(
      day?.differences.map((d) => [d.kind, d.transactionNo, d.ledgerAmount, d.gatewayAmount]),
    ).toEqual([
      ["paidNotAtGateway", notThere.transactionNo, 200, null],
      ["chargedNotPaidHere", null, null, 300],
      ["amountDiffers", differs.transactionNo, 400, 450],
      ["refundOnlyHere", refundedHere.transactionNo, 500, 500],
      ["refundOnlyAtGateway", refundedThere.transactionNo, 600, 600],
    ]);

    const officer = { id: "approver-1", name: "Approver One", roles: ["approver" as const] };
    const record = (tx: SqlQuery, signed: { day: string; matched: number }) =>
      audit(
        tx,
        {
          officer,
          action: "finance.signOff",
          entity: "finance_day",
          entityId: signed.day,
          after: signed,
          ip: "127.0.0.1",
        },
        new Date(),
      );
    expect(await records.signOff("2026-03-05", officer, record)).toBe("differences");
    expect(await records.signOff("2026-02-30", officer, record)).toBe("invalid");
    expect(await records.signOff("2026-03-03", officer, record)).toBe("signed");
    expect(await records.signOff("2026-03-03", { id: "approver-2", name: "Two" }, record)).toBe(
      "already",
    );
    expect((await records.day("2026-03-03"))?.signOff?.signedBy).toBe("approver-1");
    const lines = await readAudit(sql, { action: "finance.signOff", limit: 10 });
    expect(lines.map((l) => [l.officerId, l.entityId, l.after])).toEqual([
      ["approver-1", "2026-03-03", { day: "2026-03-03", matched: 3 }],
    ]);
    await expect(sql.query("delete from finance_day_signoff")).rejects.toThrow(/final/);
  });

  it("the IRAS records of a year are exactly the qualifying gifts, with amendments for refunds", async () => {
    const y = (md: string) => `2025-${md}T04:00:00Z`;
    const zakat = await seedGift(sql, {
      flow: "ZAKAT",
      cents: 12_345,
      paidAt: y("02-01"),
      name: "Aminah",
      receiptId: "S1234567D",
    });
    const ilmu = await seedGift(sql, {
      flow: "ILMU",
      cents: 50_000,
      paidAt: y("03-01"),
      name: "Rahman",
      receiptId: "F1234567N",
    });
    const company = await seedGift(sql, {
      flow: "WMS",
      cents: 1_000_000,
      paidAt: y("04-01"),
      name: "Ali",
      uen: "201912345K",
      companyName: "Ali Trading Pte Ltd",
    });
    const registered = await seedGift(sql, {
      flow: "ZAKAT",
      cents: 800,
      paidAt: y("05-01"),
      name: "Hasnah",
      registered: { kind: "NRIC", id: "T0123456G" },
    });
    const refunded = await seedGift(sql, {
      flow: "ILMU",
      cents: 2_000,
      paidAt: y("06-01"),
      name: "Yusof",
      receiptId: "S7654321A",
      status: "refunded",
      returnedAt: y("07-01"),
    });
    const voidedNextYear = await seedGift(sql, {
      flow: "WMS",
      cents: 3_000,
      paidAt: y("12-01"),
      name: "Zainab",
      receiptId: "S1111111A",
      status: "voided",
      returnedAt: "2026-01-05T04:00:00Z",
    });
    await seedGift(sql, {
      flow: "FIDYAH",
      cents: 400,
      paidAt: y("03-02"),
      name: "F",
      receiptId: "S2222222A",
    });
    await seedGift(sql, {
      flow: "KAFFARAH",
      cents: 400,
      paidAt: y("03-03"),
      name: "K",
      receiptId: "S3333333A",
    });
    const anonymous = await seedGift(sql, {
      flow: "ILMU",
      cents: 900,
      paidAt: y("03-04"),
      anonymous: true,
      receiptId: "S4444444A",
    });
    const noId = await seedGift(sql, {
      flow: "ZAKAT",
      cents: 950,
      paidAt: y("03-05"),
      name: "Nobody",
    });
    // Paid in Singapore on 1 Jan 2026 (31 Dec 2025 17:00 UTC): next year's.
    await seedGift(sql, {
      flow: "ZAKAT",
      cents: 111,
      paidAt: "2025-12-31T17:00:00Z",
      name: "Late",
      receiptId: "S5555555A",
    });

    const iras = irasRecords(sql, FINANCE_KEY);
    const all: IrasEntry[] = [];
    for await (const entry of iras.entries(2025)) all.push(entry);
    const records = all.flatMap((e) => (e.kind === "record" ? [e.record] : []));
    const key = (r: (typeof records)[number]) =>
      [
        r.recordType,
        r.receiptNo,
        r.idType,
        r.idNumber,
        r.donorName,
        r.donationType,
        r.deduction,
        r.amount,
        r.dateReceived,
      ].join("|");
    expect(records.map(key).sort()).toEqual(
      [
        [
          "original",
          zakat.receiptNo,
          "NRIC",
          "S1234567D",
          "Aminah",
          "ZAKAT",
          "1x",
          12_345,
          "2025-02-01",
        ],
        [
          "original",
          ilmu.receiptNo,
          "FIN",
          "F1234567N",
          "Rahman",
          "WAKAF_ILMU",
          "2.5x",
          50_000,
          "2025-03-01",
        ],
        [
          "original",
          company.receiptNo,
          "UEN",
          "201912345K",
          "Ali Trading Pte Ltd",
          "WAKAF_WMS",
          "2.5x",
          1_000_000,
          "2025-04-01",
        ],
        [
          "original",
          registered.receiptNo,
          "NRIC",
          "T0123456G",
          "Hasnah",
          "ZAKAT",
          "1x",
          800,
          "2025-05-01",
        ],
        [
          "original",
          refunded.receiptNo,
          "NRIC",
          "S7654321A",
          "Yusof",
          "WAKAF_ILMU",
          "2.5x",
          2_000,
          "2025-06-01",
        ],
        [
          "amendment",
          refunded.receiptNo,
          "NRIC",
          "S7654321A",
          "Yusof",
          "WAKAF_ILMU",
          "2.5x",
          -2_000,
          "2025-06-01",
        ],
        [
          "original",
          voidedNextYear.receiptNo,
          "NRIC",
          "S1111111A",
          "Zainab",
          "WAKAF_WMS",
          "2.5x",
          3_000,
          "2025-12-01",
        ],
      ]
        .map((r) => r.join("|"))
        .sort(),
    );
    expect((await iras.unfiled(2025)).map((u) => [u.receiptNo, u.reason]).sort()).toEqual(
      [
        [anonymous.receiptNo, "anonymous"],
        [noId.receiptNo, "noIdentification"],
      ].sort(),
    );
    // The void of December's gift is an amendment in the year it happened.
    const next: IrasEntry[] = [];
    for await (const entry of iras.entries(2026)) next.push(entry);
    expect(
      next.flatMap((e) =>
        e.kind === "record" && e.record.recordType === "amendment"
          ? [[e.record.receiptNo, e.record.amount]]
          : [],
      ),
    ).toEqual([[voidedNextYear.receiptNo, cents(-3_000)]]);

    let text = "";
    for await (const chunk of iras.file(2025)) text += chunk;
    const lines = text.trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "Record Type,ID Type,ID Number,Donor Name,Date Received,Receipt Number,Type of Donation,Deduction,Amount",
    );
    expect(lines).toHaveLength(1 + 7);
    expect(lines).toContain(
      `A,NRIC,S7654321A,Yusof,2025-06-01,${refunded.receiptNo},WAKAF_ILMU,2.5x,-20.00`,
    );
    expect(text).not.toContain("S4444444A");
  });

  it("exports filtered donations, paid in the range, oldest first", async () => {
    const rows: unknown[][] = [];
    for await (const row of donationRows(sql, {
      from: "2025-03-01",
      to: "2025-03-31",
      fund: "ILMU",
    })) {
      rows.push([...row]);
    }
    expect(rows.map((r) => [r[2], r[3], r[4]])).toEqual([
      ["2025-03-01 12:00:00", "ILMU", { cents: 50_000 }],
      ["2025-03-04 12:00:00", "ILMU", { cents: 900 }],
    ]);
    const none: unknown[] = [];
    for await (const row of donationRows(sql, { from: "2025-03-31", to: "2025-03-01" }))
      none.push(row);
    expect(none).toEqual([]);
  });

  it("streams the export as CSV and as an .xlsx workbook", async () => {
    const filter = { from: "2025-03-01", to: "2025-03-31", fund: "ILMU" } as const;
    let csv = "";
    for await (const chunk of csvChunks(EXPORT_COLUMNS, donationRows(sql, filter))) csv += chunk;
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe(EXPORT_COLUMNS.join(","));
    expect(lines[1]).toMatch(
      /^TX\w+,WK-\d{7},2025-03-01 12:00:00,ILMU,500.00,card,succeeded,Online,one time,0.00$/,
    );
    const parts: Uint8Array[] = [];
    for await (const chunk of xlsxChunks(EXPORT_COLUMNS, donationRows(sql, filter)))
      parts.push(chunk);
    const zip = unzipSync(Buffer.concat(parts));
    expect(Object.keys(zip).sort()).toEqual([
      "[Content_Types].xml",
      "_rels/.rels",
      "xl/_rels/workbook.xml.rels",
      "xl/workbook.xml",
      "xl/worksheets/sheet1.xml",
    ]);
    const sheet = strFromU8(zip["xl/worksheets/sheet1.xml"]!);
    expect(sheet.match(/<row>/g)).toHaveLength(3);
    expect(sheet).toContain("<c><v>500.00</v></c>");
    expect(sheet).toContain('<c t="inlineStr"><is><t>Paid at (Singapore)</t></is></c>');
  });
});
