import { randomUUID } from "node:crypto";
import { Effect, Result } from "effect";
import { portError, type MailMessage, type MailerShape } from "@portal/domain";
import { sealing } from "./personal-data";
import type { Sql, SqlQuery } from "./sql";

const MINUTE = 60_000;

/** Waits between tries of a mail that could not be delivered: 1, 5, 15, 60, 120 min, then 4 h. */
export const MAIL_RETRY_DELAYS_MS: ReadonlyArray<number> = [1, 5, 15, 60, 120, 240].map(
  (minutes) => minutes * MINUTE,
);

export interface MailQueueOptions {
  /** The clock (ms): when a mail is due, when a lease ends. The server passes its payment clock. */
  readonly now?: () => number;
  /** How long a claim holds a mail; longer than a send can take (the transport times out first). */
  readonly leaseMs?: number;
  /** Wait before try n+1 after try n failed; the last repeats. */
  readonly retryDelaysMs?: ReadonlyArray<number>;
  /** A mail not delivered this long after it was recorded is given up on (marked failed). */
  readonly giveUpAfterMs?: number;
  /** How long a sent or failed mail keeps its sealed body before `sweep` empties it. */
  readonly keepBodyMs?: number;
  /** Mails claimed at a time by one drainer. */
  readonly batch?: number;
  /** Where failures and given-up mails are reported (never with an address or a body). */
  readonly log?: (message: string) => void;
}

/** How a delivery round went. */
export interface DeliveryReport {
  readonly sent: number;
  /** Failed this time, waiting for their next try. */
  readonly retrying: number;
  /** Given up on: refused for good, or still failing a day after being recorded. */
  readonly failed: number;
}

/** A mail's record as an officer sees it: what and when, never to whom or what it said. */
export interface MailRecord {
  readonly key: string;
  readonly kind: string;
  readonly ref: string | null;
  readonly status: "queued" | "sent" | "failed";
  readonly attempts: number;
  readonly lastError: string | null;
  readonly createdAt: Date;
  readonly sentAt: Date | null;
  readonly failedAt: Date | null;
}

export interface MailQueue {
  /**
   * Record a mail to send, sealed; with `tx`, inside that transaction (the mail exists exactly when
   * the transaction commits). `key` makes it idempotent: a key already recorded records nothing.
   * `ref` (a transaction number) lets an officer find the mail; it must name no one. Returns the key.
   */
  readonly enqueue: (
    message: MailMessage,
    options?: { readonly key?: string; readonly ref?: string; readonly tx?: SqlQuery },
  ) => Promise<string>;
  /** A mail sealed for its row `id`, for a caller that records many in one statement. */
  readonly seal: (message: MailMessage, id: string) => Uint8Array;
  /** Try now to deliver these mails (those not sent, due and not claimed by another drainer). */
  readonly deliver: (keys: ReadonlyArray<string>) => Promise<DeliveryReport>;
  /** Deliver every mail that is due, a batch at a time, until none is left or the transport is down. */
  readonly drain: () => Promise<DeliveryReport>;
  /** Empty the sealed body of mails sent or given up on more than `keepBodyMs` ago; returns how many. */
  readonly sweep: () => Promise<number>;
  /** The records of the mails about `ref`, oldest first. */
  readonly records: (ref: string) => Promise<ReadonlyArray<MailRecord>>;
  /**
   * Drain and sweep now, then every `intervalMs`, one pass at a time per process (several processes
   * may run it together: claims are leased). Returns how to stop it.
   */
  readonly start: (options: { readonly intervalMs: number }) => {
    readonly firstPass: Promise<unknown>;
    readonly stop: () => void;
  };
}

interface ClaimedRow {
  id: string;
  key: string;
  kind: string;
  ref: string | null;
  sealed: Uint8Array;
  attempts: number;
  created_at: Date | string;
}

const at = (ms: number) => new Date(ms).toISOString();
const none: DeliveryReport = { sent: 0, retrying: 0, failed: 0 };
const add = (a: DeliveryReport, b: DeliveryReport): DeliveryReport => ({
  sent: a.sent + b.sent,
  retrying: a.retrying + b.retrying,
  failed: a.failed + b.failed,
});

/**
 * The durable mail queue over one database, delivering through `transport` (SMTP, or the local
 * outbox). Mails are sealed with a key derived from the server's key; only the kind, a reference and
 * the delivery record are in clear. Delivery is at least once: a mail is marked sent after the
 * transport accepted it, so a sender killed between the two sends it again when its lease runs out
 * (minutes later); otherwise each mail is sent once, however many drainers run.
 */
