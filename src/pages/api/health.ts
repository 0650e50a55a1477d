import type { APIRoute } from "astro";

export const prerender = false;

/**
 * Liveness and readiness for the launcher, load balancers and tests: 200 once the database answers.
 * The spec's envelope: status 1 is success. The portal comes from the web server (`locals.portal`).
 */
export const GET: APIRoute = async ({ locals }) => {
  const headers = { "cache-control": "no-store" };
  try {
    if (!locals.portal) throw new Error("the portal is not started");
    const { engine } = await locals.portal.health();
    return Response.json({ status: 1, message: "ok", data: { database: engine } }, { headers });
  } catch (error) {
    locals.portal?.log.error(
      `[health] database unavailable: ${error instanceof Error ? error.message : "unknown"}`,
    );
    return Response.json({ status: 0, message: "database unavailable" }, { status: 503, headers });
  }
};
