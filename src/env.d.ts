/// <reference types="astro/client" />
import type { Portal } from "./server/api/node";

declare global {
  interface ImportMetaEnv {
    /** Sentry's DSN, read at build time: unset, no error-reporting code is built into any page. */
    readonly PUBLIC_SENTRY_DSN?: string;
  }

  namespace App {
    interface Locals {
      /**
       * The portal started by the web server (src/server/http/serve.ts builds it once with `startPortal` and
       * hands it to every Astro request): the Astro bundle builds no services of its own.
       */
      portal?: Portal;
      /**
       * Undefined while the client's connection takes what is written, else a promise settled when it
       * has drained (or closed): a streamed download awaits it before making its next chunk
       * (src/server/http/write-gate.ts).
       */
      writable?: () => Promise<void> | undefined;
    }
  }
}
