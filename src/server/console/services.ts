import type { ConsoleServices } from "../app/services";

/**
 * The console's services (operations, rate drafts, sessions, finance): those `startPortal` built once
 * from the root, on the portal the web server hands every request (`locals.portal`).
 */
export const consoleServices = (context: { readonly locals: App.Locals }): ConsoleServices => {
  const portal = context.locals.portal;
  if (!portal)
    throw new Error("the portal is not started: the web server hands it to each request");
  return portal.services.console;
};
