import type { APIRoute } from "astro";
import { database } from "../../server/database";

export const prerender = false;

/**
 * Liveness and readiness for the launcher, load balancers and tests: 200 once the database answers.
 * The spec's envelope: status 1 is success.
 */
export const GET: APIRoute = async () => {
  const headers = { "cache-control": "no-store" };
  try {
    const sql = await database();
    await sql.query("select 1");
    return Response.json({ status: 1, message: "ok", data: { database: sql.engine } }, { headers });
  } catch (error) {
    console.error("[health] database unavailable:", error instanceof Error ? error.message : error);
    return Response.json({ status: 0, message: "database unavailable" }, { status: 503, headers });
  }
};
