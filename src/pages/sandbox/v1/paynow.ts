import type { APIRoute } from "astro";

export const prerender = false;

/**
 * The sandbox "payer's bank": it is given the scanned QR's text and pays it. The gateway then reports
 * the payment to the portal, as Stripe's webhook does, and the checkout page (which polls the portal's
 * own records) sees the donation paid. Only in sandbox mode.
 */
export const POST: APIRoute = async ({ request, locals }) => {
  const headers = { "cache-control": "no-store" };
  // The started portal, handed over by the web server (server/serve.mjs); the sandbox in sandbox mode only.
  if (!locals.portal?.sandbox.enabled) return new Response(null, { status: 404 });
  const { applyGatewayReport } = locals.portal.sandbox;
  const sandbox = locals.portal.sandbox.gateway();
  const body = (await request.json().catch(() => null)) as { payload?: unknown } | null;
  if (!body || typeof body.payload !== "string" || body.payload.length > 512) {
    return Response.json({ error: "invalid_request" }, { status: 400, headers });
  }
  const result = await sandbox.payPayNow(body.payload, new Date());
  if ("error" in result) {
    return Response.json(result, { status: result.error === "unreadable" ? 400 : 409, headers });
  }
  await applyGatewayReport(result.paid);
  return Response.json({ paid: true }, { headers });
};
