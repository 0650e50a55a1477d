import { defineMiddleware } from "astro:middleware";
import { adoptRoot } from "./server/root";
import { urlProblem } from "./server/input";
import { refusal } from "./server/console/guard";

/**
 * The Astro bundle builds no services of its own: the web server (server/serve.mjs) hands every request
 * the portal it started (`locals.portal`), and its composition root is adopted here before any route
 * runs. Prerendering at build time has no portal and needs none. A console call's address obeys the
 * edge's text rule (src/server/input.ts) before any route reads it, as a /svc call's does.
 */
export const onRequest = defineMiddleware((context, next) => {
  const portal = context.isPrerendered ? undefined : context.locals.portal;
  if (portal) adoptRoot(portal.root);
  if (!context.isPrerendered && context.url.pathname.startsWith("/console/api/")) {
    const problem = urlProblem(context.url);
    if (problem) return refusal("request.invalid", problem);
  }
  return next();
});
