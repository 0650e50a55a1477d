import { createSandbox, type Sandbox } from "@portal/adapters/payments";
import { payments, type Payments } from "@portal/adapters/db";
import { database } from "./database";
import { serverKey } from "./secrets";

/** The embedded card gateway (the only one until the Stripe adapter lands). */
export const sandbox: Sandbox = createSandbox({
  challengeUrl: (paymentId) => `/sandbox/3ds?payment=${encodeURIComponent(paymentId)}`,
});

export const gatewayName = "sandbox";

let records: Promise<Payments> | undefined;

/** The donation and payment records of this process's database. */
export const donations = (): Promise<Payments> => {
  records ??= database().then((sql) => payments(sql, serverKey()));
  return records;
};
