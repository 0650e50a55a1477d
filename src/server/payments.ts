import { createSandbox, type Sandbox } from "@portal/adapters/payments";
import { payments, type Payments } from "@portal/adapters/db";
import { database } from "./database";
import { serverKey } from "./secrets";
import { shared } from "./shared";

/** The embedded card gateway (the only one until the Stripe adapter lands). */
export const sandbox: Sandbox = shared("sandbox", () =>
  createSandbox({
    challengeUrl: (paymentId) => `/sandbox/3ds?payment=${encodeURIComponent(paymentId)}`,
  }),
);

export const gatewayName = "sandbox";

/** The donation and payment records of this process's database. */
export const donations = (): Promise<Payments> =>
  shared("payments", () => database().then((sql) => payments(sql, serverKey())));
