import { Context, Effect, Layer } from "effect";
import { ErrorReporter } from "@portal/domain";
import { ApiError, makeApiClient } from "./client";
import type { ApiClientOptions, CallInput } from "./client";
import type { ApiCallName } from "./paths";

/** The wire client as an Effect service. */
export interface PortalApiShape {
  /** One exchange under §8; fails with `ApiError`. */
  readonly request: (name: ApiCallName, input?: CallInput) => Effect.Effect<unknown, ApiError>;
  /** A reporting call that never fails: the body, or the call's empty result. */
  readonly call: (name: ApiCallName, input?: CallInput) => Effect.Effect<unknown>;
}

export class PortalApi extends Context.Service<PortalApi, PortalApiShape>()(
  "@portal/adapters/PortalApi",
) {}

const asApiError = (error: unknown): ApiError =>
  error instanceof ApiError
    ? error
    : new ApiError("http.network", 0, error instanceof Error ? error.message : "Unknown error", {
        cause: error,
      });

/** The live client; failures go to the ErrorReporter port. */
export const PortalApiLive = (
  options: Omit<ApiClientOptions, "report"> = {},
): Layer.Layer<PortalApi, never, ErrorReporter> =>
  Layer.effect(
    PortalApi,
    Effect.gen(function* () {
      const reporter = yield* ErrorReporter;
      const client = makeApiClient({
        ...options,
        report: (report) => Effect.runPromise(reporter.report(report)),
      });
      return {
        request: (name, input) =>
          Effect.tryPromise({ try: () => client.request(name, input), catch: asApiError }),
        call: (name, input) => Effect.promise(() => client.call(name, input)),
      };
    }),
  );
