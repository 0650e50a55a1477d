// Issue 32's sync burst: 100 counter devices, each with 200 payments taken offline, come online
// together and send their queues (pages of 50, as the app does) to one portal on PostgreSQL. Goal:
// every entry applied within 60 s, each exactly once; then every queue is sent again (a device
// restarted mid-sync) and nothing changes. The devices are written straight into the fresh database
// (their registration through the console is tested in tests/integration/counter-devices.test.ts);
// everything else goes through the real sync call, signed by each device's own key.
// `npm run bench:counter-sync`; BENCH_DEVICES and BENCH_ENTRIES change the size.
import { createHmac, randomUUID, webcrypto } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  benchDir,
  ensureBuild,
  freshPostgres,
  runBench,
  say,
  startPortal,
} from "./lib/processes.mjs";

const DEVICES = Number(process.env.BENCH_DEVICES ?? 100);
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 200);
const PAGE = 50;
const GOAL_SECONDS = 60;
const SYNC = "/svc/payment/v1/counter/syncEntries";
const subtle = webcrypto.subtle;
const PAYERS = ["Haji Rahman", "Nur Aisyah", "Siti Khadijah", "Muhammad Iskandar", "Farah Adila"];

const percentile = (sorted, p) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

/**
 * The council's credential for an amil on a device (packages/adapters/src/db/counter-device-acts.ts
 * `amilCredentials`), made with the portal's own key: the bench's stand-in for each amil's online
 * sign-in, as the devices are written straight into the database.
 */
const amilCredential = (serverKey, amil, deviceId) => {
  const key = createHmac("sha256", serverKey).update("portal:counter-amil:v1").digest();
  const now = Math.floor(Date.now() / 1000) - ENTRIES - 60;
  const claims = {
    v: 1,
    sub: amil.id,
    name: amil.name,
    dev: deviceId,
    iat: now,
    exp: now + 18 * 3600,
  };
  const payload = Buffer.from(JSON.stringify(claims)).toString("base64url");
  return `${payload}.${createHmac("sha256", key).update(payload).digest("base64url")}`;
};

/** One device: its key pair, its row, and its queue of signed entries. */
async function makeDevice(n, ratesVersion, serverKey) {
  const keys = await subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, false, [
    "sign",
    "verify",
  ]);
  const { kty, crv, x, y } = await subtle.exportKey("jwk", keys.publicKey);
  const id = randomUUID();
  const amil = { id: `amil-${n}`, name: `Amil of counter ${n}` };
  const credential = amilCredential(serverKey, amil, id);
  const queue = [];
  for (let serial = 1; serial <= ENTRIES; serial++) {
    const text = JSON.stringify({
      v: 1,
      deviceId: id,
      key: `bench-${n}-${serial}`,
      serial,
      takenAt: new Date(Date.now() - (ENTRIES - serial) * 1_000).toISOString(),
      amil,
      amilCredential: credential,
      ratesVersion,
      entry: {
        fund: serial % 3 === 0 ? "fidyah" : "fitrah",
        amountCents: serial % 3 === 0 ? 400 : 1_600,
        method: serial % 5 === 0 ? "nets" : "cash",
        ...(serial % 5 === 0 ? { reference: `NETS${serial}` } : {}),
        mosqueName: `Mosque number ${n}`,
        donor: { name: PAYERS[serial % PAYERS.length] },
      },
    });
    const signature = Buffer.from(
      await subtle.sign({ name: "ECDSA", hash: "SHA-256" }, keys.privateKey, Buffer.from(text)),
    ).toString("base64url");
    queue.push({ text, signature });
  }
  return { n, id, publicKey: { kty, crv, x, y }, queue };
}

