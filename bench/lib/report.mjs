// The report of `npm run bench`: each target judged against its goal, and bench/report.md's text.
import path from "node:path";
import { axePasses, axeSection, sizeSection, sizesPass } from "../pages.mjs";
import { lighthousePasses, lighthouseSection } from "../lighthouse.mjs";
import { say } from "./processes.mjs";

export const ceilingShare = 0.5;
export const p99LimitMs = 50;

// Issue 21: a signed-in donor's list of 100 on PostgreSQL, at the bench's 50 connections.
export const listPerSecondTarget = 2_000;
export const listP99LimitMs = 50;

// Issue 5: donations completed per second through the API at 20 concurrent donors.
export const donationsPerSecondTarget = 20;
export const donationP99LimitMs = 500;

// Issue 21: the same donations on PostgreSQL, at the same 20 donors (its goal is 400 a second).
export const postgresDonationsPerSecondTarget = 250;
export const postgresDonationP99LimitMs = 200;
export const postgresDonationsPerSecondGoal = 400;

/** The donation targets an engine's row is judged by: issue 21's on PostgreSQL, issue 5's elsewhere. */
export const donationTargets = (engine) =>
  engine === "PostgreSQL"
    ? { perSecond: postgresDonationsPerSecondTarget, p99LimitMs: postgresDonationP99LimitMs }
    : { perSecond: donationsPerSecondTarget, p99LimitMs: donationP99LimitMs };

export const targets = {
  ceiling: {
    id: "ceiling",
    title: "Ceiling: bare node:http hello server",
    method: "GET",
    path: "/",
    headers: {},
  },
  configuration: {
    id: "configuration",
    title: "Configuration read (homePageConfiguration)",
    method: "POST",
    path: "/svc/main/v1/Home/homePageConfiguration?charityId=25",
    headers: { "content-type": "application/json" },
  },
  transactions: {
    id: "transactions",
    title: "Donor's transaction list (getDonorTransactions)",
    method: "POST",
    path: "/svc/payment/api/Donation/getDonorTransactions",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ pageNo: 1, pageSize: 100 }),
  },
};

export function donationsSection(report) {
  const out = [
    `## Donations through the API (${report.donors} concurrent donors)`,
    "",
    "Each donor loops: `POST /svc/payment/v1/donations/create` (guest session, idempotency key), " +
      "`POST /sandbox/v1/payment_methods` (the card, at the sandbox gateway), " +
      "`POST /svc/payment/v1/donations/confirm`. A donation's latency is the three calls together.",
    "",
    "| Engine | Donations | Donations/s | p50 ms | p90 ms | p99 ms | max ms | Errors | Target |",
    "| ------ | --------: | ----------: | -----: | -----: | -----: | -----: | -----: | ------ |",
  ];
  for (const engine of report.engines) {
    const m = engine.targets?.donations;
    if (!m?.result) {
      out.push(`| ${engine.engine} | – | – | – | – | – | – | – | ${m?.note ?? engine.note} |`);
      continue;
    }
    const r = m.result;
    const c = m.checks;
    out.push(
      `| ${engine.engine} | ${int(r.donations)} | ${r.donationsPerSecond.toFixed(1)} | ${ms(r.p50)} | ${ms(r.p90)} | ${ms(r.p99)} | ${ms(r.max)} | ${r.errors} | **${verdict(c.pass)}** (≥ ${c.throughput.minimum}/s ${verdict(c.throughput.pass)}, p99 < ${c.p99.limitMs} ms ${verdict(c.p99.pass)}, reconciliation ${verdict(c.reconciliation.pass)}) |`,
    );
  }
  out.push(
    "",
    "Reconciliation, read from each portal's database after it stopped: paid donations (the bench " +
      "donor's history, the load's, and those finished just outside the window) against the sandbox " +
      "gateway's successful charges.",
    "",
    "| Engine | Paid (expected) | Paid donations | Gateway charges | Receipts | ZK receipt serials | Doubled | Lost |",
    "| ------ | --------------: | -------------: | --------------: | -------: | ------------------ | ------: | ---: |",
  );
  for (const engine of report.engines) {
    const rec = engine.targets?.donations?.checks?.reconciliation;
    if (!rec) continue;
    out.push(
      `| ${engine.engine} | ${rec.expectedPaid} | ${rec.paid} | ${rec.charges} | ${rec.receipts} | 1 to ${rec.zk_max_serial}, ${rec.zk_receipts} issued | ${rec.doubled} | ${rec.lost} |`,
    );
  }
  out.push("");
  return out.join("\n");
}

