import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Effect } from "effect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clockOf, portError, type MailMessage, type MailerShape } from "@portal/domain";
import { mailQueue, type MailQueueOptions, type Sql } from "@portal/adapters/db";
import { outboxMailer, readOutbox } from "@portal/adapters/mail";
import { testDatabases } from "../support/databases";

// The durable mail queue on both engines, delivering into a real outbox folder. The transport is
// the outbox mailer itself, wrapped where a test needs it to fail or stall. No ports.

const MINUTE = 60_000;
const KEY = Buffer.alloc(32, 3);
const START = Date.parse("2026-03-28T02:00:00Z");

const mail = (n: number | string, to = `donor.${n}@example.sg`): MailMessage => ({
  to,
  kind: "receipt",
  subject: `Your receipt ZK-${n}`,
  text: `Receipt ZK-${n}: https://portal.example.sg/receipt/zakat?transactionNo=ZK${n}&token=tok${n}secret`,
  meta: { transactionNo: `ZK${n}`, link: `https://portal.example.sg/r?token=tok${n}secret` },
});

/** A transport that fails its first `failures` sends, then delivers through `next`. */
const failingFirst = (failures: number, next: MailerShape, code = "port.unavailable") => {
  let calls = 0;
  return {
    calls: () => calls,
    send: (message: MailMessage) =>
      Effect.suspend(() =>
        ++calls <= failures
          ? Effect.fail(portError("Mailer", code, "smtp ECONNECTION 421"))
          : next.send(message),
      ),
  };
};

