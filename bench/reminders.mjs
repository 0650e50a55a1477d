// Issue 33's reminder bench: 200,000 opted-in donors on a fresh PostgreSQL database, each with the
// dated balances of one to three kinds of wealth (a bench-only table read through the ReminderSources
// port), and the real daily run (src/server/reminders.ts): every donor's haul computed by MUIS's rule,
// the reminders due claimed and their mails queued. Goal: the day's run over all of them in under
// 60 s. Then a run killed mid-way (SIGKILL) and run again: every reminder due is queued once, none
// twice, and the outbox the queue delivers to holds each once. `npm run bench:reminders`;
// BENCH_DONORS changes the size.
import { spawn } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadBenchLib } from "./lib/bundle.mjs";
import { benchDir, freshPostgres, runBench, say, cleanups } from "./lib/processes.mjs";

const DONORS = Number(process.env.BENCH_DONORS ?? 200_000);
const GOAL_SECONDS = 60;
/** The ordinary day measured, and the day of the crash run (15 days on: other hauls are due). */
const DAY = "2026-06-01";
const CRASH_DAY = "2026-06-16";

const loadLib = () => loadBenchLib("reminders-lib.ts", "reminders-bench");

/** A child that runs the day's reminders and says how far it got. */
async function child(url, today, outboxDir, dryRun) {
  const lib = await loadLib();
  const sql = await lib.open(url);
  // BENCH_SQL_TIMES=1: each statement's count and time spent waiting for it, on stderr.
  const times = new Map();
  if (process.env.BENCH_SQL_TIMES) {
    const query = sql.query.bind(sql);
    sql.query = async (text, params) => {
      const started = performance.now();
      try {
        return await query(text, params);
      } finally {
        const name = text.replace(/\s+/g, " ").trim().slice(0, 60);
        const seen = times.get(name) ?? { n: 0, ms: 0 };
        times.set(name, { n: seen.n + 1, ms: seen.ms + performance.now() - started });
      }
    };
  }
  const services = lib.benchServices(sql, outboxDir, Date.parse(`${today}T01:00:00Z`));
  const started = performance.now();
  const result = await lib.run(services, today, {
    dryRun,
    onBatch: (done) => console.log(`progress ${done}`),
  });
  console.log(
    `result ${JSON.stringify({ ...result, seconds: (performance.now() - started) / 1000 })}`,
  );
  for (const [name, { n, ms }] of times) console.error(`${n}\t${Math.round(ms)} ms\t${name}`);
  await sql.close();
}

function runChild(url, today, outboxDir, { dryRun = false, killAt } = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const proc = spawn(
      process.execPath,
      [
        // BENCH_CPU_PROF=<dir>: each run's CPU profile, for a look at where the time goes.
        ...(process.env.BENCH_CPU_PROF
          ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
          : []),
        fileURLToPath(import.meta.url),
        "child",
        url,
        today,
        outboxDir,
        dryRun ? "dry" : "send",
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    let result;
    let killed = false;
    let progress = 0;
    let buffered = "";
    proc.stdout.on("data", (chunk) => {
      buffered += chunk.toString();
      const lines = buffered.split("\n");
      buffered = lines.pop();
      for (const line of lines) {
        if (line.startsWith("progress ")) {
          progress = Number(line.slice(9));
          if (killAt !== undefined && progress >= killAt && !killed) {
            killed = true;
            proc.kill("SIGKILL");
          }
        } else if (line.startsWith("result ")) result = JSON.parse(line.slice(7));
      }
    });
    proc.on("error", reject);
    proc.on("exit", (code, signal) =>
      resolve({
        code,
        signal,
        killed,
        progress,
        result,
        wall: (performance.now() - started) / 1000,
        load: os.loadavg()[0],
      }),
    );
  });
}

/**
 * 200,000 donors, their choices and their years in the portal's own tables, written by the server
 * (generate_series): the haul tracker's lines (`haul_entry`: six balances 61 days apart per wealth,
 * 0.8 to 2.8 times the nisab, so hauls start, break and end; a tenth also recorded a zakat payment on
 * their savings), the missed-fasts log (`missed_fast`: an eighth owe days) and, for one in
 * twenty, a zakat harta gift through the portal (the haul counts from it where no payment is recorded).
 */
