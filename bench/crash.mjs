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
import { benchDir, peakStart, pgAdminUrl, runBench, say, sleep, state } from "./lib/processes.mjs";
import { reconcile } from "./lib/reconcile.mjs";
import { crashSection, readLedger } from "./lib/crash-ledger.mjs";

const kills = Number(process.env.BENCH_KILLS ?? 1000);
const pgCuts = Number(process.env.BENCH_PG_CUTS ?? 5);
const donors = Number(process.env.BENCH_CRASH_DONORS ?? 20);
/** The kills stop after this many minutes even if fewer were made (the report says how many). */
const killMinutes = Number(process.env.BENCH_CRASH_MINUTES ?? Infinity);
/** Between kills: a random wait in this range, so kills land at every step of a donation. */
const killGapMs = [150, 900];

async function main() {
  const { database, instances } = await peakStart("the crash run");
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
  let sessionsRenewed = 0;
  const donor = async (index) => {
    let cookie = await guestCookie(cluster.base);
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
        if (result.kind === "refused" && result.answer?.code === "session.required") {
          // The guest session ran out (the run is longer than its lifetime): the donor reloads and
          // starts again in a new one; a gift already made in the old one is left to reconciliation.
          sessionsRenewed++;
          cookie = await guestCookie(cluster.base);
          if (result.step === "create") continue;
          gift.abandoned = true;
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

  // The killer: a random instance of those up (never the last), a random moment; restarted at once
  // (in the background).
  const restarts = [];
  const restartTimes = [];
  let cuts = 0;
  // Restart `instance` now (in the background). A restart that does not come up in time (a loaded
  // machine) is killed and tried again, so the cluster never stays short of an instance.
  const restart = (instance) => {
    instance.restarting = true;
    const began = Date.now();
    const attempt = async () => {
      for (let tries = 1; !state.interrupted; tries++) {
        try {
          await cluster.start(instance);
          return;
        } catch (error) {
          say(`restart of ${instance.name} failed (try ${tries}): ${error.message}`);
          await cluster.kill(instance).catch(() => {});
        }
      }
    };
    restarts.push(
      attempt().then(() => {
        instance.restarting = false;
        restartTimes.push(Date.now() - began);
      }),
    );
  };
  // The supervisor (as systemd or an orchestrator is in production): an instance that exits without
  // being killed by the bench crashed by itself; it is counted, its last lines kept, and restarted.
  const selfExits = [];
  cluster.onExit = (instance, how, tail) => {
    if (instance.restarting || state.interrupted) return;
    selfExits.push({ name: instance.name, how, tail: tail.slice(-6) });
    say(
      `${instance.name} exited by itself (${how}); restarting it:\n  ${tail.slice(-6).join("\n  ")}`,
    );
    restart(instance);
  };
  // What the instances say of their jobs (a pass cut short by a connection cut, a loop not started).
  const jobTrouble = { passFailed: 0, notStarted: 0 };
  const listen = (instance) => {
    if (instance.child === instance.listened) return;
    instance.listened = instance.child;
    instance.child.on("line", (line) => {
      if (line.includes("[jobs] payment jobs failed")) jobTrouble.passFailed++;
      if (line.includes("not started")) jobTrouble.notStarted++;
    });
  };
  let waitedSince = null;
  let killsDone = 0;
  const admin = new (await import("pg")).default.Client({ connectionString: pgAdminUrl });
  await admin.connect();
  const killStart = Date.now();
  const killUntil = killStart + killMinutes * 60_000;
  for (let kill = 1; kill <= kills && !state.interrupted; kill++) {
    if (Date.now() > killUntil) {
      say(`${killMinutes} min of kills (BENCH_CRASH_MINUTES) are up after ${kill - 1} kills`);
      break;
    }
    await sleep(killGapMs[0] + Math.random() * (killGapMs[1] - killGapMs[0]));
    const up = cluster.instances.filter(
      (i) => i.child && i.child.exitCode === null && !i.restarting,
    );
    for (const instance of up) listen(instance);
    // One instance is always left serving (as a rolling failure leaves a cluster): the donors' load
    // stays steady, and every kill lands on an instance that is taking donations.
    const victim = up.length > 1 ? up[Math.floor(Math.random() * up.length)] : undefined;
    if (!victim) {
      // Say so when the cluster stays short for long (restarts not coming up), rather than stall mute.
      waitedSince ??= Date.now();
      if (Date.now() - waitedSince > 60_000) {
        say(`kill ${kill}: ${up.length} instance(s) up for 60 s; waiting for restarts`);
        waitedSince = Date.now();
      }
      kill--;
      continue;
    }
    waitedSince = null;
    await cluster.kill(victim);
    killsDone++;
    restart(victim);
    // Every kills ÷ cuts kills; with BENCH_CRASH_MINUTES also spread over the minutes (the k-th cut
    // due at k ÷ (cuts + 1) of them), so a run the clock ends early still gets every cut.
    const cutDueByKills = kill % Math.floor(kills / pgCuts) === 0;
    const cutDueByTime =
      Number.isFinite(killMinutes) &&
      Date.now() >= killStart + ((cuts + 1) * killMinutes * 60_000) / (pgCuts + 1);
    if (pgCuts > 0 && (cutDueByKills || cutDueByTime) && cuts < pgCuts) {
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
  await Promise.all(restarts); // any the supervisor began meanwhile
  cluster.onExit = undefined;
  await cluster.stopAll();
  // The last pass is run as it would be ten minutes on, when every open attempt that reconciliation
  // put off (the gateway had nothing for it then: see deferAttempt) is due to be asked again.
  const due = new (await import("pg")).default.Client({ connectionString: database.url });
  await due.connect();
  await due.query(
    "update payment_attempt set next_check_at = null where status in ('initiated', 'pending')",
  );
  await due.end();
  // Stopped only once its start-up pass has completed (the log line), not when it first answers.
  // Its pass asks about every open attempt (thousands of abandoned checkouts): time is given.
  await cluster.start(cluster.instances[0], { reconciled: true, timeoutMs: 900_000 });
  await cluster.stopAll();
  const elapsedMs = Date.now() - started;

  const ledger = await readLedger(database.url);
  const verdict = reconcile(ledger.donations, ledger.observed, saw);
  const unfinished = gifts.filter((g) => !g.done && !g.abandoned && g.donation).length;
  const result = {
    when: new Date().toISOString(),
    instances,
    kills: killsDone,
    killsAsked: kills,
    pgCuts: cuts,
    donors,
    elapsedSeconds: Math.round(elapsedMs / 1000),
    restartMsP50: restartTimes.sort((a, b) => a - b)[Math.floor(restartTimes.length / 2)] ?? null,
    abandoned: gifts.filter((g) => g.abandoned).length,
    sessionsRenewed,
    unfinished,
    refused: refused.length,
    selfExits: selfExits.length,
    selfExitSample: selfExits.slice(0, 3),
    jobPassesCutShort: jobTrouble.passFailed,
    jobLoopsNotStarted: jobTrouble.notStarted,
    refusedSample: refused.slice(0, 5),
    ...verdict,
    lost: verdict.lost.length,
    doubled: verdict.doubled.length,
    lostSample: verdict.lost.slice(0, 10),
    doubledSample: verdict.doubled.slice(0, 10),
  };
  writeFileSync(path.join(benchDir, "crash.json"), JSON.stringify(result, null, 2) + "\n");
  await writePeakSection("crash", crashSection(result));
  say(
    `crash run: ${result.kills} kills, ${result.paid} paid, ${result.lost} lost, ${result.doubled} doubled, series ${verdict.pass ? "unbroken" : "see report"}, ${selfExits.length} instance exit(s) not asked for`,
  );
  return verdict.pass && refused.length === 0 && selfExits.length === 0;
}

await runBench(main);
