import path from "node:path";
import { Effect } from "effect";
import { portError, type MailerShape } from "@portal/domain";
import { mailQueue, queuedMailer, type MailQueue } from "@portal/adapters/db";
import { outboxMailer, smtpMailer } from "@portal/adapters/mail";
import { portalNow } from "./clock";
import { database } from "./database";
import { serverKey } from "./secrets";
import { config, root, scoped } from "./root";

/** Where the embedded mailer writes: PORTAL_DATA_DIR/outbox (`.data/outbox` by default). */
const outboxDir = (): string => path.join(config().dataDir ?? ".data", "outbox");

/**
 * How mail leaves the portal, as configured: SMTP when PORTAL_SMTP_URL is set (with PORTAL_MAIL_FROM
 * as the sender), otherwise the local outbox, one JSON file per mail, which `npm start` and the tests
 * read. Throws when the settings are wrong (see `mailTransport`).
 */
export const configuredMailTransport = (): MailerShape =>
  scoped("mailTransport", () => {
    const { smtpUrl: url, from } = config().mail;
    if (!url) return outboxMailer(outboxDir(), root().clock);
    if (!from) throw new Error("PORTAL_MAIL_FROM must be set when PORTAL_SMTP_URL is");
    return smtpMailer({ url, from });
  });

/**
 * The transport as a Mailer that never throws: wrong settings fail each send (so the queue keeps the
 * mail and retries it) instead of failing whoever records a mail, such as a payment.
 */
export const mailTransport = (): MailerShape => ({
  send: (message) =>
    Effect.suspend(() => {
      try {
        return configuredMailTransport().send(message);
      } catch (error) {
        return Effect.fail(
          portError(
            "Mailer",
            "port.unavailable",
            `mail transport: ${error instanceof Error ? error.message : "not configured"}`,
          ),
        );
      }
    }),
});

/**
 * The durable mail queue of this process's database, delivering through `mailTransport`, on the
 * portal's clock (tests move it forward to reach a retry). Failures are logged by id, kind and
 * transaction number, never with an address or a body.
 */
export const mailQueueRecords = (): Promise<MailQueue> =>
  scoped("mailQueue", () =>
    database().then((sql) =>
      mailQueue(sql, serverKey(), mailTransport(), {
        now: portalNow,
        log: (message) => root().log.info(`[mail] ${message}`),
      }),
    ),
  );

/** How long a caller waits for a mail's first try before going on (the mail stays queued). */
export const FIRST_TRY_WAIT_MS = 5_000;

/**
 * The process's mailer for mail that must arrive (receipts, refunds, anything new): recorded in the
 * queue, then tried at once through the transport; retried by the queue when that fails. The
 * identity stand-in's codes skip the queue (see `mailTransport` in standins.ts).
 */
export const mailer = (): MailerShape =>
  scoped("mailer", () => queuedMailer(mailQueueRecords, { waitMs: FIRST_TRY_WAIT_MS }));