async function seedDonors(sql) {
  const [{ nisab }] = await sql.query(
    "select nisab_value_cents as nisab from home_page_configuration where charity_id = 25",
  );
  const nisabCents = Number(nisab);
  await sql.exec(`
    insert into donor (id, kind, name, email, nric_hash)
      select md5('d' || i)::uuid, 'individual', 'Bench donor ' || i, 'donor' || i || '@bench.example',
             decode(md5('n' || i), 'hex')
      from generate_series(1, ${DONORS}) i;
    insert into reminder_preference (donor_id, haul, ramadan, lang, unsubscribe_id, updated_at)
      select md5('d' || i)::uuid, true, true, case when i % 3 = 0 then 'ms' else 'en' end,
             md5('u' || i), now()
      from generate_series(1, ${DONORS}) i;
    insert into haul_entry (id, donor_id, wealth, kind, on_date, balance_cents)
      select md5('h' || i || w.wealth || k)::uuid, md5('d' || i)::uuid, w.wealth, 'balance',
             date '2025-01-01' + (abs(hashtext(i || w.wealth)) % 365) + k * 61,
             (${nisabCents} * (0.8 + (abs(hashtext(i || w.wealth || k)) % 200) / 100.0))::bigint
      from generate_series(1, ${DONORS}) i
      cross join (values ('savings', 1), ('shares', 2), ('cpf', 5)) as w (wealth, every)
      cross join generate_series(0, 5) k
      where i % w.every = 0;
    insert into haul_entry (id, donor_id, wealth, kind, on_date, balance_cents)
      select md5('p' || i)::uuid, md5('d' || i)::uuid, 'savings', 'payment',
             date '2025-01-01' + (abs(hashtext('p' || i)) % 300), null
      from generate_series(10, ${DONORS}, 10) i;
    insert into missed_fast (id, donor_id, hijri_year, reason, days, created_at, updated_at)
      select md5('f' || i)::uuid, md5('d' || i)::uuid, 1446, 'travel', 1 + i % 30, now(), now()
      from generate_series(3, ${DONORS}, 8) i;
    insert into donation (id, transaction_no, donor_id, flow, status, total_cents, amounts, inputs,
                          payment_method, rates_version, client_secret_hash, created_at, updated_at)
      select md5('g' || i)::uuid, 'R' || i, md5('d' || i)::uuid, 'ZAKAT',
             case when i % 100 = 7 then 'failed' else 'succeeded' end, 25000,
             '{"harta": 25000}', '{}', 'card', 1, '\\x00'::bytea, t, t
      from generate_series(7, ${DONORS}, 20) i,
           lateral (select timestamptz '2025-02-01 10:00+08' + (i % 200) * interval '1 day' as t) x;
  `);
  // What autovacuum does after a bulk insert (PostgreSQL 13 on: an insert threshold): the statistics,
  // and the visibility map the run's index-only scans rely on.
  await sql.exec("vacuum analyze");
}

async function counts(sql) {
  const [{ nisab }] = await sql.query(
    "select nisab_value_cents as nisab from home_page_configuration where charity_id = 25",
  );
  const nisabCents = Number(nisab);
  const [{ balances, payments, fasts, gifts }] = await sql.query(
    `select (select count(*)::int from haul_entry where kind = 'balance') as balances,
            (select count(*)::int from haul_entry where kind = 'payment') as payments,
            (select count(*)::int from missed_fast) as fasts,
            (select count(*)::int from donation where donor_id is not null) as gifts`,
  );
  return { nisabCents, balances, payments, fasts, gifts };
}

