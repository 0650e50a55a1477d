// `npm run bench:soak` (issue 21): three instances of the portal on one PostgreSQL database behind
// HAProxy, BENCH_SOAK_RATE (500) requests a second of mixed traffic (pages, the configuration read,
// whole donations, a signed-in donor's history) for BENCH_SOAK_SECONDS (120), from an open-loop
// generator in its own process (bench/soak-load.mjs). Target: p99 under 1 s and no errors. Writes its
// section of bench/report.md and bench/soak.json. See bench/README.md.
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { startTestIdentity } from "../scripts/lib/test-identity.mjs";
import { startCluster } from "./lib/cluster.mjs";
import { seedDonor } from "./lib/donor.mjs";
import { writePeakSection } from "./lib/peak-report.mjs";
import { benchDir, cleanups, peakStart, runBench, runChild, say } from "./lib/processes.mjs";

const rate = Number(process.env.BENCH_SOAK_RATE ?? 500);
const seconds = Number(process.env.BENCH_SOAK_SECONDS ?? 120);
const mix = { page: 35, configuration: 30, history: 20, donation: 15 };
const p99LimitMs = 1000;

async function main() {
  const { database, instances } = await peakStart("the soak");
  const identity = await startTestIdentity();
  cleanups.push(() => identity.stop());
  const cluster = await startCluster({
    count: instances,
    databaseUrl: database.url,
    env: { PORTAL_SECRET_KEY: randomBytes(32).toString("base64"), ...identity.env },
  });
  say("a signed-in donor with a history…");
  const headers = await seedDonor(cluster.base, identity);

  const job = {
    base: cluster.base,
    rate,
    seconds,
    warmupSeconds: 5,
    mix,
    authorization: headers.authorization,
  };
  say(`soak: ${rate} requests a second for ${seconds} s across ${instances} instances…`);
  const figures = await runChild("soak load", "soak-load.mjs", job);
  const result = {
    when: new Date().toISOString(),
    instances,
    rate,
    seconds,
    mix,
    ...figures,
    pass: figures.errors === 0 && figures.p99 !== null && figures.p99 < p99LimitMs,
  };
  writeFileSync(path.join(benchDir, "soak.json"), JSON.stringify(result, null, 2) + "\n");
  await writePeakSection("soak", soakSection(result));
  say(
    `soak: ${figures.perSecond.toFixed(0)}/s, p50 ${figures.p50?.toFixed(1)} ms, p99 ${figures.p99?.toFixed(1)} ms, ${figures.errors} errors`,
  );
  return result.pass;
}

const ms = (v) => (v == null ? "–" : v.toFixed(1));

function soakSection(r) {
  const rows = Object.entries(r.byKind)
    .map(
      ([kind, k]) =>
        `| ${kind} | ${k.requests} | ${k.perSecond.toFixed(0)} | ${ms(k.p50)} | ${ms(k.p99)} | ${ms(k.max)} | ${k.errors} |`,
    )
    .join("\n");
  return `## Peak night: three-instance soak

${r.when}; ${r.instances} instances of \`dist/server/serve.mjs\` behind HAProxy on one PostgreSQL database,
all on this machine's cores with the load generator. ${r.rate} requests a second arriving on schedule
(an open loop: a slow answer does not slow the arrivals, and latency runs from when a request was
due) for ${r.seconds} s after a 5 s warm-up; mix by weight ${JSON.stringify(r.mix)}; ${r.donationsPaid}
whole donations paid. Target: p99 under ${p99LimitMs} ms, no errors: **${r.pass ? "PASS" : "FAIL"}**.

| Kind | Requests | Per second | p50 ms | p99 ms | Max ms | Errors |
| ---- | -------- | ---------- | ------ | ------ | ------ | ------ |
| all | ${r.requests} | ${r.perSecond.toFixed(0)} | ${ms(r.p50)} | ${ms(r.p99)} | ${ms(r.max)} | ${r.errors} |
${rows}
`;
}

await runBench(main);
