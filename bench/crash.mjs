// `npm run bench:crash` (issue 21): under a steady donation load across three instances behind
// HAProxy on one PostgreSQL database, SIGKILL a random instance at random moments and restart it,
// BENCH_KILLS times (1,000); cut every PostgreSQL connection of the portal a few times in the run
// (BENCH_PG_CUTS, 5). Then let every donor who is still paying finish, run the start-up
// reconciliation once more, and reconcile the portal's ledger, the sandbox gateway's charges and the
// receipt series against what the donors were told (bench/lib/reconcile.mjs). Writes its section of
// bench/report.md and bench/crash.json. See bench/README.md.
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { startCluster } from "./lib/cluster.mjs";
import { advance, guestCookie, newGift } from "./lib/donor.mjs";
import { writePeakSection } from "./lib/peak-report.mjs";
import {
  benchDir,
  cleanUp,
  ensureBuild,
  freshPostgres,
  pgAdminUrl,
  say,
  sleep,
  state,
} from "./lib/processes.mjs";
import { reconcile } from "./lib/reconcile.mjs";
import { crashSection, readLedger } from "./lib/crash-ledger.mjs";

const kills = Number(process.env.BENCH_KILLS ?? 1000);
const pgCuts = Number(process.env.BENCH_PG_CUTS ?? 5);
const donors = Number(process.env.BENCH_CRASH_DONORS ?? 20);
const instances = Number(process.env.BENCH_INSTANCES ?? 3);
/** Between kills: a random wait in this range, so kills land at every step of a donation. */
const killGapMs = [150, 900];

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    state.interrupted = true;
    say(`${signal}: stopping what the bench started…`);
    void cleanUp().then(() => process.exit(130));
  });
}

async function main() {
  ensureBuild();
  const database = await freshPostgres();
  if (!database.url) throw new Error(`the crash run needs PostgreSQL: ${database.reason}`);
  const env = {
    PORTAL_SECRET_KEY: randomBytes(32).toString("base64"),
    PORTAL_JOBS_INTERVAL_SECONDS: "5",
  };
  const cluster = await startCluster({ count: instances, databaseUrl: database.url, env });
  const started = Date.now();

  const saw = { paid: [], created: [] };
  const refused = [];
  let stopLoad = false;
  const gifts = [];

  // The donors: each pays one gift after another; a gift cut off while confirming is given up by
  // half of its donors (the tab closed: only reconciliation can record its payment).
  const donor = async (index) => {
    const cookie = await guestCookie(cluster.base);
    let n = 0;
    while (!stopLoad) {
      const gift = newGift(1_000 + index * 1_000 + (n++ % 1_000));
      gifts.push(gift);
      for (;;) {
        const result = await advance(cluster.base, cookie, gift, (c) => saw.created.push(c));
        if (result.kind === "paid") {
          saw.paid.push(gift.donation.id);
          break;
        }
        if (result.kind === "refused") {
          refused.push(result);
          break;
        }
        if (result.step === "confirm" && stopLoad === false && Math.random() < 0.5) {
          gift.abandoned = true;
          break;
        }
        await sleep(100 + Math.random() * 400);
        if (stopLoad && Date.now() > finishBy) break;
      }
    }
  };
  let finishBy = Infinity;
  const load = Array.from({ length: donors }, (_, i) => donor(i));

  // The killer: a random instance, a random moment; restarted at once (in the background).
  const restarts = [];
  const restartTimes = [];
  let cuts = 0;
  const admin = new (await import("pg")).default.Client({ connectionString: pgAdminUrl });
  await admin.connect();
  for (let kill = 1; kill <= kills && !state.interrupted; kill++) {
    await sleep(killGapMs[0] + Math.random() * (killGapMs[1] - killGapMs[0]));
    const up = cluster.instances.filter(
      (i) => i.child && i.child.exitCode === null && !i.restarting,
    );
    const victim = up[Math.floor(Math.random() * up.length)];
    if (!victim) {
      kill--;
      continue;
    }
    await cluster.kill(victim);
    victim.restarting = true;
    const began = Date.now();
    restarts.push(
      cluster.start(victim).then(() => {
        victim.restarting = false;
        restartTimes.push(Date.now() - began);
      }),
    );
    if (pgCuts > 0 && kill % Math.floor(kills / pgCuts) === 0 && cuts < pgCuts) {
      const { rowCount } = await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
        [database.name],
      );
      cuts++;
      say(`kill ${kill}: cut ${rowCount} PostgreSQL connections`);
    }
    if (kill % 50 === 0) say(`${kill} kills, ${saw.paid.length} paid, ${refused.length} refused`);
  }
  await admin.end();
  await Promise.all(restarts);

  // Let every donor still paying finish (at most two minutes), then a last start-up reconciliation.
  finishBy = Date.now() + 120_000;
  stopLoad = true;
  await Promise.all(load);
  await cluster.stopAll();
  await cluster.start(cluster.instances[0]);
  await cluster.stopAll();
  const elapsedMs = Date.now() - started;

  const ledger = await readLedger(database.url);
  const verdict = reconcile(ledger.donations, ledger.observed, saw);
  const unfinished = gifts.filter((g) => !g.done && !g.abandoned && g.donation).length;
  const result = {
    when: new Date().toISOString(),
    instances,
    kills,
    pgCuts: cuts,
    donors,
    elapsedSeconds: Math.round(elapsedMs / 1000),
    restartMsP50: restartTimes.sort((a, b) => a - b)[Math.floor(restartTimes.length / 2)] ?? null,
    abandoned: gifts.filter((g) => g.abandoned).length,
    unfinished,
    refused: refused.length,
    refusedSample: refused.slice(0, 5),
    ...verdict,
    lost: verdict.lost.length,
    doubled: verdict.doubled.length,
    lostSample: verdict.lost.slice(0, 10),
    doubledSample: verdict.doubled.slice(0, 10),
  };
  writeFileSync(path.join(benchDir, "crash.json"), JSON.stringify(result, null, 2) + "\n");
  writePeakSection("crash", crashSection(result));
  say(
    `crash run: ${result.kills} kills, ${result.paid} paid, ${result.lost} lost, ${result.doubled} doubled, series ${verdict.pass ? "unbroken" : "see report"}`,
  );
  return verdict.pass && refused.length === 0;
}

let passed = false;
try {
  passed = await main();
} catch (error) {
  console.error(`[bench] ${error.stack ?? error}`);
} finally {
  await cleanUp();
}
process.exit(passed ? 0 : 1);
