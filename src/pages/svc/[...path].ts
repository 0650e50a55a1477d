import type { APIRoute } from "astro";
import { fromWebRequest, toWebResponse } from "../../server/api/web";

export const prerender = false;

/**
 * Every service call of spec §7, under /svc/<base>/… (see docs/api.md). In production
 * `src/server/http/listener.ts` answers these itself; this route serves them under `astro dev`.
 */
export const ALL: APIRoute = async ({ request, url, clientAddress, locals }) =>
  locals.portal
    ? toWebResponse(
        await locals.portal.handleServiceRequest(fromWebRequest(request, url, clientAddress)),
      )
    : Response.json({ status: 0, message: "The portal is not started" }, { status: 503 });
