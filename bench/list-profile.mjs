// `npm run bench:list-profile`: where a signed-in donor's list of 100 goes on the web server (issue 21).
// Starts the portal on a fresh PostgreSQL database (or PGlite: `-- pglite`) with its web server under
// `--cpu-prof`, seeds the bench's donor (100 paid donations), loads the list and then the
// configuration read (bench/load.mjs, 50 connections) and prints, for each: requests a second, p50 and
// p99, and the CPU per request of the web server and of PostgreSQL's backends for its database (from
// /proc, so comparable between runs on a busy machine, unlike the rates);
// then the list's CPU profile summed by what the time was spent on. Keeps the .cpuprofile (open it in
// Chrome's DevTools) in a temporary folder it names.
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startTestIdentity } from "../scripts/lib/test-identity.mjs";
import { seedDonor } from "./lib/donor.mjs";
import {
  cleanups,
  ensureBuild,
  freshPostgres,
  runBench,
  runChild,
  say,
  sleep,
  startPortal,
} from "./lib/processes.mjs";
import { targets } from "./lib/report.mjs";

const args = process.argv.slice(2);
const engine = args.includes("pglite") ? "PGlite" : "PostgreSQL";
// `-- donations`: profile the donation load (bench/donations.mjs, 20 donors) instead of the list.
const profiled = args.includes("donations") ? "donations" : "transactions";
const donors = Number(process.env.BENCH_DONORS ?? 20);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ticks = 100; // USER_HZ: /proc's CPU times are in hundredths of a second on Linux

/** The web server's process: the launcher's child running dist/server/serve.mjs. */
function webPid(launcherPid) {
  const children = readFileSync(`/proc/${launcherPid}/task/${launcherPid}/children`, "utf8")
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  for (const pid of children) {
    if (readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("serve.mjs")) return Number(pid);
  }
  throw new Error("no web server process under the launcher");
}

/** CPU seconds (user + system) the process used so far (0 once it is gone). */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) / ticks;
  } catch {
    return 0;
  }
}

/**
 * CPU seconds the PostgreSQL backends serving this database used so far (the server runs on this
 * machine; its backends are processes of their own). Undefined on PGlite or when they cannot be read.
 */
async function backendCpuSeconds(databaseUrl) {
  if (!databaseUrl) return undefined;
  const pg = (await import("pg")).default;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    );
    return rows.reduce((sum, row) => sum + cpuSeconds(row.pid), 0);
  } finally {
    await client.end();
  }
}

/** What a profile's samples were spent on: each sample goes to the first category on its stack. */
const categories = [
  ["JSON encode (JSON.stringify)", (f) => f.functionName === "stringify"],
  ["JSON decode (JSON.parse)", (f) => f.functionName === "parse" && f.url === ""],
  [
    "pg: parse rows",
    (f) => /parseRow|_parseRow|parseDataRowMessage|parseArray/.test(f.functionName),
  ],
  ["pg: protocol and socket", (f) => /node_modules\/pg/.test(f.url)],
  ["row to record (history.toRecord)", (f) => f.functionName === "toRecord"],
  ["token check (verify, hash)", (f) => /verif|tokenHash|remembered/i.test(f.functionName)],
  ["HMAC and hashes", (f) => /createHmac|createHash|digest|hmac/i.test(f.functionName)],
  ["decryption", (f) => /decrypt|createDecipheriv/i.test(f.functionName)],
  ["answer write (socket)", (f) => /writev|writeGeneric|_writeRaw|end$|_send/.test(f.functionName)],
  ["garbage collection", (f) => f.functionName === "(garbage collector)"],
  ["idle", (f) => f.functionName === "(idle)"],
];

/** The samples taken between `fromNs` and `untilNs` (process.hrtime.bigint: the same clock as V8's). */
function summarise(file, fromNs, untilNs) {
  const profile = JSON.parse(readFileSync(file, "utf8"));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const totals = new Map();
  const selfTimes = new Map();
  let all = 0;
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    const us = profile.timeDeltas[i] ?? 0;
    at += us;
    if (at * 1000 < fromNs || at * 1000 > untilNs) continue;
    all += us;
    let id = profile.samples[i];
    let found = "other JavaScript and native";
    const stack = [];
    while (id !== undefined) {
      stack.push(byId.get(id).callFrame);
      id = parent.get(id);
    }
    // The outermost matching category wins for JSON and pg (they call into native code); the
    // innermost for the rest.
    for (const [name, test] of categories) {
      if (stack.some(test)) {
        found = name;
        break;
      }
    }
    totals.set(found, (totals.get(found) ?? 0) + us);
    const leaf = stack[0];
    const where = `${leaf.functionName || "(anonymous)"} ${leaf.url.split("/").slice(-2).join("/")}:${leaf.lineNumber + 1}`;
    selfTimes.set(where, (selfTimes.get(where) ?? 0) + us);
  }
  const rows = (map) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([name, us]) => ({ name, share: us / all, ms: us / 1000 }));
  return { categories: rows(totals), functions: rows(selfTimes).slice(0, 30) };
}

/** CPU seconds this bench's children that have ended (and were waited for) used so far. */
function endedChildrenCpuSeconds() {
  const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
  return (Number(fields[13]) + Number(fields[14])) / ticks;
}

/**
 * Run a load (a child process of this bench) and give what it answered with the CPU seconds it took
 * the web server, PostgreSQL's backends for the database (undefined on PGlite) and the load itself.
 */
