import type { ErrorReport } from "@portal/domain";
import type * as SentryModule from "./sentry";

/**
 * Error reporting (spec §8, §9): Sentry when PUBLIC_SENTRY_DSN was set at build time, nothing otherwise.
 * Vite replaces `import.meta.env.PUBLIC_SENTRY_DSN` at build time, so without a DSN every branch below
 * is dead code and no Sentry chunk is built. With one, the SDK (about 86 KB gzip with tracing and
 * replay) is still not part of the page: it loads after the page has been shown, when the browser is
 * idle, or at the first report, whichever comes first.
 */
type Sdk = typeof SentryModule;
let sdk: Promise<Sdk> | undefined;

const loadSdk = (dsn: string): Promise<Sdk> =>
  (sdk ??= import("./sentry").then((module) => {
    module.startSentry(dsn);
    return module;
  }));

/** Loads the SDK once the page is shown and the browser is idle (its tracing and §9's replays). */
export const startErrorReporting = (): void => {
  const dsn = import.meta.env.PUBLIC_SENTRY_DSN;
  if (!dsn) return;
  const load = () => void loadSdk(dsn).catch(() => undefined);
  const whenIdle = () =>
    "requestIdleCallback" in window
      ? requestIdleCallback(load, { timeout: 5000 })
      : setTimeout(load);
  if (document.readyState === "complete") whenIdle();
  else window.addEventListener("load", whenIdle, { once: true });
};

/** Reports to Sentry when built with a DSN; never fails the caller. */
export const reportError = (report: ErrorReport): void => {
  const dsn = import.meta.env.PUBLIC_SENTRY_DSN;
  if (!dsn) return;
  void loadSdk(dsn)
    .then((module) => module.captureReport(report))
    .catch(() => undefined);
};
