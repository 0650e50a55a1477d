import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import { clockOf } from "@portal/domain";
import { outboxMailer, readOutbox } from "./outbox";

describe("outbox mailer", () => {
  it("keeps every message in sending order and finds them by address and kind", async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), "outbox-")), "outbox");
    let clock = 1_700_000_000_000;
    const mailer = outboxMailer(
      dir,
      clockOf(() => clock++),
    );
    await Effect.runPromise(
      mailer.send({
        to: "Aminah@Example.sg",
        subject: "Code",
        text: "123456",
        kind: "signup-code",
        meta: { code: "123456" },
      }),
    );
    await Effect.runPromise(
      mailer.send({ to: "other@example.sg", subject: "Receipt", text: "r", kind: "receipt" }),
    );
    await Effect.runPromise(
      mailer.send({ to: "aminah@example.sg", subject: "Receipt", text: "r2", kind: "receipt" }),
    );

    expect(readdirSync(dir).some((name) => name.endsWith(".tmp"))).toBe(false);
    const mine = await readOutbox(dir, { to: "aminah@example.sg" });
    expect(mine.map((mail) => mail.kind)).toEqual(["signup-code", "receipt"]);
    expect(mine[0]?.meta?.["code"]).toBe("123456");
    // Written at the clock's time, not the machine's.
    expect(mine.map((mail) => mail.sentAt)).toEqual([
      new Date(1_700_000_000_000).toISOString(),
      new Date(1_700_000_000_002).toISOString(),
    ]);
    expect(await readOutbox(dir, { kind: "receipt" })).toHaveLength(2);
  });

  it("reads an outbox that was never written as empty", async () => {
    expect(await readOutbox(path.join(tmpdir(), "no-such-outbox-here"))).toEqual([]);
  });
});
