// `npm run bench`: throughput and latency of the portal's configuration read and a donor's
// transaction list at 50 concurrent keep-alive connections, and of whole donations (create, tokenise,
// confirm) at 20 concurrent donors with a count of donations against gateway charges, on PGlite and
// (when 127.0.0.1:5432 answers) on PostgreSQL, beside a bare node:http hello server as the ceiling.
// Writes bench/report.md and bench/report.json. See bench/README.md.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startTestIdentity } from "../scripts/lib/test-identity.mjs";
import { chromiumPath, lighthousePages, runLighthouse } from "./lighthouse.mjs";
import {
  benchDir,
  cleanUp,
  cleanups,
  ensureBuild,
  freshPostgres,
  root,
  runChild,
  say,
  startCeiling,
  startPortal,
  state,
} from "./lib/processes.mjs";
import { donorHistory, seedDonor } from "./lib/donor.mjs";
import { existingPeakBlocks } from "./lib/peak-report.mjs";
import { measureSizes, readAxe } from "./pages.mjs";
import {
  ceilingShare,
  donationP99LimitMs,
  donationsPerSecondTarget,
  donationTargets,
  postgresDonationP99LimitMs,
  postgresDonationsPerSecondTarget,
  judge,
  listP99LimitMs,
  listPerSecondTarget,
  markdown,
  ms,
  p99LimitMs,
  prettified,
  targets,
} from "./lib/report.mjs";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const donors = Number(process.env.BENCH_DONORS ?? 20);

// ---------------------------------------------------------------------------------------------
// Load

