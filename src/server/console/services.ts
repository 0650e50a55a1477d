import type { Services } from "../main";
import type { ConsoleContext } from "./route";

/** The portal's services as a console route meets them: built once by the composition root. */
export const portalServices = (context: Pick<ConsoleContext, "locals">): Services =>
  context.locals.services;
