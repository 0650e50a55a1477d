// Issue 19's bench, bundled by bench/finance-seed.mjs and bench/finance-bench.mjs with esbuild (the
// adapters are TypeScript): seeding a PostgreSQL database with donations, and the measurements.
import { createHash } from "node:crypto";
import { nricCheckLetter } from "@portal/domain";
import { openDatabase, personalData, type Sql } from "@portal/adapters/db";
import { dashboard, irasRecords } from "@portal/adapters/finance";

export const KEY = Buffer.alloc(32, 19);
export const open = (url: string): Promise<Sql> => openDatabase({ databaseUrl: url });

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

/** The year's IRAS file, read to the end: seconds, records, bytes, and this process's peak RSS. */
export async function irasRun(sql: Sql, year: number) {
  const started = performance.now();
  let bytes = 0;
  let lines = 0;
  const hash = createHash("sha256");
  for await (const chunk of irasRecords(sql, KEY).file(year)) {
    bytes += Buffer.byteLength(chunk);
    lines += chunk.split("\r\n").length - 1;
    hash.update(chunk);
  }
  return {
    seconds: (performance.now() - started) / 1000,
    records: lines - 1,
    megabytes: bytes / 1e6,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  };
}

/** Dashboard reads, `runs` times each after one warm-up: p50, p99 and max in milliseconds. */
export async function dashboardRuns(
  sql: Sql,
  filter: { from: string; to: string; fund?: "ZAKAT" | "ILMU" },
  runs: number,
) {
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
