import type { ConnectionOptions } from "node:tls";
import { Effect } from "effect";
import { createTransport } from "nodemailer";
import { portError, type MailerShape } from "@portal/domain";

/** How an SMTP server is reached, from PORTAL_SMTP_URL. */
export interface SmtpEndpoint {
  readonly host: string;
  readonly port: number;
  /** TLS from the first byte (`smtps:`, port 465); otherwise STARTTLS is required (`smtp:`, 587). */
  readonly secure: boolean;
  readonly auth?: { readonly user: string; readonly pass: string };
}

/**
 * Read `smtps://user:pass@host:465` or `smtp://[user:pass@]host:587`. User and password may be
 * percent-encoded (an SES SMTP password often holds `/` or `+`). Anything else is refused, with a
 * message that never repeats the URL (it holds the password).
 */
export const parseSmtpUrl = (url: string): SmtpEndpoint => {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error("PORTAL_SMTP_URL is not a URL (smtps://user:pass@host:465 or smtp://host:587)");
  }
  const secure = parsed.protocol === "smtps:";
  if (!secure && parsed.protocol !== "smtp:") {
    throw new Error("PORTAL_SMTP_URL must start with smtps:// or smtp://");
  }
  if (!parsed.hostname) throw new Error("PORTAL_SMTP_URL names no host");
  const user = decodeURIComponent(parsed.username);
  const pass = decodeURIComponent(parsed.password);
  return {
    host: parsed.hostname.replace(/^\[(.*)\]$/, "$1"),
    port: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
    secure,
    ...(user || pass ? { auth: { user, pass } } : {}),
  };
};

export interface SmtpMailerOptions {
  /** PORTAL_SMTP_URL, or the endpoint itself. */
  readonly url: string | SmtpEndpoint;
  /** PORTAL_MAIL_FROM: `Zakat Singapore <no-reply@example.sg>`. */
  readonly from: string;
  /** Extra TLS settings (a private CA in tests); the system's CAs otherwise. */
  readonly tls?: ConnectionOptions;
  /** Connections kept open to the server at most (a pool, so a rush of receipts reuses them). */
  readonly maxConnections?: number;
  /** Milliseconds to wait for the connection, the greeting, and any one reply. */
  readonly timeoutMs?: number;
}

/** An SMTP mailer holds connections open: close it when done (tests, shutdown). */
export interface SmtpMailer extends MailerShape {
  readonly close: () => void;
}

/**
 * Why a send failed, in words safe for a log or the queue's record: Nodemailer's code and the
 * server's reply code only. The reply text is left out on purpose: servers quote the recipient
 * (`550 5.1.1 <someone@example.sg> unknown`).
 */
const failureText = (error: NodemailerFailure): string =>
  ["smtp", error.code ?? "error", error.command?.split(" ")[0], error.responseCode]
    .filter((part) => part !== undefined && part !== "")
    .join(" ");

interface NodemailerFailure {
  readonly code?: string;
  readonly command?: string;
  readonly responseCode?: number;
  readonly permanent?: boolean;
  readonly rejected?: ReadonlyArray<string>;
}

/**
 * A refusal that sending again cannot change: the server refused the recipient for good (5xx to
 * RCPT TO, e.g. no such mailbox). Everything else is worth retrying, including permanent replies to
 * the login or the sender, which mean the portal's settings are wrong and will be mended.
 */
const refusedForGood = (error: NodemailerFailure): boolean =>
  error.permanent === true &&
  ((error.rejected?.length ?? 0) > 0 || /^RCPT\b/i.test(error.command ?? ""));

/**
 * The production mail transport: SMTP (or SES's SMTP interface) through Nodemailer. `smtps:` speaks
 * TLS from the start; `smtp:` must upgrade with STARTTLS or it sends nothing. Plain text always, HTML
 * as an alternative when the message has it. Nothing is logged: Nodemailer's logger is off, and a
 * failure says only its codes. A recipient refused for good fails with the code `mail.rejected`;
 * every other failure with `port.unavailable`.
 */
export const smtpMailer = (options: SmtpMailerOptions): SmtpMailer => {
  const endpoint = typeof options.url === "string" ? parseSmtpUrl(options.url) : options.url;
  const timeout = options.timeoutMs ?? 15_000;
  const transport = createTransport({
    pool: true,
    maxConnections: options.maxConnections ?? 5,
    host: endpoint.host,
    port: endpoint.port,
    secure: endpoint.secure,
    requireTLS: !endpoint.secure,
    ...(endpoint.auth ? { auth: { user: endpoint.auth.user, pass: endpoint.auth.pass } } : {}),
    ...(options.tls ? { tls: options.tls } : {}),
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    logger: false,
    debug: false,
  });
  return {
    send: (message) =>
      Effect.tryPromise({
        try: async () => {
          await transport.sendMail({
            from: options.from,
            to: message.to,
            subject: message.subject,
            text: message.text,
            ...(message.html === undefined ? {} : { html: message.html }),
            ...(message.headers === undefined ? {} : { headers: { ...message.headers } }),
            ...(message.attachments === undefined
              ? {}
              : {
                  attachments: message.attachments.map((a) => ({
                    filename: a.filename,
                    contentType: a.contentType,
                    content: a.content,
                  })),
                }),
          });
        },
        catch: (cause) => {
          const failure = (cause ?? {}) as NodemailerFailure;
          return portError(
            "Mailer",
            refusedForGood(failure) ? "mail.rejected" : "port.unavailable",
            failureText(failure),
          );
        },
      }),
    close: () => transport.close(),
  };
};
