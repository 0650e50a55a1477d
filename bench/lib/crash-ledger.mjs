// What the crash run reads from the stopped portal's PostgreSQL database (the portal's donations and
// receipts, the sandbox gateway's own charges, the receipt series), and how its report section reads.
import pg from "pg";

// Counted per donation by grouping, then joined (hash joins): a correlated count per donation over
// the gateway's charges, matched on an expression no index covers, grows with the square of the run
// (run 4's read of 50,000 gifts did not finish in two minutes).
const donationsQuery = `with charges as (
    select split_part(idempotency_key, ':', 1) as donation_id, count(*)::int as n
    from sandbox_payment where state = 'succeeded' group by 1),
  receipts as (select donation_id::text as donation_id, count(*)::int as n from receipt group by 1)
  select d.id, d.status, coalesce(r.n, 0) as receipts, coalesce(c.n, 0) as charges
  from donation d
  left join receipts r on r.donation_id = d.id::text
  left join charges c on c.donation_id = d.id::text`;

const orphanQuery = `select count(*)::int as count from sandbox_payment s
  left join donation d on d.id::text = split_part(s.idempotency_key, ':', 1)
  where s.state = 'succeeded' and d.id is null`;

/** The rows bench/lib/reconcile.mjs judges. */
export async function readLedger(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const donations = (await client.query(donationsQuery)).rows;
    const [{ count: keys }] = (
      await client.query(
        "select count(*)::int as count from idempotency_key where scope = 'donation.create'",
      )
    ).rows;
    const [{ count: orphanCharges }] = (await client.query(orphanQuery)).rows;
    const serials = {};
    for (const row of (await client.query("select series, serial::int from receipt")).rows)
      (serials[row.series] ??= []).push(row.serial);
    const nextSerial = {};
    for (const row of (
      await client.query("select series, next_serial::int as next from receipt_series")
    ).rows)
      if (serials[row.series] || row.next !== 1) nextSerial[row.series] = row.next;
    for (const series of Object.keys(nextSerial)) serials[series] ??= [];
    return { donations, observed: { keys, orphanCharges, serials, nextSerial } };
  } finally {
    await client.end();
  }
}

const yes = (pass) => (pass ? "PASS" : "FAIL");

/** The crash run's section of bench/report.md. */
export function crashSection(r) {
  const series = Object.entries(r.series)
    .map(
      ([name, s]) =>
        `| ${name} | ${s.issued} | ${s.last} | ${s.gaps.length} | ${s.repeats.length} | ${s.counterAgrees ? "yes" : "no"} |`,
    )
    .join("\n");
  return `## Peak night: crash run

${r.when}; ${r.instances} instances of \`dist/server/serve.mjs\` behind HAProxy on one PostgreSQL database,
${r.donors} donors paying zakat by sandbox card without pause. A random instance was killed with
SIGKILL at a random moment and restarted, **${r.kills} times**${r.killsAsked && r.killsAsked !== r.kills ? ` (of ${r.killsAsked} asked)` : ""}; every PostgreSQL connection of the
portal was cut ${r.pgCuts} times. ${r.elapsedSeconds} s in all; an instance's restart took
${r.restartMsP50} ms at p50. Donors cut off while confirming gave up half the time (${r.abandoned}
gifts), and a donor whose guest session ran out started again in a new one (${r.sessionsRenewed ?? 0}
times): only reconciliation could record the gifts left behind. Instances that exited without being
killed (crashed by themselves; restarted by the bench's supervisor): **${r.selfExits ?? 0}**; job
passes cut short (logged and run again): ${r.jobPassesCutShort ?? 0}. Verdict
(\`bench/lib/reconcile.mjs\`, and no instance crashing by itself): **${yes(r.pass && !r.selfExits)}**.

| Donations | Told paid | Paid here | Gateway charges | Receipts | Lost | Doubled | Refused calls |
| --------- | --------- | --------- | --------------- | -------- | ---- | ------- | ------------- |
| ${r.donations} | ${r.toldPaid} | ${r.paid} | ${r.charges} | ${r.receipts} | ${r.lost} | ${r.doubled} | ${r.refused} |

| Receipt series | Issued | Last serial | Gaps | Repeats | Counter agrees |
| -------------- | ------ | ----------- | ---- | ------- | -------------- |
${series}
${r.lost || r.doubled ? `\nFirst disagreements: ${JSON.stringify([...r.lostSample, ...r.doubledSample])}\n` : ""}`;
}
