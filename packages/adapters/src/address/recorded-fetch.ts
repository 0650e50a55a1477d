import type { PortError } from "@portal/domain";
import { Exit } from "effect";
import type { Fetch } from "./fetch-json";

/**
 * A fetch that answers every request with `body` (JSON unless a string; status 200 unless said) and
 * keeps the URLs asked: the adapters' tests serve the recorded answers in ./fixtures through it.
 */
export const recordedFetch = (body: unknown, status = 200) => {
  const urls: string[] = [];
  const fetch: Fetch = async (url) => {
    urls.push(url);
    return new Response(typeof body === "string" ? body : JSON.stringify(body), { status });
  };
  return { fetch, urls };
};

/** The port error codes an adapter's effect failed with (none when it succeeded). */
export const failureCodes = (exit: Exit.Exit<unknown, PortError>): string[] =>
  Exit.isFailure(exit)
    ? exit.cause.reasons.map((reason) => ("error" in reason ? reason.error.code : reason._tag))
    : [];
