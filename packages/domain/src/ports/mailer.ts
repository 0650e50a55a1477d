import { Context } from "effect";
import type { Effect, Layer } from "effect";
import type { PortError } from "./port-error.ts";
import { testLayerFor } from "./test-layer.ts";

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

/** Sending e-mail (SES or SMTP in production; the local outbox folder when embedded). */
export interface MailerShape {
  readonly send: (message: MailMessage) => Effect.Effect<void, PortError>;
}

/** The mailer port. */
export class Mailer extends Context.Service<Mailer, MailerShape>()("@portal/domain/Mailer") {}

/** Test mailer from supplied methods; missing methods die loudly. */
export const MailerTest = (supplied: Partial<MailerShape>): Layer.Layer<Mailer> =>
  testLayerFor(Mailer, "Mailer", ["send"], supplied);
