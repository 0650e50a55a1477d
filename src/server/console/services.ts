import type { Services } from "../main";

/**
 * The portal's services as a console route meets them: those the composition root built once
 * (src/server/main.ts), on the portal the web server hands every request (`locals.portal`).
 */
export const portalServices = (context: { readonly locals: App.Locals }): Services => {
  const portal = context.locals.portal;
  if (!portal)
    throw new Error("the portal is not started: the web server hands it to each request");
  return portal.services;
};

/** The console's services (operations, rate drafts, sessions, finance) of the started portal. */
export const consoleServices = (context: { readonly locals: App.Locals }) => {
  const services = portalServices(context);
  return { ...services.console, finance: services.finance };
};