export function mailQueue(
  sql: Sql,
  serverKey: Buffer,
  transport: MailerShape,
  options: MailQueueOptions = {},
): MailQueue {
  const now = options.now ?? (() => Date.now());
  const leaseMs = options.leaseMs ?? 5 * MINUTE;
  const delays = options.retryDelaysMs ?? MAIL_RETRY_DELAYS_MS;
  const giveUpAfterMs = options.giveUpAfterMs ?? 24 * 60 * MINUTE;
  const keepBodyMs = options.keepBodyMs ?? 30 * 24 * 60 * MINUTE;
  const batch = options.batch ?? 20;
  const log = options.log ?? (() => undefined);
  const sealer = sealing(serverKey, "portal:mail-queue:v1");
  const rowContext = (id: string) => Buffer.from(id, "utf8");

  /** Claim up to `limit` due mails (of `keys` only, when given) for this drainer, with a lease. */
  const claim = async (limit: number, keys?: ReadonlyArray<string>) => {
    const token = randomUUID();
    const time = now();
    const rows = await sql.query<ClaimedRow>(
      `with picked as materialized (
         select id from mail_queue
         where status = 'queued' and next_attempt_at <= $1
           and (lease_until is null or lease_until <= $1)
           and ($5::jsonb is null or key in (select jsonb_array_elements_text($5::jsonb)))
         order by next_attempt_at, created_at
         limit $4
         for update skip locked
       )
       update mail_queue m set lease_until = $2, lease_token = $3, attempts = m.attempts + 1
       from picked where m.id = picked.id
       returning m.id, m.key, m.kind, m.ref, m.sealed, m.attempts, m.created_at`,
      [at(time), at(time + leaseMs), token, limit, keys ? JSON.stringify(keys) : null],
    );
    return { token, rows };
  };

  const settleSent = (row: ClaimedRow, token: string) =>
    sql.query(
      `update mail_queue set status = 'sent', sent_at = $3, lease_until = null, lease_token = null,
         last_error = null
       where id = $1 and lease_token = $2`,
      [row.id, token, at(now())],
    );

  const settleFailed = async (
    row: ClaimedRow,
    token: string,
    reason: string,
    forGood: boolean,
  ): Promise<"retrying" | "failed"> => {
    const time = now();
    const delay = delays[Math.min(row.attempts, delays.length) - 1] ?? delays.at(-1) ?? MINUTE;
    const next = time + delay;
    const giveUp = forGood || next > new Date(row.created_at).getTime() + giveUpAfterMs;
    if (!giveUp) {
      await sql.query(
        `update mail_queue set next_attempt_at = $3, lease_until = null, lease_token = null,
           last_error = $4
         where id = $1 and lease_token = $2`,
        [row.id, token, at(next), reason],
      );
      log(
        `${row.kind} mail ${row.id} not delivered (try ${row.attempts}: ${reason}); next try at ${at(next)}`,
      );
      return "retrying";
    }
    const given = await sql.transaction(async (tx) => {
      const [updated] = await tx.query<{ id: string }>(
        `update mail_queue set status = 'failed', failed_at = $3, lease_until = null,
           lease_token = null, last_error = $4
         where id = $1 and lease_token = $2 returning id`,
        [row.id, token, at(time), reason],
      );
      if (!updated) return false;
      await tx.query(
        `insert into audit_log (actor, action, entity, entity_id, detail)
         values ('mailer', 'mail.failed', 'mail', $1, $2)`,
        [row.id, JSON.stringify({ kind: row.kind, ref: row.ref, attempts: row.attempts, reason })],
      );
      return true;
    });
    if (given) {
      log(
        `GAVE UP on ${row.kind} mail ${row.id}${row.ref ? ` (${row.ref})` : ""} after ${row.attempts} tries: ${reason}`,
      );
    }
    return "failed";
  };

  /** Send one claimed mail and record how it went. */
  const sendOne = async (
    row: ClaimedRow,
    token: string,
  ): Promise<"sent" | "retrying" | "failed"> => {
    let message: MailMessage;
    try {
      message = JSON.parse(sealer.open(row.sealed, rowContext(row.id))) as MailMessage;
    } catch {
      // Sealed under another server key: no instance here can ever read it.
      return settleFailed(row, token, "sealed body unreadable (server key changed?)", true);
    }
    let outcome: Result.Result<void, { readonly code: string; readonly message: string }>;
    try {
      outcome = await Effect.runPromise(Effect.result(transport.send(message)));
    } catch {
      outcome = Result.fail({ code: "port.unavailable", message: "transport failed" });
    }
    if (Result.isSuccess(outcome)) {
      await settleSent(row, token);
      return "sent";
    }
    return settleFailed(
      row,
      token,
      outcome.failure.message,
      outcome.failure.code === "mail.rejected",
    );
  };

  const deliverClaimed = async (claimed: {
    readonly token: string;
    readonly rows: ReadonlyArray<ClaimedRow>;
  }): Promise<DeliveryReport> => {
    const outcomes = await Promise.all(claimed.rows.map((row) => sendOne(row, claimed.token)));
    return {
      sent: outcomes.filter((o) => o === "sent").length,
      retrying: outcomes.filter((o) => o === "retrying").length,
      failed: outcomes.filter((o) => o === "failed").length,
    };
  };

  const drain = async (): Promise<DeliveryReport> => {
    let report = none;
    for (;;) {
      const claimed = await claim(batch);
      if (claimed.rows.length === 0) return report;
      const round = await deliverClaimed(claimed);
      report = add(report, round);
      // Nothing got through: the transport is down. Leave the rest unclaimed (their tries uncounted)
      // for the next pass rather than wait out a timeout per mail.
      if (round.sent === 0 && round.retrying > 0) return report;
      if (claimed.rows.length < batch) return report;
    }
  };

  const sweep = async () => {
    const rows = await sql.query<{ id: string }>(
      `update mail_queue set sealed = null
       where sealed is not null and status <> 'queued' and coalesce(sent_at, failed_at) < $1
       returning id`,
      [at(now() - keepBodyMs)],
    );
    return rows.length;
  };

  return {
    enqueue: async (message, { key, ref, tx } = {}) => {
      const id = randomUUID();
      const chosen = key ?? `mail:${id}`;
      const time = at(now());
      await (tx ?? sql).query(
        `insert into mail_queue (id, key, kind, ref, sealed, next_attempt_at, created_at)
         values ($1, $2, $3, $4, $5, $6, $6) on conflict (key) do nothing`,
        [
          id,
          chosen,
          message.kind,
          ref ?? null,
          sealer.seal(JSON.stringify(message), rowContext(id)),
          time,
        ],
      );
      return chosen;
    },

    seal: (message, id) => sealer.seal(JSON.stringify(message), rowContext(id)),
    deliver: async (keys) =>
      keys.length === 0 ? none : deliverClaimed(await claim(keys.length, keys)),

    drain,
    sweep,

    records: async (ref) =>
      (
        await sql.query<{
          key: string;
          kind: string;
          ref: string | null;
          status: MailRecord["status"];
          attempts: number;
          last_error: string | null;
          created_at: Date | string;
          sent_at: Date | string | null;
          failed_at: Date | string | null;
        }>(
          `select key, kind, ref, status, attempts, last_error, created_at, sent_at, failed_at
           from mail_queue where ref = $1 order by created_at, key`,
          [ref],
        )
      ).map((row) => ({
        key: row.key,
        kind: row.kind,
        ref: row.ref,
        status: row.status,
        attempts: row.attempts,
        lastError: row.last_error,
        createdAt: new Date(row.created_at),
        sentAt: row.sent_at === null ? null : new Date(row.sent_at),
        failedAt: row.failed_at === null ? null : new Date(row.failed_at),
      })),

    start: ({ intervalMs }) => {
      let running: Promise<unknown> = Promise.resolve();
      let stopped = false;
      const pass = () => {
        running = running
          .then(async () => {
            if (stopped) return;
            const report = await drain();
            if (report.sent + report.retrying + report.failed > 0) {
              log(
                `queue: ${report.sent} sent, ${report.retrying} to retry, ${report.failed} given up`,
              );
            }
            await sweep();
          })
          .catch((error: unknown) =>
            log(`queue pass failed: ${error instanceof Error ? error.message : "unknown"}`),
          );
        return running;
      };
      const firstPass = pass();
      const timer = setInterval(() => void pass(), intervalMs);
      timer.unref();
      return {
        firstPass,
        stop: () => {
          stopped = true;
          clearInterval(timer);
        },
      };
    },
  };
}

