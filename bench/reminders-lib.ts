// Issue 33's reminder bench, bundled by bench/reminders.mjs with esbuild: the real reminder run
// (src/server/reminders.ts) over a PostgreSQL database, its donors' balances read through the
// ReminderSources port from a bench-only table (the haul tracker's own storage, migration 045, is
// another branch's).
import path from "node:path";
import { clockOf, type WealthRecord } from "@portal/domain";
import {
  mailQueue,
  openDatabase,
  reminderSources,
  type Sql,
  type SqlQuery,
} from "@portal/adapters/db";
import { outboxMailer } from "@portal/adapters/mail";
import { runReminders } from "../src/server/reminders";
import type { Services } from "../src/server/main";

export const KEY = Buffer.alloc(32, 33);

export const open = (url: string): Promise<Sql> => openDatabase({ databaseUrl: url });

/** The bench's balances: `bench_haul_balance` (donor, wealth, date, balance), for the given donors. */
export const benchWealth = async (sql: SqlQuery, donorIds: ReadonlyArray<string>) => {
  const rows = await sql.query<{
    donor_id: string;
    wealth: WealthRecord["wealth"];
    date: string;
    balance: string;
  }>(
    `select donor_id, wealth, to_char(date, 'YYYY-MM-DD') as date, balance
     from bench_haul_balance where donor_id = any($1::uuid[]) order by donor_id, wealth, date`,
    [donorIds],
  );
  const byDonor = new Map<string, WealthRecord[]>();
  for (const row of rows) {
    const list = byDonor.get(row.donor_id) ?? [];
    let record = list.find((r) => r.wealth === row.wealth);
    if (!record) {
      record = { wealth: row.wealth, balances: [] };
      list.push(record);
      byDonor.set(row.donor_id, list);
    }
    (record.balances as Array<{ date: string; balance: number }>).push({
      date: row.date,
      balance: Number(row.balance),
    });
  }
  return byDonor as ReadonlyMap<string, ReadonlyArray<WealthRecord>>;
};

/** The few services the run needs, over one database; mails to `outboxDir` when delivered. */
export const benchServices = (sql: Sql, outboxDir: string, nowMs: number): Services => {
  const clock = clockOf(() => nowMs);
  const queue = mailQueue(sql, KEY, outboxMailer(outboxDir, clock), {
    now: () => nowMs,
    batch: 200,
  });
  return {
    key: KEY,
    clock: { ...clock, nowMs: () => nowMs, advance: () => 0 },
    config: { publicUrl: "https://giving.example.sg" },
    database: { open: async () => sql, over: (make: (s: Sql) => unknown) => async () => make(sql) },
    mail: { queue: async () => queue },
  } as unknown as Services;
};

export const run = (
  services: Services,
  sql: Sql,
  today: string,
  options: { readonly dryRun?: boolean; readonly onBatch?: (done: number) => void } = {},
) =>
  runReminders(services, {
    today,
    batch: Number(process.env.BENCH_BATCH ?? 2_000),
    sources: reminderSources(async () => sql, { wealth: benchWealth }),
    ...options,
  });

export const outboxPath = (dir: string) => path.join(dir, "outbox");
