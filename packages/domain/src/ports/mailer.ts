import type { Effect } from "effect";
import type { PortError } from "./port-error.ts";

/** One e-mail: a confirmation code, a receipt, a notice. Plain text always; HTML optional. */
export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
  /** What the mail is for (`receipt`, `signup-code`, ...), so a reader can find it. */
  readonly kind: string;
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
