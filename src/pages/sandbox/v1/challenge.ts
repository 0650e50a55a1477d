import type { APIRoute } from "astro";
import { sandbox } from "../../../server/payments";

export const prerender = false;

/** The donor's answer on the sandbox bank's 3-D Secure page: approve or fail the payment. */
export const POST: APIRoute = async ({ request }) => {
  const body = (await request.json().catch(() => null)) as {
    paymentId?: unknown;
    approve?: unknown;
  } | null;
  if (!body || typeof body.paymentId !== "string" || typeof body.approve !== "boolean") {
    return Response.json({ error: "invalid_request" }, { status: 400 });
  }
  return (await sandbox.completeChallenge(body.paymentId, body.approve))
    ? Response.json({ ok: true })
    : Response.json({ error: "no_pending_challenge" }, { status: 404 });
};
