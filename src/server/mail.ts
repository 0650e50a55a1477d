import path from "node:path";
import type { MailerShape } from "@portal/domain";
import { outboxMailer } from "@portal/adapters/mail";
import { shared } from "./shared";

/** Where the embedded mailer writes: PORTAL_DATA_DIR/outbox (`.data/outbox` by default). */
const outboxDir = (): string => path.join(process.env["PORTAL_DATA_DIR"] ?? ".data", "outbox");

/**
 * The process's mailer. Only the local outbox exists so far; an SES or SMTP adapter goes here, chosen
 * by configuration, when the council's mail account is known.
 */
export const mailer = (): MailerShape => shared("mailer", () => outboxMailer(outboxDir()));
