// The donation load: `concurrency` donors, each in a loop paying a zakat donation the way the checkout
// page does (create with an idempotency key, tokenise the card at the sandbox gateway, confirm),
// for `warmupSeconds` unmeasured then `seconds` measured. One donation's latency is the three calls
// together. Prints one JSON line with the result. Run by bench/run.mjs in its own process.
import { randomUUID } from "node:crypto";

const job = JSON.parse(process.argv[2]);

const post = async (path, body, headers = {}) => {
  const response = await fetch(job.base + path, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    json: text ? JSON.parse(text) : null,
    headers: response.headers,
  };
};

async function guest() {
  const response = await post("/svc/main/v1/session/guest", {});
  return (response.headers.get("set-cookie") ?? "").split(";")[0];
}

/** One donation, start to finish; true when it ended paid. */
async function donate(cookie, cents) {
  const created = await post(
    "/svc/payment/v1/donations/create",
    { flow: "ZAKAT", items: { harta: cents }, totalCents: cents, ratesVersion: 1 },
    { cookie, "idempotency-key": randomUUID() },
  );
  if (created.status !== 200) return false;
  const card = await post("/sandbox/v1/payment_methods", {
    number: "4242424242424242",
    expMonth: 12,
    expYear: 2099,
    cvc: "123",
  });
  if (card.status !== 200) return false;
  const confirmed = await post("/svc/payment/v1/donations/confirm", {
    donationId: created.json.data.id,
    clientSecret: created.json.data.clientSecret,
    paymentMethodId: card.json.id,
  });
  return confirmed.status === 200 && confirmed.json.data.status === "succeeded";
}

const latencies = [];
let succeeded = 0;
let errors = 0;
let warmupSucceeded = 0;
const start = performance.now();
const measureFrom = start + job.warmupSeconds * 1000;
const end = measureFrom + job.seconds * 1000;

async function donor(index) {
  const cookie = await guest();
  let n = 0;
  while (performance.now() < end) {
    const began = performance.now();
    const ok = await donate(cookie, 1_000 + index * 1_000 + (n++ % 1_000)).catch(() => false);
    const finished = performance.now();
    if (began < measureFrom) {
      if (ok) warmupSucceeded++;
      continue;
    }
    if (finished > end) {
      // Started in the window, finished after it: paid all the same, counted for reconciliation.
      if (ok) warmupSucceeded++;
      else errors++;
      continue;
    }
    if (ok) {
      succeeded++;
      latencies.push(finished - began);
    } else errors++;
  }
}

await Promise.all(Array.from({ length: job.concurrency }, (_, i) => donor(i)));
latencies.sort((a, b) => a - b);
const at = (q) =>
  latencies.length
    ? latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]
    : null;
console.log(
  JSON.stringify({
    donations: succeeded,
    donationsPerSecond: succeeded / job.seconds,
    p50: at(0.5),
    p90: at(0.9),
    p99: at(0.99),
    max: latencies.at(-1) ?? null,
    errors,
    paidOutsideWindow: warmupSucceeded,
    paidByTheLoad: succeeded + warmupSucceeded,
  }),
);
