import type { APIRoute } from "astro";
import { Effect } from "effect";

export const prerender = false;

/**
 * The donor's answer on the sandbox bank's 3-D Secure page: approve or fail the payment. The gateway
 * then reports the outcome to the portal (as Stripe's webhook would), so the donation is settled even
 * if the donor never returns to checkout.
 */
export const POST: APIRoute = async ({ request, locals }) => {
  // The started portal, handed over by the web server (server/serve.mjs); the sandbox in sandbox mode only.
  if (!locals.portal?.sandbox.enabled) return new Response(null, { status: 404 });
  const { applyGatewayReport } = locals.portal.sandbox;
  const sandbox = locals.portal.sandbox.gateway();
  const body = (await request.json().catch(() => null)) as {
    paymentId?: unknown;
    approve?: unknown;
  } | null;
  if (!body || typeof body.paymentId !== "string" || typeof body.approve !== "boolean") {
    return Response.json({ error: "invalid_request" }, { status: 400 });
  }
  if (!(await sandbox.completeChallenge(body.paymentId, body.approve))) {
    return Response.json({ error: "no_pending_challenge" }, { status: 404 });
  }
  await applyGatewayReport(await Effect.runPromise(sandbox.gateway.retrieve(body.paymentId)));
  return Response.json({ ok: true });
};
