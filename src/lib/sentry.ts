import {
  browserTracingIntegration,
  captureException,
  init,
  replayIntegration,
  type BrowserOptions,
} from "@sentry/browser";
import { ERROR_REPORTING_SAMPLE_RATES, type ErrorReport } from "@portal/domain";

/**
 * The Sentry SDK, in a chunk of its own that `error-reporting.ts` loads after the page is shown (or at
 * the first report), and only in a build with PUBLIC_SENTRY_DSN. §9's sample rates.
 */
export const sentryOptions = (dsn: string): BrowserOptions => ({
  dsn,
  ...ERROR_REPORTING_SAMPLE_RATES,
  integrations: [browserTracingIntegration(), replayIntegration()],
});

let started = false;

/** Starts the SDK once; `overrides` are for tests (a transport that keeps what would be sent). */
export const startSentry = (dsn: string, overrides: Partial<BrowserOptions> = {}): void => {
  if (started) return;
  started = true;
  init({ ...sentryOptions(dsn), ...overrides });
};

/** Sends a report as an error of its name: `[host] API Error: <message>` (§8), its context as tags. */
export const captureReport = (report: ErrorReport): void => {
  const error = new Error(report.message);
  error.name = report.name;
  captureException(error, { tags: { ...report.context } });
};
