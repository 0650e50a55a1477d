import { Effect, Exit } from "effect";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { parseSmtpUrl, smtpMailer, type SmtpMailer } from "@portal/adapters/mail";
import { mailQueue, openDatabase, type Sql } from "@portal/adapters/db";
import { startSmtpServer, testCertificate, type TestSmtpServer } from "../support/smtp";

// The SMTP transport against a real SMTP server in this process (the `smtp-server` package, over
// real TLS with a certificate made for the run). Ports 5400-5419 are this file's.

const FROM = "Zakat Singapore <no-reply@zakat.example.sg>";
const receipt = {
  to: "aminah.smtp@example.sg",
  kind: "receipt",
  subject: "Your receipt ZK-00000042 / Resit anda ZK-00000042 — terima kasih",
  text: [
    "Thank you. We received $40.00 (transaction ZK1700000000123).",
    "Receipt ZK-00000042: https://portal.example.sg/receipt/fidyah?transactionNo=ZK1700000000123&token=abc_DEF-123",
    "",
    "Terima kasih. Kami telah menerima $40.00 (transaksi ZK1700000000123).",
  ].join("\n"),
  meta: { transactionNo: "ZK1700000000123" },
} as const;

const trusted = () => ({ ca: testCertificate().cert });

describe("SMTP transport", () => {
  const servers: TestSmtpServer[] = [];
  const mailers: SmtpMailer[] = [];
  const serve = async (...args: Parameters<typeof startSmtpServer>) => {
    const server = await startSmtpServer(...args);
    servers.push(server);
    return server;
  };
  const mailer = (url: string) => {
    const made = smtpMailer({ url, from: FROM, tls: trusted(), timeoutMs: 5_000 });
    mailers.push(made);
    return made;
  };
  afterEach(async () => {
    for (const made of mailers.splice(0)) made.close();
    for (const server of servers.splice(0)) await server.close();
  });

  it("reads smtps:// and smtp:// URLs, with a percent-encoded password, and refuses others", () => {
    expect(parseSmtpUrl("smtps://AKIA1:p%2Fss%2Bw0rd@email-smtp.example.com:465")).toEqual({
      host: "email-smtp.example.com",
      port: 465,
      secure: true,
      auth: { user: "AKIA1", pass: "p/ss+w0rd" },
    });
    expect(parseSmtpUrl("smtp://relay.internal")).toEqual({
      host: "relay.internal",
      port: 587,
      secure: false,
    });
    for (const wrong of ["http://user:secret@mail.example.sg", "user:secret@host", "secret"]) {
      const error = (() => {
        try {
          parseSmtpUrl(wrong);
        } catch (thrown) {
          return thrown instanceof Error ? thrown.message : "";
        }
        return "accepted";
      })();
      expect(error).toMatch(/PORTAL_SMTP_URL/);
      expect(error).not.toContain("secret");
    }
  });

  it("sends over STARTTLS without a login: the message's From, To, Subject and text arrive as written", async () => {
    const server = await serve(5400);
    await Effect.runPromise(mailer("smtp://127.0.0.1:5400").send(receipt));
    expect(server.received).toHaveLength(1);
    const [got] = server.received;
    expect(got).toMatchObject({
      envelopeTo: [receipt.to],
      envelopeFrom: "no-reply@zakat.example.sg",
      user: undefined,
      secure: true,
      from: FROM,
      to: receipt.to,
      subject: receipt.subject,
      text: receipt.text,
      html: undefined,
    });
    // Plain text only, no HTML part, and no header of the portal's own (the meta stays behind).
    expect(got?.contentType).toMatch(/^text\/plain/);
    expect(got?.raw).not.toMatch(/^X-/m);
  });

  it("logs in over smtps:// and sends the HTML as an alternative when the message has one", async () => {
    const server = await serve(5401, { secure: true, auth: { user: "portal", pass: "s3cret/+" } });
    const html = '<p>Thank you. <a href="https://portal.example.sg/r">Receipt ZK-00000042</a></p>';
    await Effect.runPromise(
      mailer("smtps://portal:s3cret%2F%2B@127.0.0.1:5401").send({ ...receipt, html }),
    );
    expect(server.received).toHaveLength(1);
    expect(server.received[0]).toMatchObject({
      user: "portal",
      secure: true,
      from: FROM,
      to: receipt.to,
      subject: receipt.subject,
      text: receipt.text,
      html,
    });
    expect(server.received[0]?.contentType).toMatch(/^multipart\/alternative/);
  });

  it("fails, to be retried, on a wrong password, and the failure names neither password nor address", async () => {
    const server = await serve(5402, { secure: true, auth: { user: "portal", pass: "right" } });
    const exit = await Effect.runPromiseExit(
      mailer("smtps://portal:wrong-pass@127.0.0.1:5402").send(receipt),
    );
    expect(Exit.isFailure(exit)).toBe(true);
    const text = JSON.stringify(exit);
    expect(text).toContain("port.unavailable");
    expect(text).toContain("EAUTH");
    expect(text).not.toContain("wrong-pass");
    expect(text).not.toContain(receipt.to);
    expect(server.received).toHaveLength(0);
  });

  it("never sends in clear: smtp:// to a server without STARTTLS fails and the server gets nothing", async () => {
    const server = await serve(5403, { noStartTls: true });
    const exit = await Effect.runPromiseExit(mailer("smtp://127.0.0.1:5403").send(receipt));
    expect(Exit.isFailure(exit)).toBe(true);
    expect(JSON.stringify(exit)).toContain("port.unavailable");
    expect(server.received).toHaveLength(0);
  });

  it("tells a recipient refused for good (550) from a server asking to try later (451)", async () => {
    await serve(5404, {
      refuseRecipient: (address) => (address === "nobody@example.sg" ? 550 : undefined),
      refuseData: (n) => (n === 1 ? 451 : undefined),
    });
    const smtp = mailer("smtp://127.0.0.1:5404");
    const refused = await Effect.runPromiseExit(smtp.send({ ...receipt, to: "nobody@example.sg" }));
    expect(JSON.stringify(refused)).toContain("mail.rejected");
    expect(JSON.stringify(refused)).not.toContain("nobody@example.sg");
    const later = await Effect.runPromiseExit(smtp.send(receipt));
    expect(JSON.stringify(later)).toContain("port.unavailable");
    expect(JSON.stringify(later)).toContain("451");
    expect(Exit.isSuccess(await Effect.runPromiseExit(smtp.send(receipt)))).toBe(true);
  });
});

