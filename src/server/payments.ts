import {
  createSandbox,
  sqlSandboxStore,
  type Sandbox,
  type SandboxStore,
} from "@portal/adapters/payments";
import { payments, recurring, type Payments, type Recurring } from "@portal/adapters/db";
import type { PaymentGatewayShape } from "@portal/domain";
import { database } from "./database";
import { serverKey } from "./secrets";
import { shared } from "./shared";

/**
 * The sandbox's records live in the database (tables of its own), written before it answers, so it
 * survives the portal like a remote provider does; the store opens the database on first use.
 */
const sandboxStore = (): SandboxStore => {
  const store = () => shared("sandboxStore", () => database().then(sqlSandboxStore));
  return {
    putMethod: async (method) => (await store()).putMethod(method),
    method: async (id) => (await store()).method(id),
    createPayment: async (payment) => (await store()).createPayment(payment),
    payment: async (id) => (await store()).payment(id),
    transition: async (id, from, to) => (await store()).transition(id, from, to),
  };
};

/** The embedded card gateway (the only one until the Stripe adapter lands). */
export const sandbox: Sandbox = shared("sandbox", () =>
  createSandbox({
    challengeUrl: (paymentId) => `/sandbox/3ds?payment=${encodeURIComponent(paymentId)}`,
    store: sandboxStore(),
  }),
);

export const gatewayName = "sandbox";

/** A gateway by the name recorded with a payment attempt or a plan. */
export const gatewayNamed = (name: string): PaymentGatewayShape | undefined =>
  name === "sandbox" ? sandbox.gateway : undefined;

/** Recurring plans, renewals and saved cards, on the server's clock. */
export const recurringRecords = (): Promise<Recurring> =>
  shared("recurring", () => database().then((sql) => recurring(sql, { now: () => Date.now() })));

/** The donation and payment records of this process's database. */
export const donations = (): Promise<Payments> =>
  shared("payments", async () => {
    const [sql, plans] = await Promise.all([database(), recurringRecords()]);
    return payments(sql, serverKey(), { onSucceeded: plans.onSucceeded });
  });
