/// <reference types="astro/client" />

interface ImportMetaEnv {
  /** Sentry's DSN, read at build time: unset, no error-reporting code is built into any page. */
  readonly PUBLIC_SENTRY_DSN?: string;
}
