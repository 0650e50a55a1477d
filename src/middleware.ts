import { defineMiddleware } from "astro:middleware";
import { urlProblem } from "./server/input";
import { refusal } from "./server/console/guard";

/**
 * The Astro bundle builds no services of its own: the web server (server/serve.mjs) hands every request
 * the portal it started (`locals.portal`), whose services the routes use. Prerendering at build time
 * has no portal and needs none. A console call's address obeys the
 * edge's text rule (src/server/input.ts) before any route reads it, as a /svc call's does.
 */
export const onRequest = defineMiddleware((context, next) => {
  if (!context.isPrerendered && context.url.pathname.startsWith("/console/api/")) {
    const problem = urlProblem(context.url);
    if (problem) return refusal(400, "request.invalid", problem);
  }
  return next();
});
