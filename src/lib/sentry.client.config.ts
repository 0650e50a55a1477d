import * as Sentry from "@sentry/astro";
import { ERROR_REPORTING_SAMPLE_RATES } from "@portal/domain";

// Built into the pages only when PUBLIC_SENTRY_DSN is set at build time (astro.config.mjs).
Sentry.init({
  dsn: import.meta.env.PUBLIC_SENTRY_DSN,
  ...ERROR_REPORTING_SAMPLE_RATES,
  integrations: [Sentry.browserTracingIntegration(), Sentry.replayIntegration()],
});