/** One request before the load: whether the target answers 2xx (and with what). */
async function probe(base, target) {
  try {
    const response = await fetch(base + target.path, {
      method: target.method,
      headers: target.headers,
      body: target.body,
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    return { status: response.status, ok: response.ok, sample: text.slice(0, 160) };
  } catch (error) {
    return { status: 0, ok: false, sample: error.message };
  }
}

/** Run bench/load.mjs against one target in its own process; resolves with its result. */
function load(base, target) {
  say(`${target.id}: ${connections} connections, ${warmupSeconds} s warm-up + ${seconds} s…`);
  return runChild(`load ${target.id}`, "load.mjs", {
    url: base + target.path,
    method: target.method,
    headers: target.headers,
    body: target.body,
    connections,
    warmupSeconds,
    seconds,
  });
}

/** Run bench/donations.mjs against the portal in its own process; resolves with its result. */
function loadDonations(base) {
  say(`donations: ${donors} donors, ${warmupSeconds} s warm-up + ${seconds} s…`);
  return runChild("donation load", "donations.mjs", {
    base,
    concurrency: donors,
    warmupSeconds,
    seconds,
  });
}

/**
 * Donations against gateway charges, read from the stopped portal's database: the portal's paid
 * donations and receipts, and the sandbox gateway's own payment records (its idempotency key starts
 * with the donation's id).
 */
const reconciliationQuery = `select
  (select count(*)::int from donation where status = 'succeeded') as paid,
  (select count(*)::int from sandbox_payment where state = 'succeeded') as charges,
  (select count(*)::int from receipt) as receipts,
  (select count(*)::int from receipt where series = 'ZK') as zk_receipts,
  (select coalesce(max(serial), 0)::int from receipt where series = 'ZK') as zk_max_serial,
  (select count(*)::int from (
     select split_part(idempotency_key, ':', 1) from sandbox_payment where state = 'succeeded'
     group by 1 having count(*) > 1) doubled) as doubled,
  (select count(*)::int from sandbox_payment s where s.state = 'succeeded' and not exists (
     select 1 from donation d where d.id::text = split_part(s.idempotency_key, ':', 1)
       and d.status = 'succeeded')) as lost`;

async function reconciliationCounts(databaseUrl, dataDir) {
  if (databaseUrl) {
    const pg = (await import("pg")).default;
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query(reconciliationQuery)).rows[0];
    } finally {
      await client.end();
    }
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const db = await PGlite.create({ dataDir: path.join(dataDir, "db") });
  try {
    return (await db.query(reconciliationQuery)).rows[0];
  } finally {
    await db.close();
  }
}

function judgeDonations(engine, result, counts, expectedPaid) {
  const target = donationTargets(engine);
  const checks = {
    throughput: {
      minimum: target.perSecond,
      value: result.donationsPerSecond,
      pass: result.donationsPerSecond >= target.perSecond,
    },
    p99: {
      limitMs: target.p99LimitMs,
      value: result.p99,
      pass: result.p99 != null && result.p99 < target.p99LimitMs,
    },
    errors: { value: result.errors, pass: result.errors === 0 },
    reconciliation: {
      expectedPaid,
      ...counts,
      pass:
        counts.paid === expectedPaid &&
        counts.charges === counts.paid &&
        counts.receipts === counts.paid &&
        counts.zk_max_serial === counts.zk_receipts &&
        counts.doubled === 0 &&
        counts.lost === 0,
    },
  };
  return { ...checks, pass: Object.values(checks).every((check) => check.pass) };
}

// ---------------------------------------------------------------------------------------------
// Main

async function measureEngine(engine, databaseUrl, ceiling) {
  const identity = await startTestIdentity();
  cleanups.push(() => identity.stop());
  const portal = await startPortal(engine, databaseUrl, identity);
  const measured = {};
  const donorHeaders = await seedDonor(portal.base, identity);
  say(`${engine}: a signed-in donor with ${donorHistory} paid donations`);
  for (const id of ["configuration", "transactions"]) {
    const target = id === "transactions" ? { ...targets[id], headers: donorHeaders } : targets[id];
    const first = await probe(portal.base, target);
    if (!first.ok) {
      const why =
        first.status === 404
          ? "not yet served (answers 404)"
          : `not measured: answers ${first.status || "no response"} (${first.sample})`;
      say(`${id} on ${engine}: ${why}`);
      measured[id] = { probe: first, note: why };
      continue;
    }
    const result = await load(portal.base, target);
    measured[id] = {
      probe: { status: first.status },
      result,
      checks: judge(id, result, ceiling, engine),
    };
  }
  const donationResult = await loadDonations(portal.base);
  await portal.stop();
  const counts = await reconciliationCounts(databaseUrl, portal.dataDir);
  measured.donations = {
    result: donationResult,
    checks: judgeDonations(
      engine,
      donationResult,
      counts,
      donorHistory + donationResult.paidByTheLoad,
    ),
  };
  say(
    `${engine}: ${donationResult.donationsPerSecond.toFixed(1)} donations/s, p99 ${ms(donationResult.p99)} ms; ` +
      `${counts.paid} paid, ${counts.charges} gateway charges, ${counts.doubled} doubled, ${counts.lost} lost`,
  );
  portal.finish();
  return measured;
}

/** Lighthouse against a portal of its own (PGlite), on a machine nothing else of the bench loads. */
async function measureLighthouse() {
  if (!existsSync(chromiumPath())) {
    const note = `not run: no Chromium at ${chromiumPath()} (\`apt-get install chromium\`, or set CHROMIUM_PATH)`;
    say(`lighthouse ${note}`);
    return { note };
  }
  const identity = await startTestIdentity();
  cleanups.push(() => identity.stop());
  const portal = await startPortal("PGlite", undefined, identity);
  try {
    const result = await runLighthouse(portal.base, say, (stop) => cleanups.push(stop));
    portal.finish();
    return result;
  } catch (error) {
    say(`lighthouse failed: ${error.stack ?? error}`);
    return { note: `failed: ${error.message}` };
  } finally {
    await cleanUp();
  }
}

async function writeReport(report) {
  // The peak-night sections (bench/crash.mjs, bench/soak.mjs) come from their own runs: kept.
  const kept = existingPeakBlocks();
  const text = [markdown(report).trimEnd(), ...kept].join("\n\n");
  const mdFile = path.join(benchDir, "report.md");
  const jsonFile = path.join(benchDir, "report.json");
  const formatted = await prettified(mdFile, text);
  writeFileSync(mdFile, formatted);
  writeFileSync(jsonFile, await prettified(jsonFile, JSON.stringify(report, null, 2)));
  console.log(`\n${formatted}`);
  say("wrote bench/report.md and bench/report.json");
}

/** The page sections: sizes from the build, axe from the browser tests' last route sweep. */
function pageSections(report) {
  try {
    report.size = measureSizes(root);
  } catch (error) {
    report.size = { note: `not measured: ${error.message}` };
  }
  report.axe = readAxe(root);
}

async function main() {
  ensureBuild();
  // BENCH_ONLY=lighthouse: Lighthouse alone; BENCH_ONLY=pages: the size and axe sections alone (no
  // load on the machine). The last report's other figures are kept as they were.
  if (process.env.BENCH_ONLY === "lighthouse" || process.env.BENCH_ONLY === "pages") {
    const report = JSON.parse(readFileSync(path.join(benchDir, "report.json"), "utf8"));
    if (process.env.BENCH_ONLY === "lighthouse") {
      const before = report.lighthouse;
      report.lighthouse = await measureLighthouse();
      report.lighthouse.date = new Date().toISOString();
      // Some pages measured (BENCH_LIGHTHOUSE_PAGES): the others keep their last figures, in order.
      if (process.env.BENCH_LIGHTHOUSE_PAGES && before?.pages && report.lighthouse.pages) {
        const key = (page) => `${page.name}|${page.lang}|${page.wakafHost ? "w" : ""}`;
        const fresh = new Map(report.lighthouse.pages.map((page) => [key(page), page]));
        report.lighthouse.pages = lighthousePages
          .map((page) => fresh.get(key(page)) ?? before.pages.find((old) => key(old) === key(page)))
          .filter(Boolean);
      }
    }
    pageSections(report);
    await writeReport(report);
    return;
  }
  const cpus = os.cpus();
  const report = {
    date: new Date().toISOString(),
    node: process.version,
    machine: {
      cpuCount: cpus.length,
      cpuModel: cpus[0]?.model ?? "unknown",
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      platform: `${os.type()} ${os.release()} ${os.arch()}`,
      loadAverageAtStart: os.loadavg().map((value) => Number(value.toFixed(2))),
    },
    seconds,
    warmupSeconds,
    connections,
    donors,
    targetsRule: {
      configurationMinShareOfCeiling: ceilingShare,
      p99LimitMs,
      donationsPerSecond: donationsPerSecondTarget,
      donationP99LimitMs,
      donationsPerSecondPostgres: postgresDonationsPerSecondTarget,
      donationP99LimitMsPostgres: postgresDonationP99LimitMs,
      listPerSecondPostgres: listPerSecondTarget,
      listP99LimitMs,
    },
    ceiling: {},
    engines: [],
  };

  // First, while nothing else of the bench runs: Lighthouse's performance score is a timing too.
  // BENCH_ONLY=loads: the loads alone (the last report's Lighthouse figures are kept).
  report.lighthouse =
    process.env.BENCH_ONLY === "loads"
      ? JSON.parse(readFileSync(path.join(benchDir, "report.json"), "utf8")).lighthouse
      : await measureLighthouse();

  const hello = await startCeiling();
  report.ceiling = { result: await load(hello.base, targets.ceiling) };
  await cleanUp();
  const ceiling = report.ceiling.result;

  // BENCH_ENGINES: which engines, by default both.
  const engines = (process.env.BENCH_ENGINES ?? "pglite,postgres").toLowerCase();
  if (engines.includes("pglite")) {
    report.engines.push({
      engine: "PGlite",
      targets: await measureEngine("PGlite", undefined, ceiling),
    });
    await cleanUp();
  }

  const postgres = engines.includes("postgres") ? await freshPostgres() : { reason: "not asked" };
  if (postgres.url) {
    say(`PostgreSQL: fresh database ${postgres.name}`);
    report.engines.push({
      engine: "PostgreSQL",
      targets: await measureEngine("PostgreSQL", postgres.url, ceiling),
    });
  } else {
    say(`PostgreSQL skipped: ${postgres.reason}`);
    report.engines.push({ engine: "PostgreSQL", note: `skipped: ${postgres.reason}` });
  }
  await cleanUp();

  report.machine.loadAverageAtEnd = os.loadavg().map((value) => Number(value.toFixed(2)));
  pageSections(report);
  await writeReport(report);
}

try {
  await main();
} catch (error) {
  if (!state.interrupted) {
    console.error(`[bench] ${error.stack ?? error}`);
    await cleanUp();
    process.exitCode = 1;
  }
}