// ---------------------------------------------------------------------------------------------
// Report

export const ms = (value) => (value == null ? "–" : value.toFixed(2));
const int = (value) => Math.round(value).toLocaleString("en-US");
const verdict = (pass) => (pass ? "PASS" : "FAIL");

export function judge(targetId, result, ceiling, engine) {
  if (targetId === "ceiling" || !result) return undefined;
  const ratio = ceiling ? result.requestsPerSecond / ceiling.requestsPerSecond : null;
  // Issue 4 sets its targets on the configuration read; issue 21 on the transaction list on
  // PostgreSQL (on PGlite the list must not fail; its figures are reported).
  const checks = { errors: { value: result.errors, pass: result.errors === 0 } };
  if (targetId === "configuration") {
    checks.p99 = {
      limitMs: p99LimitMs,
      value: result.p99,
      pass: result.p99 != null && result.p99 < p99LimitMs,
    };
    checks.throughput = {
      ratioToCeiling: ratio,
      minimum: ceilingShare,
      pass: ratio != null && ratio >= ceilingShare,
    };
  }
  if (targetId === "transactions" && engine === "PostgreSQL") {
    checks.perSecond = {
      minimum: listPerSecondTarget,
      value: result.requestsPerSecond,
      pass: result.requestsPerSecond >= listPerSecondTarget,
    };
    checks.p99 = {
      limitMs: listP99LimitMs,
      value: result.p99,
      pass: result.p99 != null && result.p99 < listP99LimitMs,
    };
  }
  return { ...checks, pass: Object.values(checks).every((check) => check.pass) };
}

export function tableFor(targetId, rows) {
  const head =
    "| Engine | Requests | Req/s | vs ceiling | p50 ms | p90 ms | p99 ms | max ms | Errors (non-2xx) | Target |\n" +
    "| ------ | -------: | ----: | ---------: | -----: | -----: | -----: | -----: | ---------------: | ------ |";
  const lines = rows.map(({ engine, measurement, ceiling }) => {
    if (measurement.result) {
      const r = measurement.result;
      const share = ceiling
        ? `${((100 * r.requestsPerSecond) / ceiling.requestsPerSecond).toFixed(0)} %`
        : "–";
      const checks = measurement.checks;
      let target = "–";
      if (checks) {
        const parts = [];
        if (checks.throughput)
          parts.push(`throughput ≥ ½ ceiling ${verdict(checks.throughput.pass)}`);
        if (checks.perSecond)
          parts.push(`≥ ${int(checks.perSecond.minimum)}/s ${verdict(checks.perSecond.pass)}`);
        if (checks.p99) parts.push(`p99 < ${checks.p99.limitMs} ms ${verdict(checks.p99.pass)}`);
        else if (targetId === "transactions")
          parts.push("issue 21's targets are on PostgreSQL; no errors");
        else parts.push("no latency target; no errors");
        if (!checks.errors.pass) parts.push("errors FAIL");
        target = `**${verdict(checks.pass)}** (${parts.join(", ")})`;
      }
      const errors =
        r.errors === 0
          ? "0"
          : `${int(r.errors)} (${Object.entries(r.statuses)
              .filter(([s]) => !(s >= 200 && s < 300))
              .map(([s, n]) => `${s === "0" ? "network" : s}: ${n}`)
              .join(", ")})`;
      return `| ${engine} | ${int(r.requests)} | ${int(r.requestsPerSecond)} | ${targetId === "ceiling" ? "100 %" : share} | ${ms(r.p50)} | ${ms(r.p90)} | ${ms(r.p99)} | ${ms(r.max)} | ${errors} | ${target} |`;
    }
    return `| ${engine} | – | – | – | – | – | – | – | – | ${measurement.note} |`;
  });
  return `${head}\n${lines.join("\n")}`;
}

