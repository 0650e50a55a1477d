// Issue 33's reminder bench, bundled by bench/reminders.mjs (lib/bundle.mjs): the real reminder run
// (src/server/reminders.ts) over a PostgreSQL database, the donors' years read by the portal's own
// readers (packages/adapters/src/db/year-readers.ts) from the haul tracker's and missed-fasts tables.
import path from "node:path";
import { clockOf } from "@portal/domain";
import { mailQueue, openDatabase, type Sql } from "@portal/adapters/db";
import { outboxMailer } from "@portal/adapters/mail";
import { runReminders } from "../src/server/reminders";
import type { Services } from "../src/server/main";

export const KEY = Buffer.alloc(32, 33);

export const open = (url: string): Promise<Sql> => openDatabase({ databaseUrl: url });

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
  today: string,
  options: { readonly dryRun?: boolean; readonly onBatch?: (done: number) => void } = {},
) =>
  runReminders(services, {
    today,
    ...(process.env.BENCH_BATCH ? { batch: Number(process.env.BENCH_BATCH) } : {}),
    ...options,
  });

export const outboxPath = (dir: string) => path.join(dir, "outbox");
