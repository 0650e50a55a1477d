import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import { cents, PAYNOW_QR_LIFETIME_MS, payNowCrcValid, type Cents } from "@portal/domain";
import { createSandbox } from "./sandbox";
import { memorySandboxStore } from "./sandbox-memory";

const now = new Date("2025-06-01T00:00:00Z");

describe("sandbox gateway", () => {
  const make = () =>
    createSandbox({ challengeUrl: (id) => `/3ds/${id}`, store: memorySandboxStore() });
  const method = async (sandbox: ReturnType<typeof make>, number: string) => {
    const made = await sandbox.tokenize({ number, expMonth: 1, expYear: 2030, cvc: "123" }, now);
    if ("error" in made) throw new Error(made.error);
    return made.id;
  };
  const pay = (sandbox: ReturnType<typeof make>, key: string, offSession = false) =>
    Effect.runPromise(
      sandbox.gateway.create({
        amount: 1_000 as Cents,
        currency: "SGD",
        idempotencyKey: key,
        description: "test",
        method: "card",
        offSession,
      }),
    );

  it("charges once however many confirmations race, and reports the card's token and expiry", async () => {
    const sandbox = make();
    const payment = await pay(sandbox, "k1");
    expect((await pay(sandbox, "k1")).paymentId).toBe(payment.paymentId);
    const good = await method(sandbox, "4242 4242 4242 4242");
    const bad = await method(sandbox, "4000 0000 0000 0002");
    const results = await Promise.all(
      [good, bad, good].map((id) =>
        Effect.runPromise(sandbox.gateway.confirm(payment.paymentId, id)),
      ),
    );
    expect(new Set(results.map((r) => r.state)).size).toBe(1);
    expect(results[0]).toMatchObject({
      state: "succeeded",
      paymentMethodId: good,
      card: { brand: "Visa", last4: "4242", expMonth: 1, expYear: 2030 },
    });
  });

  it("asks for 3-D Secure with the donor present, and fails it off-session", async () => {
    const sandbox = make();
    const card = await method(sandbox, "4000002760003184");
    const present = await pay(sandbox, "present");
    const challenged = await Effect.runPromise(sandbox.gateway.confirm(present.paymentId, card));
    expect(challenged).toMatchObject({ state: "pending", nextAction: { kind: "redirect" } });
    expect(await sandbox.completeChallenge(present.paymentId, true)).toBe(true);
    expect(await sandbox.completeChallenge(present.paymentId, true)).toBe(false);
    const away = await pay(sandbox, "away", true);
    expect(await Effect.runPromise(sandbox.gateway.confirm(away.paymentId, card))).toMatchObject({
      state: "failed",
      failureCode: "authentication_required",
    });
  });

  it("confirms a payment another instance made over the same store, as the one that made it", async () => {
    const store = memorySandboxStore();
    const one = createSandbox({ challengeUrl: (id) => `/3ds/${id}`, store });
    const other = createSandbox({ challengeUrl: (id) => `/3ds/${id}`, store });
    const card = await method(one, "4000002760003184");
    const away = await pay(one, "away-elsewhere", true);
    // The other instance never saw this payment made: it reads it (off session) before moving it on.
    expect(await Effect.runPromise(other.gateway.confirm(away.paymentId, card))).toMatchObject({
      state: "failed",
      failureCode: "authentication_required",
    });
    // The instance that made it answers the payment as it now is, whatever card comes with it.
    const good = await method(one, "4242424242424242");
    expect(await Effect.runPromise(one.gateway.confirm(away.paymentId, good))).toMatchObject({
      state: "failed",
    });
    expect(await Effect.runPromise(one.gateway.confirm(away.paymentId, "pm_nope"))).toMatchObject({
      state: "failed",
    });
  });

  it("refuses unknown payments and methods, bad numbers and expiries", async () => {
    const sandbox = make();
    const payment = await pay(sandbox, "k");
    await expect(
      Effect.runPromise(sandbox.gateway.confirm(payment.paymentId, "pm_nope")),
    ).rejects.toThrow();
    await expect(Effect.runPromise(sandbox.gateway.retrieve("pi_nope"))).rejects.toThrow();
    expect(
      await sandbox.tokenize(
        { number: "4242424242424241", expMonth: 1, expYear: 2030, cvc: "1" },
        now,
      ),
    ).toEqual({ error: "invalid_number" });
    expect(
      await sandbox.tokenize(
        { number: "4242424242424242", expMonth: 5, expYear: 2025, cvc: "123" },
        now,
      ),
    ).toEqual({ error: "invalid_expiry" });
    // A year no card has (1e308 is an integer to JavaScript) is refused before it reaches the store.
    for (const expYear of [1e308, 2_147_483_648, now.getUTCFullYear() + 101]) {
      expect(
        await sandbox.tokenize(
          { number: "4242424242424242", expMonth: 5, expYear, cvc: "123" },
          now,
        ),
      ).toEqual({ error: "invalid_expiry" });
    }
  });
});

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
    const paid = await sandbox.payPayNow(payload, new Date(clock.now));
    expect("paid" in paid && paid.paid.state).toBe("succeeded");
    expect(await sandbox.payPayNow(payload, new Date(clock.now))).toEqual({ error: "alreadyPaid" });
  });

  it("refuses an expired QR, one it never issued, and text that is not a QR", async () => {
    const clock = { now: start };
    const sandbox = sandboxAt(clock);
    const payment = await payNowIntent(sandbox, "d3:paynow:0");
    const payload = payment.nextAction?.payload ?? "";
    expect(await sandbox.payPayNow(payload, new Date(start + PAYNOW_QR_LIFETIME_MS + 1))).toEqual({
      error: "expired",
    });
    const other = createSandbox({
      challengeUrl: () => "",
      payNow: { uen: "T08GB0032G", merchantName: "MUIS ZAKAT" },
    });
    expect(await other.payPayNow(payload, new Date(start))).toEqual({ error: "unknown" });
    expect(await sandbox.payPayNow("hello", new Date(start))).toEqual({ error: "unreadable" });
    const retrieved = await Effect.runPromise(sandbox.gateway.retrieve(payment.paymentId));
    expect(retrieved.state).toBe("pending");
  });
});
