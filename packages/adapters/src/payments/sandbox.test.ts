import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import { cents, payNowCrcValid } from "@portal/domain";
import { createSandbox, PAYNOW_QR_LIFETIME_MS } from "./sandbox";

const start = Date.UTC(2026, 10, 21, 2, 0, 0);

const sandboxAt = (clock: { now: number }) =>
  createSandbox({
    challengeUrl: (id) => `/sandbox/3ds?payment=${id}`,
    payNow: { uen: "T08GB0032G", merchantName: "MUIS ZAKAT" },
    now: () => clock.now,
  });

const payNowIntent = (sandbox: ReturnType<typeof sandboxAt>, key: string) =>
  Effect.runPromise(
    sandbox.gateway.create({
      amount: cents(4_000),
      currency: "SGD",
      idempotencyKey: key,
      description: "ZK17000000001",
      method: "paynow",
    }),
  );

describe("sandbox PayNow", () => {
  it("answers a PayNow payment with a QR to scan, and the same one for a repeated key", async () => {
    const clock = { now: start };
    const sandbox = sandboxAt(clock);
    const payment = await payNowIntent(sandbox, "d1:paynow:0");
    expect(payment.state).toBe("pending");
    expect(payment.nextAction?.kind).toBe("qr");
    expect(payNowCrcValid(payment.nextAction?.payload ?? "")).toBe(true);
    expect(await payNowIntent(sandbox, "d1:paynow:0")).toEqual(payment);
  });

  it("pays a QR once, within its 300 s", async () => {
    const clock = { now: start };
    const sandbox = sandboxAt(clock);
    const payment = await payNowIntent(sandbox, "d2:paynow:0");
    const payload = payment.nextAction?.payload ?? "";
    clock.now += PAYNOW_QR_LIFETIME_MS;
    const paid = sandbox.payPayNow(payload, new Date(clock.now));
    expect("paid" in paid && paid.paid.state).toBe("succeeded");
    expect(sandbox.payPayNow(payload, new Date(clock.now))).toEqual({ error: "alreadyPaid" });
  });

  it("refuses an expired QR, one it never issued, and text that is not a QR", async () => {
    const clock = { now: start };
    const sandbox = sandboxAt(clock);
    const payment = await payNowIntent(sandbox, "d3:paynow:0");
    const payload = payment.nextAction?.payload ?? "";
    expect(sandbox.payPayNow(payload, new Date(start + PAYNOW_QR_LIFETIME_MS + 1))).toEqual({
      error: "expired",
    });
    const other = createSandbox({
      challengeUrl: () => "",
      payNow: { uen: "T08GB0032G", merchantName: "MUIS ZAKAT" },
    });
    expect(other.payPayNow(payload, new Date(start))).toEqual({ error: "unknown" });
    expect(sandbox.payPayNow("hello", new Date(start))).toEqual({ error: "unreadable" });
    const retrieved = await Effect.runPromise(sandbox.gateway.retrieve(payment.paymentId));
    expect(retrieved.state).toBe("pending");
  });
});
