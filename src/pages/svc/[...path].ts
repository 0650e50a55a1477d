import type { APIRoute } from "astro";
import { handleServiceRequest } from "../../server/api/router";

export const prerender = false;

/** Every service call of spec §7, under /svc/<base>/… (see README "API"). */
export const ALL: APIRoute = ({ request, url }) => handleServiceRequest(request, url);
