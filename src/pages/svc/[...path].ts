import type { APIRoute } from "astro";
import { handleServiceRequest } from "../../server/api/router";
import { fromWebRequest, toWebResponse } from "../../server/api/web";

export const prerender = false;

/**
 * Every service call of spec §7, under /svc/<base>/… (see docs/api.md). In production
 * `server/serve.mjs` answers these itself; this route serves them under `astro dev`.
 */
export const ALL: APIRoute = async ({ request, url, clientAddress }) =>
  toWebResponse(await handleServiceRequest(fromWebRequest(request, url, clientAddress)));
