// The soak's load generator (issue 21), its own process: an open loop at `rate` requests a second
// for `seconds`, whatever the answers' speed (a slow answer does not slow the arrivals, so the
// latencies are not flattered), mixed as `mix` says: pages, the configuration read, a signed-in
// donor's history, and whole donations (each of a donation's three calls counts as a request).
// A request's latency runs from the moment it was due to the last byte of its answer. Prints one
// JSON line with the figures, overall and per kind.
import http from "node:http";
import { randomUUID } from "node:crypto";

const job = JSON.parse(process.argv[2] ?? "{}");
const base = new URL(job.base);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });

function request(method, path, { headers = {}, body } = {}) {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolve) => {
    const req = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        path,
        method,
        headers: {
          ...(payload
            ? { "content-type": "application/json", "content-length": payload.length }
            : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on("data", (chunk) => chunks.push(chunk));
        res.on("end", () => {
          let json = null;
          try {
            json = JSON.parse(Buffer.concat(chunks).toString());
          } catch {
            // a page
          }
          resolve({ status: res.statusCode ?? 0, json, headers: res.headers });
        });
        res.on("error", () => resolve({ status: 0 }));
      },
    );
    req.setTimeout(30_000, () => req.destroy());
    req.on("error", () => resolve({ status: 0 }));
    req.end(payload);
  });
}

const pages = ["/", "/calculator", "/fidyah", "/kaffarah", "/ms/", "/checkout"];
const kinds = {
  page: () => request("GET", pages[Math.floor(Math.random() * pages.length)]),
  configuration: () =>
    request("POST", "/svc/main/v1/Home/homePageConfiguration?charityId=25", { body: {} }),
  history: () =>
    request("POST", "/svc/payment/api/Donation/getDonorTransactions", {
      headers: { authorization: job.authorization },
      body: { pageNo: 1, pageSize: 20 },
    }),
};

// Donations: each "donation" arrival starts the next call of one of the guest donors' gifts.
const guests = [];
async function donationStep() {
  let guest = guests.find((g) => !g.busy);
  if (!guest) {
    const session = await request("POST", "/svc/main/v1/session/guest", { body: {} });
    guest = { cookie: String(session.headers?.["set-cookie"] ?? "").split(";")[0], gift: null };
    guests.push(guest);
    if (session.status !== 200) return session;
  }
  guest.busy = true;
  try {
    const gift = (guest.gift ??= { key: randomUUID(), step: "create" });
    if (gift.step === "create") {
      const cents = 1_000 + Math.floor(Math.random() * 5_000);
      const answer = await request("POST", "/svc/payment/v1/donations/create", {
        headers: { cookie: guest.cookie, "idempotency-key": gift.key },
        body: { flow: "ZAKAT", items: { harta: cents }, totalCents: cents, ratesVersion: 1 },
      });
      if (answer.status === 200) Object.assign(gift, { step: "card", donation: answer.json.data });
      return answer;
    }
    if (gift.step === "card") {
      const answer = await request("POST", "/sandbox/v1/payment_methods", {
        body: { number: "4242424242424242", expMonth: 12, expYear: 2099, cvc: "123" },
      });
      if (answer.status === 200) Object.assign(gift, { step: "confirm", method: answer.json.id });
      return answer;
    }
    const answer = await request("POST", "/svc/payment/v1/donations/confirm", {
      headers: { cookie: guest.cookie },
      body: {
        donationId: gift.donation.id,
        clientSecret: gift.donation.clientSecret,
        paymentMethodId: gift.method,
      },
    });
    if (answer.status === 200 && answer.json?.data?.status === "succeeded") {
      guest.gift = null;
      paid++;
    }
    return answer;
  } finally {
    guest.busy = false;
  }
}
kinds.donation = donationStep;

let paid = 0;
const records = []; // [kind, latency ms, status]
const weights = Object.entries(job.mix);
const total = weights.reduce((sum, [, w]) => sum + w, 0);
const pick = () => {
  let r = Math.random() * total;
  for (const [kind, w] of weights) if ((r -= w) < 0) return kind;
  return weights[0][0];
};

const started = performance.now();
const warmupEnd = started + job.warmupSeconds * 1000;
const end = warmupEnd + job.seconds * 1000;
const interval = 1000 / job.rate;
const inflight = new Set();
let due = started;

await new Promise((resolve) => {
  const tick = () => {
    const now = performance.now();
    while (due <= now && due < end) {
      const scheduled = due;
      const kind = pick();
      const p = kinds[kind]().then((answer) => {
        if (scheduled >= warmupEnd)
          records.push([kind, performance.now() - scheduled, answer?.status ?? 0]);
      });
      inflight.add(p);
      void p.finally(() => inflight.delete(p));
      due += interval;
    }
    if (due >= end) resolve(undefined);
    else setTimeout(tick, Math.max(0, Math.min(5, due - now)));
  };
  tick();
});
await Promise.all(inflight);
agent.destroy();

const summary = (rows) => {
  const latencies = rows.map((r) => r[1]).sort((a, b) => a - b);
  const at = (q) =>
    latencies.length
      ? latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)]
      : null;
  const errors = rows.filter((r) => !(r[2] >= 200 && r[2] < 300)).length;
  const statuses = {};
  for (const r of rows) statuses[r[2]] = (statuses[r[2]] ?? 0) + 1;
  return {
    requests: rows.length,
    perSecond: rows.length / job.seconds,
    p50: at(0.5),
    p99: at(0.99),
    max: latencies.at(-1) ?? null,
    errors,
    statuses,
  };
};
const byKind = {};
for (const kind of Object.keys(job.mix))
  byKind[kind] = summary(records.filter((r) => r[0] === kind));
console.log(JSON.stringify({ ...summary(records), byKind, donationsPaid: paid }));
