import { Effect, Schema } from "effect";
import { portError, type PortError } from "@portal/domain";

/** The fetch an address adapter calls: the global one, or a stand-in serving recorded answers. */
export type Fetch = (url: string, init: { readonly signal: AbortSignal }) => Promise<Response>;

/** How long a donor waits for an address service before typing the address in. */
export const DEFAULT_TIMEOUT_MS = 5_000;

/**
 * GET `url` and decode its JSON with `schema`. Every failure (no answer within `timeoutMs`, a refused
 * connection, a non-2xx status, a body that is not the expected JSON) is the port error
 * `port.unavailable`; its message names the step, never the URL (which may carry a key).
 */
export const fetchJson = <S extends Schema.Top>(
  port: string,
  fetch: Fetch,
  url: string,
  schema: S,
  timeoutMs: number,
): Effect.Effect<S["Type"], PortError> =>
  Effect.tryPromise({
    try: async (interrupted) => {
      const abort = new AbortController();
      const onInterrupt = () => abort.abort();
      interrupted.addEventListener("abort", onInterrupt);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          abort.abort();
          reject(new Error(`no answer within ${timeoutMs} ms`));
        }, timeoutMs);
      });
      try {
        // The race also ends a stand-in fetch that ignores the signal.
        const body = await Promise.race([
          (async () => {
            const response = await fetch(url, { signal: abort.signal });
            if (!response.ok) throw new Error(`HTTP ${response.status}`);
            return (await response.json()) as unknown;
          })(),
          timeout,
        ]);
        return Schema.decodeUnknownSync(schema as never)(body) as S["Type"];
      } finally {
        clearTimeout(timer);
        interrupted.removeEventListener("abort", onInterrupt);
      }
    },
    catch: (cause) =>
      portError(
        port,
        "port.unavailable",
        `${port}: ${cause instanceof Error ? cause.message.split("\n")[0] : "failed"}`,
      ),
  });

/** The port error of a service that is not configured. */
export const lookupOff = (port: string): PortError =>
  portError(port, "address.lookupOff", `${port} is not configured`);
