// The load generator of `npm run bench`, run as its own process so that it does not share an event
// loop with the server it measures. Reads its job as JSON from argv[2], prints one JSON result line.
//
// Job: { url, method, headers, body?, connections, warmupSeconds, seconds }
// Each of `connections` loops issues one request at a time over a keep-alive socket, waits for the
// whole response, and records the latency (process.hrtime.bigint) of every request that starts
// after the warm-up and before the end of the measuring window.
import http from "node:http";

const job = JSON.parse(process.argv[2] ?? "{}");
const url = new URL(job.url);
const connections = job.connections ?? 50;
const agent = new http.Agent({
  keepAlive: true,
  maxSockets: connections,
  maxFreeSockets: connections,
});
const body = job.body === undefined ? undefined : Buffer.from(job.body);
const headers = { ...job.headers };
if (body) headers["content-length"] = String(body.length);

/** One request; resolves with the status code (0 for a network error). */
function request() {
  return new Promise((resolve) => {
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: job.method ?? "GET",
        headers,
      },
      (res) => {
        res.on("data", () => {});
        res.on("end", () => resolve(res.statusCode ?? 0));
        res.on("error", () => resolve(0));
      },
    );
    req.on("error", () => resolve(0));
    req.end(body);
  });
}

const ns = (seconds) => BigInt(Math.round(seconds * 1e9));
const start = process.hrtime.bigint();
const measureFrom = start + ns(job.warmupSeconds ?? 2);
const measureUntil = measureFrom + ns(job.seconds ?? 10);

const latencies = []; // milliseconds, of measured requests
const statuses = {}; // status code -> count, of measured requests
let lastEnd = measureFrom;

async function loop() {
  for (;;) {
    const t0 = process.hrtime.bigint();
    if (t0 >= measureUntil) return;
    const status = await request();
    const t1 = process.hrtime.bigint();
    if (t0 < measureFrom) continue; // warm-up
    latencies.push(Number(t1 - t0) / 1e6);
    statuses[status] = (statuses[status] ?? 0) + 1;
    if (t1 > lastEnd) lastEnd = t1;
  }
}

await Promise.all(Array.from({ length: connections }, loop));
agent.destroy();

latencies.sort((a, b) => a - b);
const pick = (q) =>
  latencies.length === 0
    ? null
    : latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)];
const elapsedSeconds = Number(lastEnd - measureFrom) / 1e9;
const errors = Object.entries(statuses)
  .filter(([status]) => !(Number(status) >= 200 && Number(status) < 300))
  .reduce((sum, [, count]) => sum + count, 0);

console.log(
  JSON.stringify({
    requests: latencies.length,
    elapsedSeconds,
    requestsPerSecond: elapsedSeconds > 0 ? latencies.length / elapsedSeconds : 0,
    p50: pick(0.5),
    p90: pick(0.9),
    p99: pick(0.99),
    max: latencies.length === 0 ? null : latencies[latencies.length - 1],
    errors,
    statuses,
  }),
);
