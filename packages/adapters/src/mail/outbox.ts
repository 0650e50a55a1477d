import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { Effect } from "effect";
import { portError, type ClockShape, type MailMessage, type MailerShape } from "@portal/domain";

/** A mail as kept in the outbox: the message plus when it was written and its file id. */
export interface OutboxMail extends MailMessage {
  readonly id: string;
  readonly sentAt: string;
}

/**
 * The embedded mailer: every message becomes one JSON file in `dir` (PORTAL_DATA_DIR/outbox), named
 * so that a directory listing is in sending order. Written to a temporary name and renamed, so a reader
 * never sees half a message. The time it was written is the given clock's (the portal's Clock port).
 */
export const outboxMailer = (dir: string, clock: ClockShape): MailerShape => ({
  send: (message) =>
    Effect.flatMap(clock.now(), (nowMs) =>
      Effect.tryPromise({
        try: async () => {
          await mkdir(dir, { recursive: true });
          const sentAt = new Date(nowMs);
          const id = `${sentAt.getTime().toString().padStart(15, "0")}-${randomBytes(6).toString("hex")}`;
          const mail: OutboxMail = { ...message, id, sentAt: sentAt.toISOString() };
          const file = path.join(dir, `${id}.json`);
          await writeFile(`${file}.tmp`, JSON.stringify(mail, null, 2), { mode: 0o600 });
          await rename(`${file}.tmp`, file);
        },
        catch: (cause) => portError("Mailer", "port.unavailable", `outbox: ${String(cause)}`),
      }),
    ),
});

/** Every mail in the outbox, oldest first; optionally only those to one address (any case). */
export async function readOutbox(
  dir: string,
  filter: { readonly to?: string; readonly kind?: string } = {},
): Promise<OutboxMail[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith(".json")).sort();
  } catch {
    return [];
  }
  const mails = await Promise.all(
    names.map(
      async (name) => JSON.parse(await readFile(path.join(dir, name), "utf8")) as OutboxMail,
    ),
  );
  return mails.filter(
    (mail) =>
      (filter.to === undefined || mail.to.toLowerCase() === filter.to.toLowerCase()) &&
      (filter.kind === undefined || mail.kind === filter.kind),
  );
}
