import path from "node:path";
import type { MailerShape } from "@portal/domain";
import { mailQueue, queuedMailer, type MailQueue } from "@portal/adapters/db";
import { outboxMailer, smtpMailer } from "@portal/adapters/mail";
import { portalNow } from "./clock";
import { database } from "./database";
import { serverKey } from "./secrets";
import { shared } from "./shared";

/** Where the embedded mailer writes: PORTAL_DATA_DIR/outbox (`.data/outbox` by default). */
const outboxDir = (): string => path.join(process.env["PORTAL_DATA_DIR"] ?? ".data", "outbox");

/**
 * How mail leaves the portal: SMTP when PORTAL_SMTP_URL is set (with PORTAL_MAIL_FROM as the sender),
 * otherwise the local outbox, one JSON file per mail, which `npm start` and the tests read.
 */
export const mailTransport = (): MailerShape =>
  shared("mailTransport", () => {
    const url = process.env["PORTAL_SMTP_URL"];
    if (!url) return outboxMailer(outboxDir());
    const from = process.env["PORTAL_MAIL_FROM"];
    if (!from) throw new Error("PORTAL_MAIL_FROM must be set when PORTAL_SMTP_URL is");
    return smtpMailer({ url, from });
  });

/**
 * The durable mail queue of this process's database, delivering through `mailTransport`, on the
 * portal's clock (tests move it forward to reach a retry). Failures are logged by id, kind and
 * transaction number, never with an address or a body.
 */
export const mailQueueRecords = (): Promise<MailQueue> =>
  shared("mailQueue", () =>
    database().then((sql) =>
      mailQueue(sql, serverKey(), mailTransport(), {
        now: portalNow,
        log: (message) => console.log(`[mail] ${message}`),
      }),
    ),
  );

/** How long a caller waits for a mail's first try before going on (the mail stays queued). */
export const FIRST_TRY_WAIT_MS = 5_000;

/**
 * The process's mailer for mail that must arrive (receipts, refunds, anything new): recorded in the
 * queue, then tried at once through the transport; retried by the queue when that fails. The
 * identity layer's codes skip the queue (see `mailTransport` in identity-provider/http.ts).
 */
export const mailer = (): MailerShape =>
  shared("mailer", () => queuedMailer(mailQueueRecords, { waitMs: FIRST_TRY_WAIT_MS }));