export function markdown(report) {
  const ceiling = report.ceiling.result;
  const out = [];
  out.push("# Benchmark report", "");
  out.push(
    `- Date: ${report.date}`,
    `- Machine: ${report.machine.cpuCount} × ${report.machine.cpuModel}, ${report.machine.memoryGiB} GiB, ${report.machine.platform}`,
    `- Load average (1, 5, 15 min) at start ${report.machine.loadAverageAtStart.join(", ")}, at end ${report.machine.loadAverageAtEnd.join(", ")}: other work on the machine lowers every figure`,
    `- Node: ${report.node}`,
    `- Load: ${report.connections} concurrent keep-alive connections, ${report.warmupSeconds} s warm-up then ${report.seconds} s measured per target; generator in its own process on the same machine (it shares the ${report.machine.cpuCount} CPUs with the server)`,
    `- Targets (issue 4): the configuration read reaches at least half the ceiling's throughput, and p99 < ${p99LimitMs} ms; (issue 21) the transaction list on PostgreSQL at least ${int(listPerSecondTarget)} requests a second with p99 < ${listP99LimitMs} ms, and donations on PostgreSQL at least ${postgresDonationsPerSecondTarget} a second at ${report.donors} donors with p99 < ${postgresDonationP99LimitMs} ms (the goal is ${postgresDonationsPerSecondGoal}; issue 5's ${donationsPerSecondTarget} a second with p99 < ${donationP99LimitMs} ms on PGlite); any non-2xx answer counts as an error and fails its row`,
    "",
  );
  for (const id of ["ceiling", "configuration", "transactions"]) {
    const target = targets[id];
    out.push(`## ${target.title}`, "", `\`${target.method} ${target.path}\``, "");
    const rows =
      id === "ceiling"
        ? [{ engine: "none (node:http)", measurement: report.ceiling, ceiling }]
        : report.engines.map((engine) => ({
            engine: engine.engine,
            measurement: engine.targets?.[id] ?? { note: engine.note },
            ceiling,
          }));
    out.push(tableFor(id, rows), "");
  }
  out.push(donationsSection(report));
  out.push(lighthouseSection(report.lighthouse));
  out.push(sizeSection(report.size));
  out.push(axeSection(report.axe));
  out.push("## Verdict", "");
  for (const engine of report.engines) {
    if (!engine.targets) {
      out.push(`- ${engine.engine}: not run (${engine.note})`);
      continue;
    }
    for (const id of ["configuration", "transactions"]) {
      const m = engine.targets[id];
      const text = m.checks ? `**${verdict(m.checks.pass)}**` : m.note;
      out.push(`- ${engine.engine}, ${targets[id].title}: ${text}`);
    }
    const d = engine.targets.donations;
    out.push(
      `- ${engine.engine}, donations at ${report.donors} concurrent donors: ${d?.checks ? `**${verdict(d.checks.pass)}**` : d?.note}`,
    );
  }
  out.push(
    `- Lighthouse (performance ≥ 95, accessibility 100 on every page): ${report.lighthouse?.pages ? `**${verdict(lighthousePasses(report.lighthouse))}**` : (report.lighthouse?.note ?? "not run")}`,
    `- JavaScript before any interaction (home ≤ 20 KB, calculator ≤ 110 KB, every page within its budget): ${report.size?.pages ? `**${verdict(sizesPass(report.size))}**` : (report.size?.note ?? "not measured")}`,
    `- axe-core, WCAG 2.2 A and AA on every route, both languages and hosts: ${report.axe?.runs ? `**${verdict(axePasses(report.axe))}**` : (report.axe?.note ?? "not run")}`,
  );
  out.push("");
  return out.join("\n");
}

/** The report as the repository's Prettier would write it, so `npm run lint` stays green. */
export async function prettified(file, text) {
  try {
    const prettier = await import("prettier");
    const options = (await prettier.resolveConfig(file)) ?? {};
    return await prettier.format(text, { ...options, filepath: file });
  } catch (error) {
    say(`prettier unavailable (${error.message}); writing ${path.basename(file)} unformatted`);
    return text.endsWith("\n") ? text : `${text}\n`;
  }
}
