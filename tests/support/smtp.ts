import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";

/** A certificate for 127.0.0.1 made for this run (openssl), so TLS is real and verified. */
export interface TestCertificate {
  readonly key: string;
  readonly cert: string;
  /** The certificate's file, for NODE_EXTRA_CA_CERTS of a child process. */
  readonly certFile: string;
}

let made: TestCertificate | undefined;

export function testCertificate(): TestCertificate {
  if (made) return made;
  const dir = mkdtempSync(path.join(tmpdir(), "smtp-cert-"));
  const keyFile = path.join(dir, "key.pem");
  const certFile = path.join(dir, "cert.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-keyout",
      keyFile,
      "-out",
      certFile,
      "-days",
      "2",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
    ],
    { stdio: "ignore" },
  );
  made = { key: readFileSync(keyFile, "utf8"), cert: readFileSync(certFile, "utf8"), certFile };
  return made;
}

/** A message as the test SMTP server received it, its MIME read back. */
export interface ReceivedMail {
  readonly envelopeFrom: string;
  readonly envelopeTo: ReadonlyArray<string>;
  /** The user who logged in, if any. */
  readonly user: string | undefined;
  /** Whether the session was encrypted when the message came (TLS or STARTTLS). */
  readonly secure: boolean;
  readonly raw: string;
  readonly from: string;
  readonly to: string;
  readonly subject: string;
  readonly contentType: string;
  readonly text: string | undefined;
  readonly html: string | undefined;
}

export interface TestSmtpServer {
  readonly received: ReceivedMail[];
  /** DATA commands seen, refused or accepted. */
  readonly attempts: () => number;
  readonly close: () => Promise<void>;
}

export interface TestSmtpOptions {
  /** TLS from the first byte (smtps); otherwise STARTTLS is offered (unless `noStartTls`). */
  readonly secure?: boolean;
  readonly noStartTls?: boolean;
  /** Require this login; otherwise no AUTH is offered. */
  readonly auth?: { readonly user: string; readonly pass: string };
  /** The reply code for the nth message (1-based), or undefined to accept it. */
  readonly refuseData?: (n: number) => number | undefined;
  /** The reply code for a recipient, or undefined to accept it. */
  readonly refuseRecipient?: (address: string) => number | undefined;
}

const failure = (code: number, text: string) =>
  Object.assign(new Error(text), { responseCode: code });

/** A real SMTP server (the `smtp-server` package) on 127.0.0.1:`port`, keeping what it receives. */
export async function startSmtpServer(
  port: number,
  options: TestSmtpOptions = {},
): Promise<TestSmtpServer> {
  const { key, cert } = testCertificate();
  const received: ReceivedMail[] = [];
  let dataCommands = 0;
  const config: SMTPServerOptions = {
    key,
    cert,
    secure: options.secure ?? false,
    hideSTARTTLS: options.noStartTls ?? false,
    disabledCommands: [
      ...(options.auth ? [] : ["AUTH"]),
      ...(options.noStartTls ? ["STARTTLS"] : []),
    ],
    authOptional: !options.auth,
    logger: false,
    disableReverseLookup: true,
    onAuth: (auth, _session, callback) => {
      if (auth.username === options.auth?.user && auth.password === options.auth?.pass) {
        callback(null, { user: auth.username });
      } else {
        callback(failure(535, "Authentication failed"));
      }
    },
    onRcptTo: (address, _session, callback) => {
      const code = options.refuseRecipient?.(address.address);
      callback(code ? failure(code, `Mailbox ${address.address} unavailable`) : null);
    },
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        dataCommands += 1;
        const code = options.refuseData?.(dataCommands);
        if (code) {
          callback(failure(code, "Try again later"));
          return;
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        received.push({
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          envelopeTo: session.envelope.rcptTo.map((to) => to.address),
          user: typeof session.user === "string" ? session.user : undefined,
          secure: session.secure,
          raw,
          ...readMessage(raw),
        });
        callback(null);
      });
    },
  };
  const server = new SMTPServer(config);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return {
    received,
    attempts: () => dataCommands,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** RFC 2047 encoded words in a header (`=?UTF-8?B?...?=`, `=?UTF-8?Q?...?=`). */
const decodeWords = (value: string) =>
  value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_all, _charset, how: string, data: string) =>
      how.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : Buffer.from(
            data
              .replace(/_/g, " ")
              .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) =>
                String.fromCharCode(parseInt(hex, 16)),
              ),
            "latin1",
          ).toString("utf8"),
    );

const quotedPrintable = (body: string) =>
  Buffer.from(
    body
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");

interface Part {
  readonly headers: Map<string, string>;
  readonly body: string;
}

const splitPart = (raw: string): Part => {
  const at = raw.indexOf("\r\n\r\n");
  const head = at === -1 ? raw : raw.slice(0, at);
  const body = at === -1 ? "" : raw.slice(at + 4);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
};

const decodeBody = (part: Part) => {
  const encoding = (part.headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  const text =
    encoding === "quoted-printable"
      ? quotedPrintable(part.body)
      : encoding === "base64"
        ? Buffer.from(part.body.replace(/\s+/g, ""), "base64").toString("utf8")
        : part.body;
  return text.replace(/\r\n/g, "\n");
};

/** The leaf parts of a message, multipart or not. */
const leaves = (part: Part): Part[] => {
  const type = part.headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith("multipart/") || !boundary) return [part];
  return part.body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith("--"))
    .flatMap((chunk) => leaves(splitPart(chunk.replace(/^\r\n/, "").replace(/\r\n$/, ""))));
};

/** Enough of MIME to read back what Nodemailer wrote: headers, the text and the HTML part. */
export function readMessage(raw: string) {
  // The line end before SMTP's closing dot belongs to the transfer, not the message.
  const message = splitPart(raw.replace(/\r\n$/, ""));
  const parts = leaves(message);
  const of = (type: string) => {
    const part = parts.find((p) =>
      (p.headers.get("content-type") ?? "text/plain").toLowerCase().startsWith(type),
    );
    return part ? decodeBody(part) : undefined;
  };
  return {
    from: decodeWords(message.headers.get("from") ?? ""),
    to: decodeWords(message.headers.get("to") ?? ""),
    subject: decodeWords(message.headers.get("subject") ?? ""),
    contentType: message.headers.get("content-type") ?? "",
    text: of("text/plain"),
    html: of("text/html"),
  };
}
