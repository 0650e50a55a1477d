import {
  isFlowType,
  isWakafFlow,
  type GatewayPayment,
  type PaymentGatewayShape,
} from "@portal/domain";
import { createStripeGateway, refundSecondPayment } from "@portal/adapters/payments";
import { payments, recurring, type Payments, type Recurring } from "@portal/adapters/db";
import { portalNow } from "./clock";
import { database } from "./database";
import { productRoute } from "./records";
import {
  publicUrl,
  queueReceiptMail,
  queueRefundMail,
  sendReceiptMail,
  sendRefundMail,
} from "./receipt-mail";
import { serverKey } from "./secrets";
import { config, scoped } from "./root";
import { siteOrigins } from "./site-origins";
import { sandboxGateway } from "./standins";

/** Which card and PayNow gateway this process uses (PORTAL_PAYMENT_GATEWAY, checked at start-up). */
export type GatewayName = "sandbox" | "stripe";

export const gatewayName = (): GatewayName => config().payments.gateway;

/** The gateway behind the PaymentGateway port: Stripe when configured, else the sandbox (a stand-in). */
export const gateway = (): PaymentGatewayShape =>
  scoped("gateway", ({ config }) =>
    config.payments.stripe
      ? createStripeGateway({
          // Both checked at start-up (src/server/config.ts): required with PORTAL_PAYMENT_GATEWAY=stripe.
          secretKey: config.payments.stripe.secretKey,
          returnUrl: `${config.publicUrl.replace(/\/$/, "")}/checkout?return=3ds`,
        })
      : sandboxGateway,
  );

/**
 * Where a donor comes back after the bank's 3-D Secure page: the host they paid on, because the checkout
 * lives in that tab's storage. The wakaf brand's funds (ILMU, WMS) return to the wakaf public address, by
 * default the public address's host with the product route in front (`wakaf.localhost`, as `npm start`
 * serves it); undefined means the gateway's own default (the public address).
 */
export const returnUrlFor = (
  flow: string,
  config: {
    readonly publicUrl: string;
    readonly wakafPublicUrl?: string | undefined;
    readonly productRoute: string;
  },
): string | undefined => {
  if (!isFlowType(flow) || !isWakafFlow(flow)) return undefined;
  return `${siteOrigins(config).wakaf}/checkout?return=3ds`;
};

/** `returnUrlFor` with the public address (`publicUrl`, as e-mail links use), PORTAL_WAKAF_PUBLIC_URL and the product route. */
export const threeDsReturnUrl = (flow: string): string | undefined =>
  returnUrlFor(flow, {
    publicUrl: publicUrl(),
    wakafPublicUrl: config().wakafPublicUrl,
    productRoute: productRoute(),
  });

/** The gateway an attempt was made with (reconciliation asks it again); undefined for one we lack. */
export const gatewayNamed = (name: string): PaymentGatewayShape | undefined =>
  name === gatewayName() ? gateway() : undefined;

/** What the browser needs to know to take card details: which gateway, and Stripe's public key. */
export const browserPaymentConfiguration = () => ({
  gateway: gatewayName(),
  publishableKey: config().payments.stripe?.publishableKey ?? "",
});

/**
 * Recurring plans, renewals, saved cards and manage links, on the portal's clock (tests move it
 * forward to reach a renewal or a link's expiry).
 */
export const recurringRecords = (): Promise<Recurring> =>
  scoped("recurring", () => database().then((sql) => recurring(sql, { now: portalNow })));

/** The donation and payment records of this process's database. */
export const donations = (): Promise<Payments> =>
  scoped("payments", async () => {
    const [sql, plans] = await Promise.all([database(), recurringRecords()]);
    return payments(sql, serverKey(), {
      onSucceeded: plans.onSucceeded,
      // A recurring gift's receipt (first payment or renewal) carries a new "manage this gift" link.
      onPaidInTransaction: async (tx, donation, contact) =>
        queueReceiptMail(
          tx,
          donation,
          contact,
          donation.frequency === "one time" || !contact.email
            ? undefined
            : await plans.issueManageLink(tx, donation.id),
        ),
      onPaid: sendReceiptMail,
      onFailed: plans.settleFailedRenewal,
      onDuplicate: async (gatewayRef, name) =>
        refundSecondPayment(
          { records: await donations(), gateway: gatewayNamed },
          gatewayRef,
          name,
        ),
      onRefundedInTransaction: queueRefundMail,
      onRefunded: sendRefundMail,
    });
  });

/**
 * A payment the gateway reported by itself (the sandbox's PayNow and 3-D Secure; Stripe's go through
 * the webhook): applied to the donation whose attempt it is. Unknown payments are ignored.
 */
export const applyGatewayReport = async (payment: GatewayPayment): Promise<void> => {
  const sql = await database();
  const [attempt] = await sql.query<{ donation_id: string }>(
    "select donation_id from payment_attempt where gateway_ref = $1",
    [payment.paymentId],
  );
  if (attempt) await (await donations()).apply(attempt.donation_id, payment);
};
