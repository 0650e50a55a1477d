import { Schema } from "effect";
import { validateEmail } from "@portal/domain";
import { kioskPaymentOf, kioskReceipt, payKioskByNets, startKioskPayment } from "../app/kiosk";
import { enforceLimits } from "../rate-limits/shared";
import { decode, Text } from "./decode";
import { check } from "./donor-input";
import { RequestError, success } from "./envelope";
import type { Handler, HandlerServices } from "./types";
import { verificationByNumber } from "./verify";

// A kiosk's calls (issue 32; docs/counter.md "Kiosks"). Only the first is the kiosk's own word: a
// request its key signed. The rest are keyed by the payment's client secret, as the online payment
// calls are, and refuse a payment that no kiosk started.

const StartBody = Schema.Struct({
  kioskId: Text(36),
  // A household of 20 named people signs about 2.5 KB.
  text: Schema.String.check(Schema.isMaxLength(8_000)),
  signature: Text(200),
});
const Ref = Schema.Struct({ donationId: Text(64), clientSecret: Text(200) });
const ReceiptBody = Schema.Struct({
  ...Ref.fields,
  lang: Schema.optionalKey(Schema.Literals(["en", "ms"])),
});
const EmailBody = Schema.Struct({ ...Ref.fields, email: Text(254) });

/**
 * Starts from one address an hour: a mosque's kiosks behind one address take a payment a minute or
 * two each; someone trying keys or kiosk ids does not get far.
 */
const STARTS_PER_ADDRESS_HOUR = 600;
/** Receipt e-mails asked from one address an hour (each needs a paid kiosk payment's secret). */
const EMAILS_PER_ADDRESS_HOUR = 120;

export const kioskHandlers = ({ services, app }: HandlerServices) =>
  ({
    startKioskPayment: async ({ body, clientAddress }) => {
      await enforceLimits(services, [
        [
          { name: "kiosk:address", limit: STARTS_PER_ADDRESS_HOUR, windowMs: 60 * 60_000 },
          clientAddress,
        ],
      ]);
      const input = decode(StartBody, body);
      const started = await app.run(startKioskPayment(input));
      const { donation, mosqueName } = started;
      return success(
        { data: { ...donation, mosqueName } },
        started.replayed ? { "idempotent-replayed": "true" } : {},
      );
    },
    payKioskByNets: async ({ body }) =>
      success({ data: await app.run(payKioskByNets(decode(Ref, body))) }),
    /** The receipt as the kiosk shows it: number, fund, amount, mosque, method, and its verification. */
    kioskReceipt: async ({ body }) => {
      const { lang = "en", ...ref } = decode(ReceiptBody, body);
      const receipt = await app.run(kioskReceipt(ref));
      const verification = await verificationByNumber(services, receipt, lang);
      return success({
        data: {
          receiptNo: receipt.receiptNo,
          transactionNo: receipt.transactionNo,
          flow: receipt.flow,
          amounts: receipt.amounts,
          totalCents: receipt.totalCents,
          mosqueName: receipt.mosqueName ?? "",
          paymentMethod: receipt.paymentMethod,
          reference: receipt.reference,
          issuedAt: receipt.issuedAt,
          household: receipt.household,
          ...verification,
        },
      });
    },
    /** The receipt e-mailed to the address the payer gave at the kiosk (kept only now). */
    emailKioskReceipt: async ({ body, clientAddress }) => {
      await enforceLimits(services, [
        [
          { name: "kioskEmail:address", limit: EMAILS_PER_ADDRESS_HOUR, windowMs: 60 * 60_000 },
          clientAddress,
        ],
      ]);
      const { email, ...ref } = decode(EmailBody, body);
      check(validateEmail(email.trim()));
      await app.run(kioskPaymentOf(ref));
      const sent = await services.payments.emailKioskReceipt(ref.donationId, email.trim());
      if (!sent) {
        throw new RequestError(
          409,
          "This payment is not paid, or its receipt went to another address",
          "kiosk.not_paid",
        );
      }
      return success({ data: { sent: true as const } });
    },
  }) satisfies Record<string, Handler>;