async function withCpu(pid, databaseUrl, work) {
  const web = cpuSeconds(pid);
  const backends = await backendCpuSeconds(databaseUrl);
  const generator = endedChildrenCpuSeconds();
  const loadAverage = os.loadavg()[0];
  const result = await work();
  const backendsAfter = await backendCpuSeconds(databaseUrl);
  return {
    result,
    loadAverage,
    web: cpuSeconds(pid) - web,
    backends: backends === undefined ? undefined : backendsAfter - backends,
    generator: endedChildrenCpuSeconds() - generator,
  };
}

/** CPU seconds as milliseconds per unit of work. */
const msPer = (cpu, units) =>
  cpu === undefined ? undefined : Number(((1000 * cpu) / units).toFixed(3));

/** The donation load, with the CPU one paid donation costs the web server, PostgreSQL and the load. */
async function measureDonations(base, pid, databaseUrl) {
  const { result, loadAverage, web, backends, generator } = await withCpu(pid, databaseUrl, () =>
    runChild("donation load", "donations.mjs", {
      base,
      concurrency: donors,
      warmupSeconds: 2,
      seconds,
    }),
  );
  return {
    target: "donations",
    loadAverage,
    requestsPerSecond: Math.round(result.donationsPerSecond),
    p50: result.p50,
    p99: result.p99,
    errors: result.errors,
    serverCpuMsPerRequest: msPer(web, result.paidByTheLoad),
    databaseCpuMsPerRequest: msPer(backends, result.paidByTheLoad),
    generatorCpuMsPerRequest: msPer(generator, result.paidByTheLoad),
  };
}

async function measure(base, target, pid, databaseUrl) {
  const { result, loadAverage, web, backends } = await withCpu(pid, databaseUrl, () =>
    runChild(`load ${target.id}`, "load.mjs", {
      url: base + target.path,
      method: target.method,
      headers: target.headers,
      body: target.body,
      connections,
      warmupSeconds: 2,
      seconds,
    }),
  );
  // Warm-up requests are not counted; their CPU is: spread it over the whole run's requests.
  const requests = result.requestsPerSecond * (seconds + 2);
  return {
    target: target.id,
    loadAverage,
    requestsPerSecond: Math.round(result.requestsPerSecond),
    p50: result.p50,
    p99: result.p99,
    errors: result.errors,
    serverCpuMsPerRequest: msPer(web, requests),
    // Only while every request uses the pool's connections (an idle one may close, taking its CPU
    // time with it): the list's load, not the configuration read's (it reads no table per request).
    databaseCpuMsPerRequest: target.id === "transactions" ? msPer(backends, requests) : undefined,
  };
}

async function main() {
  ensureBuild();
  let databaseUrl;
  if (engine === "PostgreSQL") {
    const database = await freshPostgres();
    if (!database.url) throw new Error(`no PostgreSQL: ${database.reason}`);
    databaseUrl = database.url;
  }
  const profileDir = mkdtempSync(path.join(os.tmpdir(), "list-profile-"));
  const identity = await startTestIdentity();
  cleanups.push(() => identity.stop());
  const portal = await startPortal(engine, databaseUrl, identity, {
    NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profileDir}`,
  });
  const pid = webPid(portal.pid);
  const donorHeaders = await seedDonor(portal.base, identity);
  say(`${engine}: donor seeded; web server ${pid}`);
  const rows = [];
  const from = Number(process.hrtime.bigint());
  rows.push(
    profiled === "donations"
      ? await measureDonations(portal.base, pid, databaseUrl)
      : await measure(
          portal.base,
          { ...targets.transactions, headers: donorHeaders },
          pid,
          databaseUrl,
        ),
  );
  const until = Number(process.hrtime.bigint());
  rows.push(await measure(portal.base, targets.configuration, pid, databaseUrl));
  await portal.stop();
  await sleep(500);
  const web = readdirSync(profileDir).find((name) => name.includes(`.${pid}.`));
  console.log(
    "\n| Target | Load average | Req/s | p50 ms | p99 ms | Errors | Web CPU ms per request | Database CPU ms per request | Load generator CPU ms per request |",
  );
  console.log("| --- | --: | --: | --: | --: | --: | --: | --: | --: |");
  for (const r of rows)
    console.log(
      `| ${r.target} | ${r.loadAverage.toFixed(1)} | ${r.requestsPerSecond} | ${r.p50?.toFixed(1)} | ${r.p99?.toFixed(1)} | ${r.errors} | ${r.serverCpuMsPerRequest} | ${r.databaseCpuMsPerRequest ?? "–"} | ${r.generatorCpuMsPerRequest ?? "–"} |`,
    );
  if (web) {
    const file = path.join(profileDir, web);
    console.log(`\nWeb server profile of the ${profiled} load: ${file}\n`);
    console.log("| Spent on | Share of samples | ms |");
    console.log("| --- | --: | --: |");
    const summary = summarise(file, from, until);
    for (const row of summary.categories)
      console.log(`| ${row.name} | ${(100 * row.share).toFixed(1)} % | ${row.ms.toFixed(0)} |`);
    console.log("\n| Function (self time) | Share of samples | ms |");
    console.log("| --- | --: | --: |");
    for (const row of summary.functions)
      console.log(`| ${row.name} | ${(100 * row.share).toFixed(1)} % | ${row.ms.toFixed(0)} |`);
  } else say(`no profile of the web server in ${profileDir}`);
  console.log(JSON.stringify({ engine, rows }));
  portal.finish();
  return true;
}

await runBench(main);
