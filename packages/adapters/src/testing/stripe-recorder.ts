import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** One request the Stripe SDK sent: method, path, headers and the form body (or query). */
export interface SeenRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingMessage["headers"];
  readonly form: URLSearchParams;
}

export interface StripeRecorder {
  /** Requests in the order they arrived. */
  readonly seen: Array<SeenRequest>;
  /** Answers to give, in order; none left answers 500 `api_error`. */
  readonly answers: Array<{ status: number; body: unknown }>;
  readonly port: () => number;
  readonly start: () => Promise<void>;
  readonly stop: () => Promise<void>;
  readonly reset: () => void;
}

/**
 * For tests: Stripe cannot be reached from here and stripe-mock cannot be installed, so the real SDK
 * is pointed (host, port, protocol) at this node:http server, which records what the SDK sends and
 * answers with Stripe-shaped JSON written after Stripe's API reference. It proves the requests the
 * adapter makes and how it reads answers; not Stripe's own behaviour.
 */
export function stripeRecorder(): StripeRecorder {
  const seen: Array<SeenRequest> = [];
  const answers: Array<{ status: number; body: unknown }> = [];
  let server: Server | undefined;
  let port = 0;
  return {
    seen,
    answers,
    port: () => port,
    start: async () => {
      server = createServer((req, res) => {
        let body = "";
        req.on("data", (chunk: Buffer) => (body += chunk.toString()));
        req.on("end", () => {
          const url = new URL(req.url ?? "/", "http://localhost");
          seen.push({
            method: req.method ?? "",
            path: url.pathname,
            headers: req.headers,
            form: new URLSearchParams(req.method === "GET" ? url.search : body),
          });
          const answer = answers.shift() ?? { status: 500, body: { error: { type: "api_error" } } };
          res.writeHead(answer.status, {
            "Content-Type": "application/json",
            "Request-Id": "req_test",
          });
          res.end(JSON.stringify(answer.body));
        });
      });
      await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
      port = (server.address() as AddressInfo).port;
    },
    stop: () =>
      new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
    reset: () => {
      seen.length = 0;
      answers.length = 0;
    },
  };
}
