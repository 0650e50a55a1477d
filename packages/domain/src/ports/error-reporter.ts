import { Context } from "effect";
import type { Effect, Layer } from "effect";
import type { ErrorReport } from "../api-error-report";
import { testLayerFor } from "./test-layer";

export type { ErrorReport } from "../api-error-report";
export { apiErrorReport } from "../api-error-report";

/** Error reporting (Sentry, or off). Reporting never fails the caller. */
export interface ErrorReporterShape {
  readonly report: (report: ErrorReport) => Effect.Effect<void>;
}

/** The error reporter port. */
export class ErrorReporter extends Context.Service<ErrorReporter, ErrorReporterShape>()(
  "@portal/domain/ErrorReporter",
) {}

/** Test reporter from supplied methods; missing methods die loudly. */
export const ErrorReporterTest = (
  supplied: Partial<ErrorReporterShape>,
): Layer.Layer<ErrorReporter> => testLayerFor(ErrorReporter, "ErrorReporter", ["report"], supplied);
