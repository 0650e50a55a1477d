// Issue 19's bench, bundled by bench/finance-seed.mjs and bench/finance-bench.mjs with esbuild (the
// adapters are TypeScript): seeding a PostgreSQL database with donations, and the measurements.
import { createHash } from "node:crypto";
import { nricCheckLetter } from "@portal/domain";
import { openDatabase, personalData, type Sql } from "@portal/adapters/db";
import {
  EXPORT_COLUMNS,
  csvChunks,
  dashboard,
  donationRows,
  irasRecords,
  ledgerDashboard,
  xlsxChunks,
  type DashboardFilter,
} from "@portal/adapters/finance";
import { migrateStandins } from "@portal/standins";

export const KEY = Buffer.alloc(32, 19);
/** The bench database, migrated; the sandbox gateway's tables (its records) are the stand-ins' own. */
export const open = async (url: string): Promise<Sql> => {
  const sql = await openDatabase({ databaseUrl: url });
  await migrateStandins(sql);
  return sql;
};

/**
 * `total` paid donations over 2025 in batches written by the server itself (generate_series): half
 * zakat, 15 % to each wakaf fund, 10 % each fidyah and kaffarah; 2 % refunded and 0.5 % voided;
 * 1 % anonymous; 5 % with no identity number; a Ramadan-like peak (a fifth of the gifts in 30 days);
 * each with its receipt, payment attempt and the sandbox gateway's record; 10,000 active plans.
 */
export async function seed(sql: Sql, total: number, log: (line: string) => void) {
  const pii = personalData(KEY);
  const pool = Array.from({ length: 1000 }, (_, i) => {
    const digits = String(1_000_000 + i * 7919).slice(-7);
    return pii.encrypt(`S${digits}${nricCheckLetter("S", digits)}`);
  });
  const [{ n: existing } = { n: 0 }] = await sql.query<{ n: number }>(
    "select count(*)::int as n from donation where transaction_no like 'B%'",
  );
  const batch = 50_000;
  for (let from = existing + 1; from <= total; from += batch) {
    const to = Math.min(total, from + batch - 1);
    await sql.transaction(async (tx) => {
      await tx.query(
        `insert into donation (id, transaction_no, flow, status, total_cents, amounts, inputs, donor_details,
                               payment_method, rates_version, client_secret_hash, source, created_at, updated_at)
         select md5('d' || g)::uuid, 'B' || g,
                (array['ZAKAT','ZAKAT','ZAKAT','ZAKAT','ZAKAT','ILMU','WMS','FIDYAH','KAFFARAH','ILMU'])[(1 + g % 10)::int],
                case when g % 200 = 7 then 'voided' when g % 50 = 3 then 'refunded' else 'succeeded' end,
                500 + (g * 7919) % 99500, '{}', '{}',
                jsonb_build_object('name', 'Donor ' || g, 'anonymous', g % 100 = 11),
                case when g % 3 = 0 then 'paynow' else 'card' end, 1, '\\x00'::bytea, 'Online',
                t, case when g % 200 = 7 or g % 50 = 3 then t + interval '3 days' else t end
         from generate_series($1::bigint, $2::bigint) g,
              lateral (select case when g % 5 = 0
                 then timestamptz '2025-03-01 00:00+08' + ((g * 7919) % 2592000) * interval '1 second'
                 else timestamptz '2025-01-01 00:00+08' + ((g * 104729) % 31536000) * interval '1 second'
               end as t) x`,
        [from, to],
      );
      await tx.query(
        `insert into receipt (id, donation_id, series, serial, receipt_no, token_hash, issued_at, particulars, id_encrypted)
         select md5('r' || d.g)::uuid, md5('d' || d.g)::uuid, s.series, 1000000 + d.g,
                s.series || '-B' || lpad(d.g::text, 8, '0'), decode(md5('t' || d.g) || md5('u' || d.g), 'hex'),
                o.created_at, jsonb_build_object('kind', 'individual', 'name', 'Donor ' || d.g),
                case when d.g % 20 = 13 then null else ($3::bytea[])[(1 + d.g % 1000)::int] end
         from generate_series($1::bigint, $2::bigint) d(g)
         join donation o on o.id = md5('d' || d.g)::uuid,
         lateral (select case when o.flow in ('ILMU', 'WMS') then 'WK' else 'ZK' end as series) s`,
        [from, to, pool],
      );
      await tx.query(
        `insert into payment_attempt (id, donation_id, gateway, gateway_ref, status, amount_cents, method, created_at, updated_at)
         select md5('a' || g)::uuid, o.id, 'sandbox', 'pi_b' || g, 'succeeded', o.total_cents, o.payment_method,
                o.created_at, o.created_at
         from generate_series($1::bigint, $2::bigint) g join donation o on o.id = md5('d' || g)::uuid`,
        [from, to],
      );
      await tx.query(
        `insert into sandbox_payment (id, idempotency_key, amount_cents, state, created_at, updated_at)
         select 'pi_b' || g, 'bench-' || g, o.total_cents,
                case when o.status = 'succeeded' then 'succeeded' else 'refunded' end, o.created_at, o.updated_at
         from generate_series($1::bigint, $2::bigint) g join donation o on o.id = md5('d' || g)::uuid`,
        [from, to],
      );
    });
    log(`seeded ${to.toLocaleString("en")} of ${total.toLocaleString("en")}`);
  }
  await sql.exec(`
    insert into guest_session (id, token_hash, created_at, expires_at)
      values ('00000000-0000-0000-0000-0000000000b1', '\\x01', now(), now()) on conflict do nothing;
    insert into recurring_plan (id, guest_session_id, first_donation_id, amount_cents, frequency, status, card_token, flow)
      select md5('p' || g)::uuid, '00000000-0000-0000-0000-0000000000b1', md5('d' || g)::uuid,
             1000 + g % 5000, (array['monthly','weekly','annually','quarterly'])[1 + g % 4], 'active', 'tok', 'ZAKAT'
      from generate_series(1, ${Math.min(10_000, total)}) g on conflict do nothing;
    analyze;`);
}