/** Every device sends its queue at once; the time to the last answer, per-call latencies, outcomes. */
async function burst(base, devices) {
  const latencies = [];
  const outcomes = { applied: 0, replayed: 0, held: 0, refused: 0, failedCalls: 0, reasons: {} };
  const started = process.hrtime.bigint();
  await Promise.all(
    devices.map(async (device) => {
      for (let at = 0; at < device.queue.length; at += PAGE) {
        const sent = process.hrtime.bigint();
        const response = await fetch(`${base}${SYNC}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ deviceId: device.id, entries: device.queue.slice(at, at + PAGE) }),
        });
        const body = await response.json();
        latencies.push(Number(process.hrtime.bigint() - sent) / 1e6);
        if (!response.ok) {
          outcomes.failedCalls++;
          continue;
        }
        for (const answer of body.data.entries) {
          if (answer.outcome === "applied") outcomes[answer.replayed ? "replayed" : "applied"]++;
          else {
            outcomes[answer.outcome]++;
            const why = answer.reason ?? answer.code;
            outcomes.reasons[why] = (outcomes.reasons[why] ?? 0) + 1;
          }
        }
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  latencies.sort((a, b) => a - b);
  return {
    seconds,
    calls: latencies.length,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    max: latencies.at(-1) ?? 0,
    ...outcomes,
  };
}

await runBench(async () => {
  ensureBuild();
  const database = await freshPostgres();
  if (!database.url) throw new Error(`the sync burst needs PostgreSQL: ${database.reason}`);
  const portal = await startPortal("PostgreSQL", database.url, { env: {} });
  const pg = (await import("pg")).default;
  const sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
  try {
    const [{ version }] = (
      await sql.query("select version from home_page_configuration where charity_id = 25")
    ).rows;
    say(`making ${DEVICES} devices with ${ENTRIES} signed entries each…`);
    const devices = [];
    // The portal's key: PORTAL_SECRET_KEY if given, else the one it made in its data folder.
    const serverKey = Buffer.from(
      process.env.PORTAL_SECRET_KEY ??
        readFileSync(path.join(portal.dataDir, "secret.key"), "utf8").trim(),
      "base64",
    );
    for (let n = 1; n <= DEVICES; n++) devices.push(await makeDevice(n, version, serverKey));
    for (const device of devices) {
      const { rows } = await sql.query(
        `insert into counter_device (id, mosque_name, label, public_key, block_from, block_to, registered_by)
         values ($1, $2, 'Bench', $3, 1, $4, 'bench') returning device_no`,
        [device.id, `Mosque number ${device.n}`, JSON.stringify(device.publicKey), ENTRIES],
      );
      const no = String(rows[0].device_no).padStart(3, "0");
      for (const series of ["ZK", "WK"]) {
        await sql.query(
          "insert into receipt_series (series, next_serial) values ($1, $2) on conflict do nothing",
          [`${series}-D${no}`, ENTRIES + 1],
        );
      }
    }
    say(`${DEVICES} devices come online together…`);
    const first = await burst(portal.base, devices);
    say(
      `first burst: ${first.seconds.toFixed(1)} s, ${first.applied} applied; held or refused: ${JSON.stringify(first.reasons)}`,
    );
    const count = async () =>
      Number(
        (
          await sql.query(
            `select count(*) as n, count(distinct r.receipt_no) as distinct_numbers
             from receipt r join donation d on d.id = r.donation_id where r.series like '%-D%'`,
          )
        ).rows[0].n,
      );
    const afterFirst = await count();
    // Every device's series without a gap or a repeat: serials 1..n, each once.
    const broken = Number(
      (
        await sql.query(
          `select count(*) as n from (
             select series, count(*) as c, count(distinct serial) as d, min(serial) as lo, max(serial) as hi
             from receipt where series like '%-D%' group by series) s
           where c <> d or lo <> 1 or hi - lo + 1 <> c`,
        )
      ).rows[0].n,
    );
    const again = await burst(portal.base, devices);
    say(`sent again: ${again.seconds.toFixed(1)} s, ${again.replayed} replayed`);
    const afterAgain = await count();
    const total = DEVICES * ENTRIES;
    const passed =
      first.applied === total &&
      first.failedCalls === 0 &&
      first.seconds < GOAL_SECONDS &&
      again.replayed === total &&
      afterFirst === total &&
      afterAgain === total &&
      broken === 0;
    portal.finish();
    writeSection({ first, again, afterFirst, afterAgain, total, broken, passed });
    return passed;
  } finally {
    await sql.end();
  }
});

function writeSection({ first, again, afterFirst, afterAgain, total, broken, passed }) {
  const ms = (value) => value.toFixed(0);
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  const row = (label, r, counted) =>
    `| ${label} | ${r.seconds.toFixed(1)} s | ${r.calls} | ${ms(r.p50)} | ${ms(r.p99)} | ${ms(r.max)} | ${r.applied} | ${r.replayed} | ${r.held} | ${r.refused} | ${r.failedCalls} | ${counted} |`;
  const section = `<!-- counter-sync -->
## Counter devices: sync burst (issue 32)

- Date: ${new Date().toISOString()}; \`npm run bench:counter-sync\`: one portal (the launcher) on a
  fresh PostgreSQL 15 database on this machine; ${DEVICES} devices, each with ${ENTRIES} entries
  signed with its own ECDSA P-256 key, send their queues at once in pages of ${PAGE} (one call at a
  time per device, as the app does), from one load process on the same machine
- Machine: ${os.cpus().length} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, shared; load
  average (1, 5, 15 min) at the end: ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(", ")}
- Goal: all ${total.toLocaleString("en")} entries applied in under ${GOAL_SECONDS} s, each exactly once;
  every device's series without gaps or repeats (series with one: ${broken}); sent again, every one
  answered as a replay and nothing written: **${passed ? "PASS" : "FAIL"}**

| Burst | Time to the last answer | Calls | p50 ms | p99 ms | max ms | Applied | Replayed | Held | Refused | Failed calls | Device receipts in the database after |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${row("All devices come online together", first, afterFirst)}
${row("The same queues sent again", again, afterAgain)}
<!-- /counter-sync -->`;
  const reportFile = path.join(benchDir, "report.md");
  const report = readFileSync(reportFile, "utf8");
  const marked = /<!-- counter-sync -->[\s\S]*<!-- \/counter-sync -->/;
  writeFileSync(
    reportFile,
    marked.test(report) ? report.replace(marked, section) : `${report.trimEnd()}\n\n${section}\n`,
  );
  console.log(section);
}
