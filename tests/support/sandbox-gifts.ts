import { randomBytes } from "node:crypto";
import { Effect } from "effect";
import type { Cents } from "@portal/domain";
import { payments, type Sql } from "@portal/adapters/db";
import type { Sandbox } from "@portal/standins";

/**
 * A card gift paid through the sandbox gateway as checkout pays one (create, the gateway's payment,
 * the attempt, its confirmation applied), straight on the records: zakat harta or wakaf ilmu, by a
 * signed-in donor (`donorId`) or a guest. Its view as applied, with its receipt and gateway payment.
 */
export async function paidBySandbox(
  sql: Sql,
  key: Buffer,
  sandbox: Sandbox,
  cents: number,
  options: { flow?: "ZAKAT" | "ILMU"; donorId?: string | null; giftEmail?: string } = {},
) {
  const { flow = "ZAKAT", donorId = null, giftEmail } = options;
  const records = payments(sql, key);
  const amounts = flow === "ZAKAT" ? { harta: cents } : { ilmu: cents };
  const { donation } = await records.create({
    idempotencyKey: randomBytes(8).toString("hex"),
    request: { cents, flow },
    flow,
    amounts: amounts as unknown as Record<string, Cents>,
    total: cents as Cents,
    inputs: {},
    donorDetails: { name: "Nur Aisyah", email: "aisyah@example.sg", anonymous: false },
    frequency: "one time",
    ratesVersion: 1,
    donorId,
    ...(giftEmail === undefined ? {} : { giftEmail }),
  });
  const made = await sandbox.tokenize(
    { number: "4242424242424242", expMonth: 1, expYear: 2040, cvc: "123" },
    new Date(),
  );
  if ("error" in made) throw new Error(made.error);
  const payment = await Effect.runPromise(
    sandbox.gateway.create({
      amount: cents as Cents,
      currency: "SGD",
      idempotencyKey: `pay:${donation.id}`,
      description: donation.transactionNo,
      method: "card",
    }),
  );
  await records.startAttempt(donation.id, "sandbox", payment);
  const done = await records.apply(
    donation.id,
    await Effect.runPromise(sandbox.gateway.confirm(payment.paymentId, made.id)),
  );
  const { receipt } = done;
  if (!receipt) throw new Error("not receipted");
  return { ...done, receipt, paymentId: payment.paymentId, token: receipt.token };
}
