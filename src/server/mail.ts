import path from "node:path";
import { Effect } from "effect";
import { portError, type MailerShape } from "@portal/domain";
import { mailQueue, type MailQueue } from "@portal/adapters/db";
import { outboxMailer, smtpMailer } from "@portal/adapters/mail";
import type { PortalClock } from "./clock";
import type { PortalConfig } from "./config";
import type { PortalDatabase } from "./database";
import type { Logger } from "./log";
import type { Deferred } from "./records";

/** How long a caller waits for a mail's first try before going on (the mail stays queued). */
export const FIRST_TRY_WAIT_MS = 5_000;

/** How mail leaves the portal, made once at start (`buildServices`, src/server/main.ts). */
export interface PortalMail {
  /**
   * The transport as configured: SMTP when PORTAL_SMTP_URL is set (with PORTAL_MAIL_FROM as the
   * sender), otherwise the local outbox, PORTAL_DATA_DIR/outbox, one JSON file per mail, which
   * `npm start` and the tests read. Undefined, with the reason, when the settings are wrong.
   */
  readonly configured: MailerShape | Error;
  /**
   * The transport as a Mailer that never throws: wrong settings fail each send (so the queue keeps
   * the mail and retries it) instead of failing whoever records a mail, such as a payment.
   */
  readonly transport: MailerShape;
  /**
   * The durable mail queue of the portal's database, delivering through `transport`, on the portal's
   * clock (tests move it forward to reach a retry). Failures are logged by id, kind and transaction
   * number, never with an address or a body.
   */
  readonly queue: Deferred<MailQueue>;
}

const configuredTransport = (config: PortalConfig, clock: PortalClock): MailerShape | Error => {
  const { smtpUrl: url, from } = config.mail;
  if (!url) return outboxMailer(path.join(config.dataDir ?? ".data", "outbox"), clock);
  if (!from) return new Error("PORTAL_MAIL_FROM must be set when PORTAL_SMTP_URL is");
  try {
    return smtpMailer({ url, from });
  } catch (error) {
    return error instanceof Error ? error : new Error("not configured");
  }
};

export function portalMail(deps: {
  readonly config: PortalConfig;
  readonly clock: PortalClock;
  readonly database: PortalDatabase;
  readonly key: Buffer;
  readonly log: Logger;
}): PortalMail {
  const configured = configuredTransport(deps.config, deps.clock);
  const transport: MailerShape =
    configured instanceof Error
      ? {
          send: () =>
            Effect.fail(
              portError("Mailer", "port.unavailable", `mail transport: ${configured.message}`),
            ),
        }
      : configured;
  const queue = deps.database.over((sql) =>
    mailQueue(sql, deps.key, transport, {
      now: deps.clock.nowMs,
      log: (message) => deps.log.info(`[mail] ${message}`),
    }),
  );
  return {
    configured,
    transport,
    queue,
  };
}