describe.each(testDatabases())("mail queue on $name", (database) => {
  let sql: Sql;
  let other: Sql | undefined;
  let clock = START;
  const now = () => clock;
  const outbox = () => path.join(mkdtempSync(path.join(tmpdir(), "mail-queue-")), "outbox");
  const queueOn = (
    on: Sql,
    transport: MailerShape,
    options: MailQueueOptions = {},
  ): ReturnType<typeof mailQueue> => mailQueue(on, KEY, transport, { now, ...options });

  beforeAll(async () => {
    sql = await database.open();
    // A second pool on the same database, where the engine has one: two instances draining.
    other = database.name === "PostgreSQL" ? await database.open() : undefined;
  });
  afterAll(async () => {
    await other?.close();
    await sql?.close();
    await database.cleanup();
  });

  it("records a mail, then delivers it once; delivering again sends nothing", async () => {
    const dir = outbox();
    const queue = queueOn(sql, outboxMailer(dir, clockOf(Date.now)));
    const key = await queue.enqueue(mail(1), { key: "receipt:1", ref: "ZK1" });
    expect(key).toBe("receipt:1");
    // The same key again records nothing new.
    await queue.enqueue(mail(1), { key: "receipt:1", ref: "ZK1" });
    expect(await queue.deliver([key])).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(await queue.deliver([key])).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(await queue.drain()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    const sent = await readOutbox(dir);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: "donor.1@example.sg",
      kind: "receipt",
      subject: "Your receipt ZK-1",
    });
    expect(sent[0]?.meta?.["link"]).toContain("token=tok1secret");
    expect(await queue.records("ZK1")).toMatchObject([
      { key: "receipt:1", kind: "receipt", status: "sent", attempts: 1, lastError: null },
    ]);
  });

  it("retries a transport that fails twice, after 1 then 5 minutes, and delivers exactly once", async () => {
    clock = START;
    const dir = outbox();
    const transport = failingFirst(2, outboxMailer(dir, clockOf(Date.now)));
    const logged: string[] = [];
    const queue = queueOn(sql, transport, { log: (line) => logged.push(line) });
    const key = await queue.enqueue(mail(2), { key: "receipt:2", ref: "ZK2" });
    expect(await queue.deliver([key])).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect(await queue.drain()).toEqual({ sent: 0, retrying: 0, failed: 0 }); // not due yet
    clock += MINUTE;
    expect(await queue.drain()).toEqual({ sent: 0, retrying: 1, failed: 0 });
    clock += 4 * MINUTE;
    expect(await queue.drain()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    clock += MINUTE;
    expect(await queue.drain()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    clock += 60 * MINUTE;
    expect(await queue.drain()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(transport.calls()).toBe(3);
    expect(await readOutbox(dir, { to: "donor.2@example.sg" })).toHaveLength(1);
    expect(await queue.records("ZK2")).toMatchObject([{ status: "sent", attempts: 3 }]);
    expect(logged.join("\n")).not.toContain("donor.2@example.sg");
    expect(logged.join("\n")).not.toContain("tok2secret");
  });

  it("lets two drainers run at once over the same mails: each mail is sent exactly once", async () => {
    clock = START;
    const dir = outbox();
    const slow = (who: string, sink: string[]): MailerShape => ({
      send: (message) =>
        Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 15))).pipe(
          Effect.andThen(() => {
            sink.push(who);
            return outboxMailer(dir, clockOf(Date.now)).send(message);
          }),
        ),
    });
    const senders: string[] = [];
    const keys: string[] = [];
    const producer = queueOn(sql, outboxMailer(dir, clockOf(Date.now)));
    for (let n = 100; n < 160; n++) {
      keys.push(await producer.enqueue(mail(n), { key: `receipt:${n}`, ref: "ZK-together" }));
    }
    const first = queueOn(sql, slow("first", senders), { batch: 5 });
    const second = queueOn(other ?? sql, slow("second", senders), { batch: 5 });
    const [a, b] = await Promise.all([first.drain(), second.drain()]);
    expect(a.sent + b.sent).toBe(60);
    expect(a.retrying + b.retrying + a.failed + b.failed).toBe(0);
    const sent = await readOutbox(dir);
    expect(sent).toHaveLength(60);
    expect(new Set(sent.map((m) => m.to)).size).toBe(60);
    // Both took part (they ran side by side, not one after the other).
    expect(senders.filter((who) => who === "first").length).toBeGreaterThan(0);
    expect(senders.filter((who) => who === "second").length).toBeGreaterThan(0);
    const records = await first.records("ZK-together");
    expect(records.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
    expect(records).toHaveLength(60);
  });

  it("picks up a mail whose sender stalled once its lease ran out; the stalled sender's late word changes nothing", async () => {
    clock = START;
    const dir = outbox();
    let release: () => void = () => undefined;
    const stalled: MailerShape = {
      send: () => Effect.promise(() => new Promise<void>((resolve) => (release = resolve))),
    };
    const crashed = queueOn(sql, stalled, { leaseMs: 5 * MINUTE });
    const rescuer = queueOn(other ?? sql, outboxMailer(dir, clockOf(Date.now)), {
      leaseMs: 5 * MINUTE,
    });
    const key = await crashed.enqueue(mail(3), { key: "receipt:3", ref: "ZK3" });
    const hanging = crashed.deliver([key]);
    await expect.poll(async () => (await crashed.records("ZK3"))[0]?.attempts).toBe(1);
    // Leased: nobody else takes it while the lease holds.
    expect(await rescuer.drain()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    clock += 5 * MINUTE - 1;
    expect(await rescuer.drain()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    clock += 1;
    expect(await rescuer.drain()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(await readOutbox(dir, { to: "donor.3@example.sg" })).toHaveLength(1);
    // The stalled sender finally hears back: its lease is gone, so its record is not written.
    clock += MINUTE;
    release();
    await hanging;
    expect(await rescuer.records("ZK3")).toMatchObject([{ status: "sent", attempts: 2 }]);
    const [row] = await sql.query<{ sent_at: Date }>(
      "select sent_at from mail_queue where key = 'receipt:3'",
    );
    expect(new Date(row?.sent_at ?? 0).getTime()).toBe(START + 5 * MINUTE);
  });

  it("keeps the body sealed: no address, subject, link or token in the stored row", async () => {
    clock = START;
    const queue = queueOn(sql, outboxMailer(outbox(), clockOf(Date.now)));
    await queue.enqueue(mail(4, "Sealed.Donor@Example.SG"), { key: "receipt:4", ref: "ZK4" });
    const [row] = await sql.query<Record<string, unknown>>(
      "select *, encode(sealed, 'escape') as sealed_text from mail_queue where key = 'receipt:4'",
    );
    const stored =
      JSON.stringify(row) + Buffer.from(row?.["sealed"] as Uint8Array).toString("latin1");
    for (const secret of [
      "Sealed.Donor",
      "example.sg",
      "Example.SG",
      "tok4secret",
      "Your receipt",
      "https://",
    ]) {
      expect(stored).not.toContain(secret);
    }
    expect(row).toMatchObject({ kind: "receipt", ref: "ZK4", status: "queued" });
    // Under another server key it cannot be opened: the mail is given up on, not sent garbled.
    const dir = outbox();
    const stranger = mailQueue(sql, Buffer.alloc(32, 9), outboxMailer(dir, clockOf(Date.now)), {
      now,
    });
    expect(await stranger.deliver(["receipt:4"])).toEqual({ sent: 0, retrying: 0, failed: 1 });
    expect(await readOutbox(dir)).toEqual([]);
  });

  it("gives up a day after recording a mail, audit-logs it and says so; a refused recipient at once", async () => {
    clock = START;
    const logged: string[] = [];
    const down = failingFirst(1_000, outboxMailer(outbox(), clockOf(Date.now)));
    const queue = queueOn(sql, down, { log: (line) => logged.push(line) });
    await queue.enqueue(mail(5), { key: "receipt:5", ref: "ZK5" });
    let tries = 0;
    while ((await queue.records("ZK5"))[0]?.status === "queued" && tries < 50) {
      await queue.drain();
      clock += 30 * MINUTE;
      tries += 1;
    }
    const [record] = await queue.records("ZK5");
    expect(record).toMatchObject({ status: "failed", lastError: "smtp ECONNECTION 421" });
    // 1, 5, 15, 60, 120 minutes, then every 4 hours until a day has passed.
    expect(record?.attempts).toBe(10);
    expect((record?.failedAt?.getTime() ?? 0) - START).toBeLessThanOrEqual(24 * 60 * MINUTE);
    const audit = await sql.query<{ detail: Record<string, unknown> }>(
      "select detail from audit_log where action = 'mail.failed' and detail->>'ref' = 'ZK5'",
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]?.detail).toMatchObject({ kind: "receipt", attempts: 10 });
    expect(logged.join("\n")).toMatch(/GAVE UP on receipt mail .* \(ZK5\) after 10 tries/);
    expect(logged.join("\n")).not.toContain("donor.5@example.sg");

    const refusing = queueOn(
      sql,
      failingFirst(1, outboxMailer(outbox(), clockOf(Date.now)), "mail.rejected"),
    );
    await refusing.enqueue(mail(6), { key: "receipt:6", ref: "ZK6" });
    expect(await refusing.deliver(["receipt:6"])).toEqual({ sent: 0, retrying: 0, failed: 1 });
    expect(await refusing.records("ZK6")).toMatchObject([{ status: "failed", attempts: 1 }]);
  });

  it("records a mail only if the transaction around it commits", async () => {
    clock = START;
    const queue = queueOn(sql, outboxMailer(outbox(), clockOf(Date.now)));
    await expect(
      sql.transaction(async (tx) => {
        await queue.enqueue(mail(7), { key: "receipt:7", ref: "ZK7", tx });
        throw new Error("the payment's transaction failed");
      }),
    ).rejects.toThrow("failed");
    expect(await queue.records("ZK7")).toEqual([]);
    await sql.transaction(async (tx) => {
      await queue.enqueue(mail(8), { key: "receipt:8", ref: "ZK8", tx });
    });
    expect(await queue.records("ZK8")).toMatchObject([{ status: "queued" }]);
  });

  it("empties the sealed body 30 days after sending and keeps the record", async () => {
    clock = START;
    const queue = queueOn(sql, outboxMailer(outbox(), clockOf(Date.now)));
    await queue.enqueue(mail(9), { key: "receipt:9", ref: "ZK9" });
    await queue.deliver(["receipt:9"]);
    clock += 30 * 24 * 60 * MINUTE - 1;
    await queue.sweep();
    const body = async () =>
      (
        await sql.query<{ sealed: unknown }>(
          "select sealed from mail_queue where key = 'receipt:9'",
        )
      )[0]?.sealed;
    expect(await body()).not.toBeNull();
    clock += 2;
    expect(await queue.sweep()).toBeGreaterThanOrEqual(1);
    expect(await body()).toBeNull();
    expect(await queue.records("ZK9")).toMatchObject([{ status: "sent", attempts: 1 }]);
  });
});
