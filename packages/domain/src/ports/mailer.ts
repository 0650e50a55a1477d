import type { Effect } from "effect";
import type { PortError } from "./port-error.ts";

/** A text file attached to a mail. */
export interface MailAttachment {
  readonly filename: string;
  /** `text/calendar; charset=utf-8; method=PUBLISH` */
  readonly contentType: string;
  readonly content: string;
}

/** The header fields a mail may add. */
export type MailHeaderName = "List-Unsubscribe" | "List-Unsubscribe-Post";

/** One e-mail: a confirmation code, a receipt, a notice. Plain text always; HTML optional. */
export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
  /** What the mail is for (`receipt`, `signup-code`, ...), so a reader can find it. */
  readonly kind: string;
  /** Files attached (a reminder's calendar file): text content, sent as its own MIME part. */
  readonly attachments?: ReadonlyArray<MailAttachment>;
  /**
   * Extra header fields, from a fixed set the transports know (`List-Unsubscribe`,
   * `List-Unsubscribe-Post`, RFC 2369 and RFC 8058).
   */
  readonly headers?: Readonly<Partial<Record<MailHeaderName, string>>>;
  /** Machine-readable extras (a code, a transaction number); never personal identity numbers. */
  readonly meta?: Readonly<Record<string, string>>;
}

/**
 * Sending e-mail (SMTP in production; the local outbox folder when embedded): what the mail queue
 * (`queuedMailer` in the adapters) sends through and the identity stand-in mails its codes with. A
 * plain interface, not a service: no program asks for a mailer from its context (src/server/mail.ts
 * hands one to each caller).
 */
export interface MailerShape {
  readonly send: (message: MailMessage) => Effect.Effect<void, PortError>;
}