describe("a receipt through the queue to an SMTP server that says 451, then accepts", () => {
  let sql: Sql;
  let server: TestSmtpServer;
  let smtp: SmtpMailer;

  beforeAll(async () => {
    sql = await openDatabase({});
    server = await startSmtpServer(5410, {
      auth: { user: "portal", pass: "queue-pass" },
      refuseData: (n) => (n === 1 ? 451 : undefined),
    });
    smtp = smtpMailer({
      url: "smtp://portal:queue-pass@127.0.0.1:5410",
      from: FROM,
      tls: trusted(),
      timeoutMs: 5_000,
    });
  });
  afterAll(async () => {
    smtp?.close();
    await server?.close();
    await sql?.close();
  });

  it("keeps the mail after the refusal and delivers it once on the retry a minute later", async () => {
    let clock = Date.parse("2026-03-28T10:00:00Z");
    const logged: string[] = [];
    const queue = mailQueue(sql, Buffer.alloc(32, 7), smtp, {
      now: () => clock,
      log: (line) => logged.push(line),
    });
    const key = await queue.enqueue(receipt, { key: "receipt:smtp-1", ref: "ZK1700000000123" });
    expect(await queue.deliver([key])).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect(server.received).toHaveLength(0);
    expect(server.attempts()).toBe(1);

    clock += 30_000;
    expect(await queue.drain()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    clock += 30_000;
    expect(await queue.drain()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(await queue.drain()).toEqual({ sent: 0, retrying: 0, failed: 0 });

    expect(server.received).toHaveLength(1);
    expect(server.received[0]).toMatchObject({
      user: "portal",
      secure: true,
      from: FROM,
      to: receipt.to,
      subject: receipt.subject,
      text: receipt.text,
    });
    const [record] = await queue.records("ZK1700000000123");
    expect(record).toMatchObject({ kind: "receipt", status: "sent", attempts: 2 });
    // The log says the first try failed and when the next is, never to whom or the link.
    expect(logged.join("\n")).toContain("451");
    expect(logged.join("\n")).not.toContain(receipt.to);
    expect(logged.join("\n")).not.toContain("token=");
  });
});
