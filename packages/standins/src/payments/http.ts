import type { IncomingMessage, ServerResponse } from "node:http";
import { Effect } from "effect";
import type { GatewayPayment } from "@portal/domain";
import { readJson, send } from "../http";
import { sandboxPages, type SandboxText } from "./pages";
import type { Sandbox } from "./sandbox";

export interface SandboxHttpOptions {
  readonly sandbox: Sandbox;
  readonly text: SandboxText;
  /** Apply a payment the sandbox reports by itself to its donation, as Stripe's webhook would be. */
  readonly report: (payment: GatewayPayment) => Promise<void>;
}

type Fields = Record<string, unknown>;

/**
 * The sandbox gateway's own addresses under `/sandbox/`: its two pages (the bank's 3-D Secure check,
 * the payer's bank) and `v1/payment_methods` (the card, standing in for Stripe's: the portal's own API
 * never sees a card number, and nothing here is logged), `v1/challenge` (the answer on the 3-D Secure
 * page) and `v1/paynow` (the payer's bank pays a scanned QR). A report goes to the portal at once, so a
 * donation is settled even if the donor never returns to checkout. Returns false for any other path.
 */
export function serveSandbox(options: SandboxHttpOptions) {
  const { sandbox, report } = options;
  const pages = sandboxPages(options.text);
  const json = (res: ServerResponse, status: number, body: unknown) => send(res, status, body);
  const fields = async (req: IncomingMessage): Promise<Fields | undefined> => {
    const body = await readJson(req, 16 * 1024).catch(() => undefined);
    return typeof body === "object" && body !== null ? (body as Fields) : undefined;
  };

  const post: Record<string, (body: Fields, res: ServerResponse) => Promise<void>> = {
    "/sandbox/v1/payment_methods": async (card, res) => {
      const { number, expMonth, expYear, cvc } = card;
      if (
        typeof number !== "string" ||
        number.length > 30 ||
        typeof expMonth !== "number" ||
        typeof expYear !== "number" ||
        typeof cvc !== "string"
      ) {
        return json(res, 400, { error: "invalid_request" });
      }
      const result = await sandbox.tokenize({ number, expMonth, expYear, cvc }, new Date());
      json(res, "error" in result ? 402 : 200, result);
    },
    "/sandbox/v1/challenge": async ({ paymentId, approve }, res) => {
      if (typeof paymentId !== "string" || typeof approve !== "boolean") {
        return json(res, 400, { error: "invalid_request" });
      }
      if (!(await sandbox.completeChallenge(paymentId, approve))) {
        return json(res, 404, { error: "no_pending_challenge" });
      }
      await report(await Effect.runPromise(sandbox.gateway.retrieve(paymentId)));
      json(res, 200, { ok: true });
    },
    "/sandbox/v1/paynow": async ({ payload }, res) => {
      if (typeof payload !== "string" || payload.length > 512) {
        return json(res, 400, { error: "invalid_request" });
      }
      const result = await sandbox.payPayNow(payload, new Date());
      if ("error" in result) return json(res, result.error === "unreadable" ? 400 : 409, result);
      await report(result.paid);
      json(res, 200, { paid: true });
    },
  };

  return async function handle(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
  ): Promise<boolean> {
    const path = url.pathname.replace(/(?:\/index)?(?:\.html)?\/?$/, "");
    const page = pages[path];
    if (page && (req.method === "GET" || req.method === "HEAD")) {
      res.setHeader("content-security-policy", page.policy);
      res.setHeader("x-frame-options", page.framed ? "SAMEORIGIN" : "DENY");
      send(res, 200, req.method === "HEAD" ? "" : page.html, "text/html; charset=utf-8");
      return true;
    }
    const answer = post[url.pathname];
    if (!answer || req.method !== "POST") return false;
    const body = await fields(req);
    if (!body) json(res, 400, { error: "invalid_request" });
    else await answer(body, res);
    return true;
  };
}
