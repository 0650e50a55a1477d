import type { APIRoute } from "astro";

export const prerender = false;

/** Liveness for the launcher, load balancers and tests. The spec's envelope: status 1 is success. */
export const GET: APIRoute = () =>
  Response.json(
    { status: 1, message: "ok", data: { time: new Date().toISOString() } },
    { headers: { "cache-control": "no-store" } },
  );