/**
 * A Mailer that records each mail in the queue first, then tries it at once, waiting at most
 * `waitMs` for that try (a slow server must not hold up the caller; the mail is safe either way).
 * A mail the queue recorded counts as sent: the queue's own retries take it from there.
 */
export const queuedMailer = (
  queue: () => Promise<MailQueue>,
  { waitMs = 5_000 }: { readonly waitMs?: number } = {},
): MailerShape => ({
  send: (message) =>
    Effect.tryPromise({
      try: async () => {
        const mails = await queue();
        const key = await mails.enqueue(message);
        await deliverWithin(mails, [key], waitMs);
      },
      catch: (cause) =>
        portError(
          "Mailer",
          "port.unavailable",
          `mail queue: ${cause instanceof Error ? cause.message : "unavailable"}`,
        ),
    }),
});

/**
 * Try `keys` now, but return after `waitMs` at the latest (the try goes on; its lease keeps other
 * drainers off, and a failure is recorded as usual). Never throws: the mails are queued either way.
 */
export const deliverWithin = async (
  queue: MailQueue,
  keys: ReadonlyArray<string>,
  waitMs: number,
): Promise<void> => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const attempt = queue.deliver(keys).catch(() => undefined);
  await Promise.race([
    attempt,
    new Promise((resolve) => {
      timer = setTimeout(resolve, waitMs);
      timer.unref();
    }),
  ]);
  clearTimeout(timer);
};
