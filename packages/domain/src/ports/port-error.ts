import type { DomainError } from "../errors.ts";

/** Failure of an outside capability; `code` is stable (e.g. `port.unavailable`, `port.notFound`). */
export interface PortError extends DomainError<"PortError", string> {
  readonly port: string;
}

/** Builds a port error. */
export const portError = (port: string, code: string, message: string): PortError => ({
  _tag: "PortError",
  code,
  message,
  port,
});
