import {
  isFlowType,
  isWakafFlow,
  type GatewayPayment,
  type PaymentGatewayShape,
} from "@portal/domain";
import {
  createStripeGateway,
  refundSecondPayment,
  sandboxNetsTerminal,
  type NetsTerminal,
} from "@portal/adapters/payments";
import {
  kioskPayments,
  nightSchedules,
  payments,
  instalmentPlans,
  recurring,
  type DonationView,
  type MailQueue,
  type NightSchedules,
  type Payments,
  type InstalmentPlans,
  type Recurring,
} from "@portal/adapters/db";
import { umAlQuraDateOf } from "@portal/adapters";
import { verificationCodes } from "@portal/adapters/receipts";
import type { PortalClock } from "./clock";
import type { PortalConfig } from "./config";
import type { PortalDatabase } from "./database";
import type { Deferred } from "./records";
import { paymentMails, publicUrlOf } from "./receipt-mail";
import { siteOrigins } from "./site-origins";

/** Which card and PayNow gateway this process uses (PORTAL_PAYMENT_GATEWAY, checked at start-up). */
export type GatewayName = "sandbox" | "stripe";

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

/** The portal's payments, made once at start (`buildServices`, src/server/main.ts). */
export interface PortalPayments {
  readonly gatewayName: GatewayName;
  /** The gateway behind the PaymentGateway port: Stripe when configured, else the sandbox. */
  readonly gateway: PaymentGatewayShape;
  /** The gateway an attempt was made with (reconciliation asks it again); undefined for one we lack. */
  readonly gatewayNamed: (name: string) => PaymentGatewayShape | undefined;
  /** `returnUrlFor` with the public address, PORTAL_WAKAF_PUBLIC_URL and the product route. */
  readonly threeDsReturnUrl: (flow: string) => string | undefined;
  /** What the browser needs to know to take card details: which gateway, and Stripe's public key. */
  readonly browserConfiguration: {
    readonly gateway: GatewayName;
    readonly publishableKey: string;
    /** The provider's card fee, which checkout offers the donor to cover (`coverFeeCents`). */
    readonly cardFee: { readonly basisPoints: number; readonly fixedCents: number };
  };
  /**
   * Recurring plans, renewals, saved cards and manage links, on the portal's clock (tests move it
   * forward to reach a renewal or a link's expiry).
   */
  readonly recurring: Deferred<Recurring>;
  readonly instalments: Deferred<InstalmentPlans>;
  /** The last ten nights' schedules (docs/last-ten-nights.md), on the portal's clock. */
  readonly nights: Deferred<NightSchedules>;
  /** The donation and payment records of the portal's database. */
  readonly donations: Deferred<Payments>;
  /**
   * A payment the gateway reported by itself (the sandbox's PayNow and 3-D Secure; Stripe's go
   * through the webhook): applied to the donation whose attempt it is. Unknown payments are ignored.
   */
  readonly applyGatewayReport: (payment: GatewayPayment) => Promise<void>;
  /**
   * The NETS terminal beside each kiosk (docs/stand-ins.md, "NETS terminal"): the embedded sandbox
   * with the sandbox gateway (never in production, which refuses that gateway); none otherwise, as no
   * real terminal's adapter is built yet (a kiosk then pays by PayNow only).
   */
  readonly netsTerminal: NetsTerminal | undefined;
  /**
   * A paid kiosk payment's receipt e-mailed to the address the payer gave at the kiosk (kept only
   * now that they asked), queued once per receipt; undefined: not a paid kiosk payment.
   */
  readonly emailKioskReceipt: (
    donationId: string,
    email: string,
  ) => Promise<DonationView | undefined>;
}

