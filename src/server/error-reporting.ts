import type { PortalConfig } from "./config";
import { scrub, type Logger } from "./log";

/** Report an unexpected server error (a 500, a failed job); what it was doing goes along. */
export type ReportError = (error: unknown, context?: Readonly<Record<string, string>>) => void;

/**
 * Server-side error reporting: Sentry's Node SDK when PORTAL_SENTRY_DSN is set, loaded only then;
 * otherwise nothing is reported (the log has every error). What leaves for Sentry is scrubbed of NRICs
 * and card numbers as the log is, and carries no request bodies, cookies or addresses.
 */
export async function startErrorReporting(config: PortalConfig, log: Logger): Promise<ReportError> {
  if (!config.sentryDsn) return () => undefined;
  const Sentry = await import("@sentry/node");
  Sentry.init({
    dsn: config.sentryDsn,
    environment: config.production ? "production" : "development",
    sendDefaultPii: false,
    defaultIntegrations: false,
    beforeSend: (event) => {
      const text = scrub(JSON.stringify(event));
      const cleaned = JSON.parse(text) as typeof event;
      delete cleaned.request;
      delete cleaned.user;
      return cleaned;
    },
  });
  log.info("[errors] reporting server errors to Sentry");
  return (error, context) => {
    Sentry.captureException(error, context ? { extra: { ...context } } : undefined);
  };
}