/**
 * A download read to the end as fast as it is made: seconds, bytes, and this process's resident memory
 * sampled as it goes (every ~2 MB of output; `rss` at each tenth of the output) and at its peak.
 */
async function drain(chunks: AsyncIterable<string | Uint8Array>, expectedMb: number) {
  const sha = createHash("sha256");
  const rssBeforeMb = process.memoryUsage.rss() / 2 ** 20;
  const started = performance.now();
  const cpu = process.cpuUsage();
  let bytes = 0;
  const samples: Array<{ mb: number; rssMb: number }> = [];
  let next = 0;
  for await (const chunk of chunks) {
    bytes += typeof chunk === "string" ? Buffer.byteLength(chunk) : chunk.byteLength;
    sha.update(chunk);
    if (bytes >= next) {
      samples.push({ mb: bytes / 1e6, rssMb: process.memoryUsage.rss() / 2 ** 20 });
      next += 2e6;
    }
  }
  const tenths = Array.from({ length: 10 }, (_, i) => {
    const at = ((i + 1) / 10) * (bytes / 1e6 || expectedMb);
    return samples.filter((x) => x.mb <= at).at(-1)?.rssMb ?? 0;
  });
  return {
    seconds: (performance.now() - started) / 1000,
    cpuSeconds: ((u) => (u.user + u.system) / 1e6)(process.cpuUsage(cpu)),
    megabytes: bytes / 1e6,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    rssBeforeMb: Math.round(rssBeforeMb),
    rssByTenth: tenths.map((n) => Math.round(n)),
    // What was sent, to compare two runs byte for byte (not the .xlsx: its zip entries carry the time).
    sha256: sha.digest("hex"),
  };
}

/** The year's IRAS file, read to the end: seconds, records, bytes, and memory as it went. */
export async function irasRun(sql: Sql, year: number) {
  let lines = 0;
  const counted = async function* () {
    for await (const chunk of irasRecords(sql, KEY).file(year)) {
      lines += chunk.split("\r\n").length - 1;
      yield chunk;
    }
  };
  const run = await drain(counted(), 55);
  return { ...run, records: lines - 1 };
}

/** The year's donations exported as CSV or .xlsx, read to the end. */
export async function exportRun(sql: Sql, year: number, format: "csv" | "xlsx") {
  let records = 0;
  const rows = async function* () {
    for await (const row of donationRows(sql, { from: `${year}-01-01`, to: `${year}-12-31` })) {
      records++;
      yield row;
    }
  };
  const chunks =
    format === "csv" ? csvChunks(EXPORT_COLUMNS, rows()) : xlsxChunks(EXPORT_COLUMNS, rows());
  const run = await drain(chunks, 100);
  return { ...run, records };
}

/** Moves what the seed's triggers appended into the per-day tables: seconds, differences moved. */
export async function compactRun(sql: Sql) {
  const started = performance.now();
  const [row] = await sql.query<{ moved: string }>("select finance_compact() as moved");
  const seconds = (performance.now() - started) / 1000;
  // What autovacuum does within a minute in production; it is off on this machine's PostgreSQL, and
  // a million deleted differences left behind make every later compaction read them.
  await sql.exec(
    "vacuum analyze finance_delta, finance_paid_gift, finance_returned_gift, finance_day_total, finance_minute_total, finance_donor_sketch",
  );
  return { seconds, moved: Number(row?.moved ?? 0) };
}

/** The per-day totals against the ledger read directly, for the whole year and a peak day. */
export async function exactRun(sql: Sql, year: number) {
  const checks: Array<{ filter: DashboardFilter; same: boolean; seconds: number }> = [];
  for (const filter of [
    { from: `${year}-01-01`, to: `${year}-12-31` },
    { from: `${year}-03-15`, to: `${year}-03-15` },
    { from: `${year}-03-01`, to: `${year}-03-31`, fund: "ILMU" as const },
  ]) {
    const started = performance.now();
    const ledger = await ledgerDashboard(sql)(filter);
    const seconds = (performance.now() - started) / 1000;
    const rolled = await dashboard(sql)(filter);
    // Donors are estimated above 50,000 gifts: every other figure must be equal.
    const strip = (d: typeof ledger) => d && { ...d, donors: 0, donorsEstimated: false };
    checks.push({
      filter,
      same: JSON.stringify(strip(ledger)) === JSON.stringify(strip(rolled)),
      seconds,
      ...({ ledgerDonors: ledger?.donors, donors: rolled?.donors } as object),
    });
  }
  return checks;
}

/** Dashboard reads, `runs` times each after one warm-up: p50, p99 and max in milliseconds. */
export async function dashboardRuns(sql: Sql, filter: DashboardFilter, runs: number) {
  const read = dashboard(sql);
  await read(filter);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await read(filter);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
  return { p50: at(0.5), p99: at(0.99), max: times.at(-1)! };
}
