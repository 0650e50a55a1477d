// What the crash run reads from the stopped portal's PostgreSQL database (the portal's donations and
// receipts, the sandbox gateway's own charges, the receipt series), and how its report section reads.
import pg from "pg";

const donationsQuery = `select d.id, d.status,
    (select count(*)::int from receipt r where r.donation_id = d.id) as receipts,
    (select count(*)::int from sandbox_payment s
      where split_part(s.idempotency_key, ':', 1) = d.id::text and s.state = 'succeeded') as charges
  from donation d`;

const orphanQuery = `select count(*)::int as count from sandbox_payment s
  where s.state = 'succeeded'
    and not exists (select 1 from donation d where d.id::text = split_part(s.idempotency_key, ':', 1))`;

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

${r.when}; ${r.instances} instances of \`server/serve.mjs\` behind HAProxy on one PostgreSQL database,
${r.donors} donors paying zakat by sandbox card without pause. A random instance was killed with
SIGKILL at a random moment and restarted, **${r.kills} times**; every PostgreSQL connection of the
portal was cut ${r.pgCuts} times. ${r.elapsedSeconds} s in all; an instance's restart took
${r.restartMsP50} ms at p50. Donors cut off while confirming gave up half the time (${r.abandoned}
gifts), and a donor whose guest session ran out started again in a new one (${r.sessionsRenewed ?? 0}
times): only reconciliation could record the gifts left behind. Verdict (\`bench/lib/reconcile.mjs\`): **${yes(r.pass)}**.

| Donations | Told paid | Paid here | Gateway charges | Receipts | Lost | Doubled | Refused calls |
| --------- | --------- | --------- | --------------- | -------- | ---- | ------- | ------------- |
| ${r.donations} | ${r.toldPaid} | ${r.paid} | ${r.charges} | ${r.receipts} | ${r.lost} | ${r.doubled} | ${r.refused} |

| Receipt series | Issued | Last serial | Gaps | Repeats | Counter agrees |
| -------------- | ------ | ----------- | ---- | ------- | -------------- |
${series}
${r.lost || r.doubled ? `\nFirst disagreements: ${JSON.stringify([...r.lostSample, ...r.doubledSample])}\n` : ""}`;
}