async function main() {
  // BENCH_DATABASE_URL: a database kept between runs while working on the job (seeded once, its
  // claims and reminder mails cleared at each start); by default a fresh one, dropped at the end.
  const database = process.env.BENCH_DATABASE_URL
    ? { url: process.env.BENCH_DATABASE_URL }
    : await freshPostgres();
  if (!database.url) throw new Error(`the reminder bench needs PostgreSQL: ${database.reason}`);
  const lib = await loadLib();
  const sql = await lib.open(database.url);
  let seedSeconds = performance.now();
  const [{ donors: present }] = await sql.query("select count(*)::int as donors from donor");
  if (present === 0) await seedDonors(sql);
  else {
    await sql.exec("delete from reminders_sent; delete from mail_queue where kind = 'reminder'");
    await sql.exec("vacuum analyze reminders_sent, mail_queue");
  }
  const seeded = await counts(sql);
  seedSeconds = (performance.now() - seedSeconds) / 1000;
  say(`seeded ${DONORS} donors and ${seeded.balances} balances in ${seedSeconds.toFixed(1)} s`);
  const outbox = mkdtempSync(path.join(os.tmpdir(), "reminders-outbox-"));
  cleanups.push(async () => rmSync(outbox, { recursive: true, force: true }));

  const dry = await runChild(database.url, DAY, outbox, { dryRun: true });
  say(`dry run (${DAY}): ${JSON.stringify(dry.result)} in ${dry.wall.toFixed(1)} s`);
  const day = await runChild(database.url, DAY, outbox);
  say(
    `the day's run (${DAY}): ${JSON.stringify(day.result)}, ${day.wall.toFixed(1)} s with start-up` +
      ` (load ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(", ")})`,
  );
  // BENCH_QUICK=1: the day's run only (while working on the job); no report written.
  if (process.env.BENCH_QUICK) {
    await sql.close();
    return true;
  }
  const again = await runChild(database.url, DAY, outbox);
  say(`the same day again: ${JSON.stringify(again.result)}`);

  // The crash: another day, killed about half-way, then run again.
  const expected = await runChild(database.url, CRASH_DAY, outbox, { dryRun: true });
  const crashed = await runChild(database.url, CRASH_DAY, outbox, {
    killAt: Math.floor(DONORS / 2),
  });
  const [{ count: atCrash }] = await sql.query(
    "select count(*)::int as count from reminders_sent where claimed_at = $1",
    [new Date(Date.parse(`${CRASH_DAY}T01:00:00Z`))],
  );
  const rerun = await runChild(database.url, CRASH_DAY, outbox);
  const third = await runChild(database.url, CRASH_DAY, outbox);
  const [{ claims, mails, distinctMails }] = await sql.query(
    `select (select count(*)::int from reminders_sent) as claims,
            (select count(*)::int from mail_queue where kind = 'reminder') as mails,
            (select count(distinct key)::int from mail_queue where kind = 'reminder') as "distinctMails"`,
  );
  // Deliver everything queued to the outbox, and count it there.
  const services = lib.benchServices(sql, outbox, Date.parse(`${CRASH_DAY}T02:00:00Z`));
  let delivered = 0;
  for (;;) {
    const report = await (await services.mail.queue()).drain();
    delivered += report.sent;
    if (report.sent === 0) break;
  }
  const files = readdirSync(outbox).filter((name) => name.endsWith(".json"));
  const seen = new Set();
  let duplicates = 0;
  for (const name of files) {
    const mail = JSON.parse(readFileSync(path.join(outbox, name), "utf8"));
    const id = `${mail.to}|${mail.subject}|${mail.meta?.dueDate}`;
    if (seen.has(id)) duplicates += 1;
    seen.add(id);
  }
  await sql.close();
  const load = os.loadavg().map((n) => n.toFixed(2));
  const dayQueued = day.result.queued;
  const crashTotal = expected.result.due;
  const pass =
    day.result.seconds < GOAL_SECONDS &&
    again.result.queued === 0 &&
    crashed.killed &&
    rerun.result.queued + atCrash === crashTotal &&
    third.result.queued === 0 &&
    claims === dayQueued + crashTotal &&
    mails === claims &&
    distinctMails === mails &&
    files.length === claims &&
    duplicates === 0;
  const row = (what, r, extra = "") =>
    `| ${what} | ${r.result ? r.result.seconds.toFixed(1) + " s" : "killed"} | ${r.wall.toFixed(1)} s | ${r.load.toFixed(1)} | ${r.result?.donors ?? r.progress} | ${r.result?.due ?? "–"} | ${r.result?.queued ?? "–"} | ${extra} |`;
  const section = `<!-- reminders -->

## Reminders: the daily run over 200,000 donors (issue 33)

- Date: ${new Date().toISOString()}; \`npm run bench:reminders\`: a fresh PostgreSQL database on this
  machine; ${DONORS.toLocaleString("en")} signed-in donors opted in to both reminders (a third in Malay),
  their years in the portal's own tables: ${seeded.balances.toLocaleString("en")} haul tracker balances
  (\`haul_entry\`) over one to three kinds of wealth each (savings for all, shares for half, CPF for a
  fifth; six balances 61 days apart from a day in 2025, 0.8 to 2.8 times the nisab, so hauls start,
  break and end), ${seeded.payments.toLocaleString("en")} recorded zakat payments, ${seeded.fasts.toLocaleString("en")} missed-fasts entries owed
  (\`missed_fast\`) and ${seeded.gifts.toLocaleString("en")} zakat harta gifts through the portal (\`donation\`); seeded in ${seedSeconds.toFixed(1)} s
- The run is the portal's own (\`runReminders\`, src/server/reminders.ts) in a child process, its
  donors' years read by the portal's readers (\`donorYearReaders\`, year-readers.ts): the batches'
  key ranges of 2,000 donors worked out first, then each range read by index-only scans of covering
  indexes (migration 056; each wealth's balances gathered by PostgreSQL), two ranges read ahead;
  each donor's haul of each wealth by MUIS's rule as the year's ledger counts it (\`yearHaulsDue\`,
  the nisab in force at the haul's end), the year's ledger over the donor's gifts and assessment
  (\`owedAfterLedger\`: what is left after this Hijri year's payments; a haul fully paid is not
  reminded), the reminders due (\`remindersDue\`), and the batch's claims in \`reminders_sent\` with
  their sealed mails in \`mail_queue\` in one statement and one transaction. The seeded tables are
  vacuumed and analysed once, as autovacuum leaves them after a bulk insert. "Run" is the run itself;
  "wall" adds the child's start (bundle load, connection)
- Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.split(" ").slice(0, 2).join(" ")}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, shared with other helpers' work; load
  average (1, 5, 15 min) with each run in the table (at its end), and at the end: ${load.join(", ")}
- Goal: the day's run over all donors in under ${GOAL_SECONDS} s; after a run killed mid-way (SIGKILL at half the
  donors) and run again, every reminder due queued once and none twice, and the outbox the queue then
  delivers to holds each once: **${pass ? "PASS" : "FAIL"}**

| Run | Run time | Wall | Load (1 min) | Donors | Due | Queued | Notes |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |
${row(`Dry run, ${DAY} (count only)`, dry)}
${row(`The day's run, ${DAY}`, day)}
${row(`The same day again`, again, `already claimed: ${again.result.alreadyClaimed}`)}
${row(`Dry run, ${CRASH_DAY}`, expected)}
${row(`${CRASH_DAY}, killed (SIGKILL)`, crashed, `${atCrash} claimed and queued before the kill`)}
${row(`${CRASH_DAY}, run again`, rerun)}
${row(`${CRASH_DAY}, a third time`, third)}

After: ${claims} claims, ${mails} reminder mails in the queue (${distinctMails} distinct keys), ${delivered} delivered, ${files.length} in the outbox, ${duplicates} twice.

<!-- /reminders -->`;
  const reportFile = path.join(benchDir, "report.md");
  const report = readFileSync(reportFile, "utf8");
  const updated = report.includes("<!-- reminders -->")
    ? report.replace(/<!-- reminders -->[\s\S]*<!-- \/reminders -->/, section)
    : `${report.trimEnd()}\n\n${section}\n`;
  writeFileSync(reportFile, updated);
  say(section);
  return pass;
}

if (process.argv[2] === "child") {
  const [, , , url, today, outboxDir, mode] = process.argv;
  await child(url, today, outboxDir, mode === "dry");
} else {
  await runBench(main);
}
