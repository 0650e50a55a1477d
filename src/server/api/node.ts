import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { constants, gzip } from "node:zlib";
import { sessionRecords, socialNricRecords } from "../records";
import { startMailJobs, startPaymentJobs } from "./jobs";
import { handleServiceRequest } from "./router";
export { serveTestControl } from "./test-control";
export { closeDatabase } from "../database";
import { BodyTooLarge, MAX_BODY_BYTES, type RequestHeaders, type ServiceRequest } from "./types";

// Guest sessions that expired a day ago and made no donation are deleted once an hour.
setInterval(
  () =>
    void sessionRecords()
      .then((sessions) => sessions.sweep())
      .catch(() => undefined),
  60 * 60 * 1000,
).unref();

// NRICs held for a social sign-up (at most 15 minutes each) are deleted soon after they expire.
setInterval(
  () =>
    void socialNricRecords()
      .then((held) => held.sweep())
      .catch(() => undefined),
  5 * 60 * 1000,
).unref();

// Reconcile payments left open by a crash, now and every minute; charge the recurring plans due.
void startPaymentJobs();
// Deliver the mails that are due (retries, first tries cut short), now and every minute.
void startMailJobs();

const readLimited = (req: IncomingMessage): Promise<Uint8Array> =>
  new Promise((resolve, reject) => {
    if (Number(req.headers["content-length"] ?? "0") > MAX_BODY_BYTES) {
      req.resume();
      reject(new BodyTooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        req.removeAllListeners("data");
        req.resume();
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });

const headersOf = (req: IncomingMessage): RequestHeaders => ({
  get: (name) => {
    const value = req.headers[name.toLowerCase()];
    return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
  },
});

/**
 * The services on Node's own request and response, for `server/serve.mjs`: the hot calls (the
 * configuration read on every page load, the payment calls at the fitrah deadline) skip the page
 * framework's request pipeline entirely. See bench/report.md.
 */
export async function serveService(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const request: ServiceRequest = {
    method: req.method ?? "GET",
    url,
    headers: headersOf(req),
    body: () => readLimited(req),
    remoteAddress: req.socket.remoteAddress,
  };
  const response = await handleServiceRequest(request);
  res.statusCode = response.status;
  res.setHeader("content-type", "application/json");
  for (const [name, value] of Object.entries(response.headers)) res.setHeader(name, value);
  // Long lists (a page of 100 transactions) are worth compressing; the hot small reads are not.
  if (
    response.body.length >= COMPRESS_FROM &&
    /\bgzip\b/.test(req.headers["accept-encoding"] ?? "")
  ) {
    res.setHeader("content-encoding", "gzip");
    res.setHeader("vary", "accept-encoding");
    // Level 1: most of the saving for a fraction of the time on a busy server.
    res.end(await gzipAsync(response.body, { level: constants.Z_BEST_SPEED }));
    return;
  }
  res.end(response.body);
}

const COMPRESS_FROM = 4096;
const gzipAsync = promisify(gzip) as (text: string, options: { level: number }) => Promise<Buffer>;

/** `/auth/config` and the embedded identity provider's layer (`/cognito-idp`), for `server/serve.mjs`. */
export { serveIdentity, LAYER_PATH, CONFIG_PATH } from "../identity-provider/http";
/**
 * `/sandbox/...`, the sandbox gateway's pages and calls, and the stand-ins themselves, which
 * `server/serve.mjs` warms at start when the settings ask for any (their tables made first).
 */
export { serveSandbox, standins } from "../standins";
