import type { APIRoute } from "astro";

export const prerender = false;

/**
 * The sandbox gateway's card endpoint, standing in for Stripe's: the card form posts the card here and
 * gets a payment-method id back. The portal's own API never sees a card number. Nothing here is logged.
 */
export const POST: APIRoute = async ({ request, locals }) => {
  // The started portal, handed over by the web server (server/serve.mjs); the sandbox in sandbox mode only.
  if (!locals.portal?.sandbox.enabled) return new Response(null, { status: 404 });
  const sandbox = locals.portal.sandbox.gateway();
  const headers = { "cache-control": "no-store" };
  let card: { number?: unknown; expMonth?: unknown; expYear?: unknown; cvc?: unknown };
  try {
    card = (await request.json()) as typeof card;
  } catch {
    return Response.json({ error: "invalid_request" }, { status: 400, headers });
  }
  if (
    typeof card !== "object" ||
    card === null ||
    typeof card.number !== "string" ||
    card.number.length > 30 ||
    typeof card.expMonth !== "number" ||
    typeof card.expYear !== "number" ||
    typeof card.cvc !== "string"
  ) {
    return Response.json({ error: "invalid_request" }, { status: 400, headers });
  }
  const result = await sandbox.tokenize(
    { number: card.number, expMonth: card.expMonth, expYear: card.expYear, cvc: card.cvc },
    new Date(),
  );
  return "error" in result
    ? Response.json(result, { status: 402, headers })
    : Response.json(result, { headers });
};
