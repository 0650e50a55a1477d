// `node bench/profile.mjs [postgres|pglite]`: what one request asks of the database. Starts the portal
// (on a fresh PostgreSQL database by default) with test control on, so it counts its statements, round
// trips and commits (packages/adapters/src/db/sql-counts.ts, read through `POST /__test/sql-counts`),
// seeds a signed-in donor with 100 paid donations, then makes BENCH_PROFILE_ROUNDS (10) whole
// donations one call at a time (create, tokenise at the sandbox gateway, confirm) and as many reads
// of the donor's list of 100, and prints each call's counts per request, its statements, and its mean
// latency alone on the server. Counts are deterministic; latencies are not (see bench/README.md).
import { randomBytes, randomUUID } from "node:crypto";
import { startTestIdentity } from "../scripts/lib/test-identity.mjs";
import { post, seedDonor } from "./lib/donor.mjs";
import {
  cleanups,
  ensureBuild,
  freshPostgres,
  runBench,
  sleep,
  startPortal,
} from "./lib/processes.mjs";

const engine = process.argv[2] === "pglite" ? "PGlite" : "PostgreSQL";
const rounds = Number(process.env.BENCH_PROFILE_ROUNDS ?? 10);
const controlToken = randomBytes(24).toString("hex");

async function main() {
  ensureBuild();
  let databaseUrl;
  if (engine === "PostgreSQL") {
    const database = await freshPostgres();
    if (!database.url) throw new Error(`no PostgreSQL: ${database.reason}`);
    databaseUrl = database.url;
  }
  const identity = await startTestIdentity();
  cleanups.push(() => identity.stop());
  const portal = await startPortal(engine, databaseUrl, identity, {
    PORTAL_TEST_CONTROL_TOKEN: controlToken,
    // No job pass inside the measured calls.
    PORTAL_JOBS_INTERVAL_SECONDS: "3600",
  });
  const donorHeaders = await seedDonor(portal.base, identity);
  const take = async () => {
    // Whatever a call set going after its answer is counted with it.
    await sleep(20);
    const answer = await post(
      portal.base,
      "/__test/sql-counts",
      {},
      {
        authorization: `Bearer ${controlToken}`,
      },
    );
    if (answer.status !== 200 || !answer.json?.data)
      throw new Error("no counts: test control off?");
    return answer.json.data;
  };
  const guest = await post(portal.base, "/svc/main/v1/session/guest", {});
  const cookie = (guest.headers.get("set-cookie") ?? "").split(";")[0];
  await take();

  const calls = { create: [], tokenise: [], confirm: [], list: [] };
  const timed = async (name, route, body, headers) => {
    const began = performance.now();
    const answer = await post(portal.base, route, body, headers);
    const ms = performance.now() - began;
    if (answer.status !== 200)
      throw new Error(`${name}: ${answer.status} ${JSON.stringify(answer.json)}`);
    calls[name].push({ ms, ...(await take()) });
    return answer.json;
  };
  for (let round = 0; round < rounds; round++) {
    const cents = 1_000 + round;
    const created = await timed(
      "create",
      "/svc/payment/v1/donations/create",
      { flow: "ZAKAT", items: { harta: cents }, totalCents: cents, ratesVersion: 1 },
      { cookie, "idempotency-key": randomUUID() },
    );
    const card = await timed("tokenise", "/sandbox/v1/payment_methods", {
      number: "4242424242424242",
      expMonth: 12,
      expYear: 2099,
      cvc: "123",
    });
    const confirmed = await timed(
      "confirm",
      "/svc/payment/v1/donations/confirm",
      {
        donationId: created.data.id,
        clientSecret: created.data.clientSecret,
        paymentMethodId: card.id,
      },
      { cookie },
    );
    if (confirmed.data.status !== "succeeded") throw new Error("confirm: not paid");
    await timed(
      "list",
      "/svc/payment/api/Donation/getDonorTransactions",
      { pageNo: 1, pageSize: 100 },
      { authorization: donorHeaders.authorization },
    );
  }
  const result = { engine, rounds, calls: {} };
  for (const [name, samples] of Object.entries(calls)) {
    const mean = (key) => samples.reduce((sum, s) => sum + s[key], 0) / samples.length;
    const last = samples.at(-1);
    result.calls[name] = {
      statements: mean("statements"),
      roundTrips: mean("roundTrips"),
      commits: mean("commits"),
      meanMs: Number(mean("ms").toFixed(2)),
      byStatement: last.byStatement,
    };
  }
  console.log(`\n| Call (${engine}) | Statements | Round trips | Commits | Mean ms alone |`);
  console.log("| --- | --- | --- | --- | --- |");
  for (const [name, c] of Object.entries(result.calls))
    console.log(`| ${name} | ${c.statements} | ${c.roundTrips} | ${c.commits} | ${c.meanMs} |`);
  for (const [name, c] of Object.entries(result.calls)) {
    console.log(`\n${name}:`);
    for (const [text, n] of Object.entries(c.byStatement)) console.log(`  ${n} × ${text}`);
  }
  console.log(JSON.stringify(result));
  portal.finish();
  return true;
}

await runBench(main);