export function portalPayments(deps: {
  readonly config: PortalConfig;
  readonly clock: PortalClock;
  readonly database: PortalDatabase;
  readonly key: Buffer;
  readonly mailQueue: Deferred<MailQueue>;
  /** The sandbox gateway (a stand-in), when the configuration does not name Stripe. */
  readonly sandbox: PaymentGatewayShape;
}): PortalPayments {
  const { config, database, key } = deps;
  const gatewayName: GatewayName = config.payments.gateway;
  const gateway: PaymentGatewayShape = config.payments.stripe
    ? createStripeGateway({
        // Both checked at start-up (src/server/config.ts): required with PORTAL_PAYMENT_GATEWAY=stripe.
        secretKey: config.payments.stripe.secretKey,
        returnUrl: `${publicUrlOf(config)}/checkout?return=3ds`,
      })
    : deps.sandbox;
  const gatewayNamed = (name: string) => (name === gatewayName ? gateway : undefined);
  const mails = paymentMails(
    {
      publicUrl: publicUrlOf(config),
      wakafPublicUrl: siteOrigins({ ...config, publicUrl: publicUrlOf(config) }).wakaf,
      productRoute: config.productRoute,
      verificationCode: verificationCodes(key).of,
    },
    deps.mailQueue,
  );
  const recurringRecords = database.over((sql) => recurring(sql, { now: deps.clock.nowMs }));
  const instalmentRecords = database.over((sql) => instalmentPlans(sql, { now: deps.clock.nowMs }));
  const nightRecords = database.over((sql) =>
    nightSchedules(sql, { now: deps.clock.nowMs, estimate: umAlQuraDateOf }),
  );
  const donations: Deferred<Payments> = database.over(async (sql) => {
    const plans = await recurringRecords();
    return payments(sql, key, {
      onSucceeded: plans.onSucceeded,
      // A recurring gift's receipt (first payment or renewal) carries a new "manage this gift" link;
      // a night of the last ten nights' receipt a new link to its schedule (docs/last-ten-nights.md).
      onPaidInTransaction: async (tx, donation, contact) =>
        mails.queueReceiptMail(
          tx,
          donation,
          contact,
          donation.frequency === "one time" || !contact.email
            ? undefined
            : await plans.issueManageLink(tx, donation.id),
          donation.frequency === "one time" && contact.email && isWakafFlow(donation.flow)
            ? await (await nightRecords()).issueManageLink(tx, donation.id)
            : undefined,
        ),
      onPaid: mails.sendReceiptMail,
      onFailed: plans.settleFailedRenewal,
      onDuplicate: async (gatewayRef, name) =>
        refundSecondPayment(
          { records: await donations(), gateway: gatewayNamed },
          gatewayRef,
          name,
        ),
      onRefundedInTransaction: mails.queueRefundMail,
      onRefunded: mails.sendRefundMail,
    });
  });
  return {
    gatewayName,
    gateway,
    gatewayNamed,
    threeDsReturnUrl: (flow) =>
      returnUrlFor(flow, {
        publicUrl: publicUrlOf(config),
        wakafPublicUrl: config.wakafPublicUrl,
        productRoute: config.productRoute,
      }),
    browserConfiguration: {
      gateway: gatewayName,
      publishableKey: config.payments.stripe?.publishableKey ?? "",
      cardFee: config.payments.cardFee,
    },
    recurring: recurringRecords,
    nights: nightRecords,
    instalments: instalmentRecords,
    donations,
    applyGatewayReport: async (payment) => {
      const records = await donations();
      const donationId = await records.donationOfAttempt(payment.paymentId);
      if (donationId) await records.apply(donationId, payment);
    },
    netsTerminal: gatewayName === "sandbox" ? sandboxNetsTerminal() : undefined,
    emailKioskReceipt: async (donationId, email) => {
      const kiosk = kioskPayments(await database.open(), key);
      const paid = await kiosk.emailReceipt(donationId, email, (tx, donation, to) =>
        mails.queueReceiptMail(tx, donation, { email: to }),
      );
      if (paid) await mails.sendReceiptMail(paid, { email });
      return paid;
    },
  };
}
