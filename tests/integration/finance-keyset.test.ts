import type { IrasEntry } from "@portal/domain";
import { describe, expect, it } from "vitest";
import type { Sql } from "@portal/adapters/db";
import { donationRows, irasRecords } from "@portal/adapters/finance";
import { migrateStandins } from "@portal/standins";
import { testDatabases, useDatabase } from "../support/databases";
import { FINANCE_KEY, seedGift } from "../support/finance";

const read = async (entries: AsyncIterable<IrasEntry>) => {
  const out: string[] = [];
  for await (const e of entries) {
    out.push(
      e.kind === "record"
        ? `${e.record.recordType} ${e.record.receiptNo} ${e.record.amount}`
        : `unfiled ${e.gift.receiptNo} ${e.gift.reason}`,
    );
  }
  return out;
};

// The IRAS file and the exports are read a batch at a time after the last row read (keyset).
// The IRAS file is read a batch of gifts at a time, one receipt series after another, and the gifts
// of earlier years given back in the year are merged in by serial: the order an officer files in
// (receipt number within each series) must not depend on where the batches fall.
describe.each(testDatabases())("keyset reads on $name", (database) => {
  let sql: Sql;
  useDatabase(database, (opened) => (sql = opened), migrateStandins);

  it("is receipt order per series across batches, with earlier years' gifts given back in place", async () => {
    const at = (day: string) => `${day}T04:00:00Z`;
    // 2033: two gifts that are given back in 2034 (one each series), one that is not.
    const zakatBack = await seedGift(sql, {
      flow: "ZAKAT",
      cents: 700,
      paidAt: at("2033-11-02"),
      name: "Awang",
      receiptId: "S1000001A",
      status: "refunded",
      returnedAt: at("2034-02-10"),
    });
    const wakafBack = await seedGift(sql, {
      flow: "ILMU",
      cents: 900,
      paidAt: at("2033-12-02"),
      name: "Bakar",
      receiptId: "S1000002A",
      status: "voided",
      returnedAt: at("2034-03-10"),
    });
    await seedGift(sql, {
      flow: "ZAKAT",
      cents: 500,
      paidAt: at("2033-12-20"),
      name: "Che",
      receiptId: "S1000003A",
    });
    // 2034: the series interleaved in time, an anonymous gift, fidyah (no entry) and one given back.
    const flows = ["ZAKAT", "WMS", "ZAKAT", "ILMU", "FIDYAH", "ZAKAT", "WMS", "ZAKAT"] as const;
    const gifts = [];
    for (const [i, flow] of flows.entries()) {
      gifts.push(
        await seedGift(sql, {
          flow,
          cents: 1_000 + i,
          paidAt: at(`2034-04-${String(10 + i).padStart(2, "0")}`),
          name: `Donor ${i}`,
          receiptId: `S200000${i}A`,
          anonymous: i === 5,
          ...(i === 3 ? { status: "refunded" as const, returnedAt: at("2034-06-01") } : {}),
        }),
      );
    }
    const [z0, w1, z2, i3, , z5, w6, z7] = gifts.map((g) => g!.receiptNo);
    const expected = [
      // WK first (the database's order of series), each in serial order.
      `amendment ${wakafBack.receiptNo} -900`,
      `original ${w1} 1001`,
      `original ${i3} 1003`,
      `amendment ${i3} -1003`,
      `original ${w6} 1006`,
      `amendment ${zakatBack.receiptNo} -700`,
      `original ${z0} 1000`,
      `original ${z2} 1002`,
      `unfiled ${z5} anonymous`,
      `original ${z7} 1007`,
    ];

    for (const batch of [1, 2, 3, 5000]) {
      const iras = irasRecords(sql, FINANCE_KEY, { batch });
      expect(await read(iras.entries(2034))).toEqual(expected);
      expect((await iras.unfiled(2034)).map((u) => u.receiptNo)).toEqual([z5]);
    }

    // The file itself, read a gift at a time: the same lines as read at once, in that order.
    const lines = async (batch: number) => {
      let text = "";
      for await (const chunk of irasRecords(sql, FINANCE_KEY, { batch }).file(2034)) text += chunk;
      return text.trimEnd().split("\r\n");
    };
    const whole = await lines(5000);
    expect(whole).toHaveLength(1 + 9);
    expect(whole.slice(1).map((l) => l.split(",")[5])).toEqual(
      [wakafBack, { receiptNo: w1 }, { receiptNo: i3 }, { receiptNo: i3 }, { receiptNo: w6 }]
        .concat([zakatBack, { receiptNo: z0 }, { receiptNo: z2 }, { receiptNo: z7 }])
        .map((g) => g.receiptNo),
    );
    expect(await lines(1)).toEqual(whole);
  });

  it("exports every donation once, in time then receipt order, across batches and equal times", async () => {
    const at = "2035-05-05T05:05:05.123456Z"; // microseconds: the key must keep them
    const gifts = [];
    for (const [i, paidAt] of [
      at,
      "2035-05-04T01:00:00Z",
      at,
      at,
      "2035-05-06T01:00:00Z",
    ].entries())
      gifts.push(await seedGift(sql, { flow: i % 2 ? "ILMU" : "ZAKAT", cents: 100 + i, paidAt }));
    const [a, b, c, d, e] = gifts.map((g) => g!.receiptNo);
    const sameTime = [a!, c!, d!].sort();
    const expected = [b, ...sameTime, e];
    for (const batch of [1, 2, 3, 2000]) {
      const receipts: unknown[] = [];
      for await (const row of donationRows(
        sql,
        { from: "2035-05-01", to: "2035-05-31" },
        { batch },
      ))
        receipts.push(row[1]);
      expect(receipts).toEqual(expected);
    }
  });

  it("stops early without holding its transaction", async () => {
    const iras = irasRecords(sql, FINANCE_KEY, { batch: 1 });
    for await (const entry of iras.entries(2034)) {
      expect(entry.kind).toBe("record");
      break;
    }
    expect(await sql.query("select 1 as ok")).toEqual([{ ok: 1 }]);
  });
});
