import { defineMiddleware } from "astro:middleware";
import { adoptRoot } from "./server/root";

/**
 * The Astro bundle builds no services of its own: the web server (server/serve.mjs) hands every request
 * the portal it started (`locals.portal`), and its composition root is adopted here before any route
 * runs. Prerendering at build time has no portal and needs none.
 */
export const onRequest = defineMiddleware((context, next) => {
  const portal = context.isPrerendered ? undefined : context.locals.portal;
  if (portal) adoptRoot(portal.root);
  return next();
});
