import { Schema } from "effect";

/**
 * A counter device's sync answer (`syncEntries`): per entry sent, its key and what became of it:
 * applied (with its receipt, and whether it was priced at rates replaced since), held for an officer
 * (with the reason, and the receipt number the device gave it), or refused and not kept (with a code).
 * An entry applied outside the amil's shift says so (`shiftFlag`).
 */
export const SyncAnswers = Schema.Struct({
  entries: Schema.Array(
    Schema.Struct({
      key: Schema.NullOr(Schema.String),
      outcome: Schema.Literals(["applied", "held", "refused"]),
      replayed: Schema.optionalKey(Schema.Boolean),
      ratesSuperseded: Schema.optionalKey(Schema.Boolean),
      // Applied outside the amil's shift: none open at the entry's time, or closed since.
      shiftFlag: Schema.optionalKey(Schema.Literals(["shift.none", "shift.closed"])),
      reason: Schema.optionalKey(Schema.String),
      code: Schema.optionalKey(Schema.String),
      receiptNo: Schema.optionalKey(Schema.NullOr(Schema.String)),
      receipt: Schema.optionalKey(
        Schema.Struct({
          transactionNo: Schema.String,
          receiptNo: Schema.String,
          token: Schema.String,
          flow: Schema.String,
          amounts: Schema.Record(Schema.String, Schema.Int),
          replayed: Schema.Boolean,
        }),
      ),
    }),
  ),
});

/** How a donation of the payment API was paid: NETS at a kiosk's terminal besides the online ways. */
export const PAYMENT_METHODS = ["card", "paynow", "google_pay", "apple_pay", "nets"] as const;

const Str = Schema.String;
const Int = Schema.Int;
const ok = <F extends Schema.Struct.Fields>(fields: F) =>
  Schema.Struct({ status: Schema.Literal(1), message: Str, ...fields });

/** A kiosk's payment as the kiosk reads it (the payment API's donation, the fields it uses). */
const KioskDonation = Schema.Struct({
  id: Str,
  transactionNo: Str,
  status: Schema.Literals(["requires_payment_method", "requires_action", "succeeded"]),
  totalCents: Int,
  receipt: Schema.NullOr(Schema.Struct({ receiptNo: Str, token: Str })),
});

/**
 * A receipt shown on a kiosk or a counter: its numbers, fund, amounts, mosque and time, the people
 * named, and its verification.
 */
const Shown = Schema.Struct({
  receiptNo: Str,
  transactionNo: Str,
  flow: Str,
  amounts: Schema.Record(Str, Int),
  totalCents: Int,
  mosqueName: Str,
  issuedAt: Str,
  household: Schema.Array(
    Schema.Struct({ name: Str, kind: Schema.NullOr(Str), days: Schema.NullOr(Int), amount: Int }),
  ),
  verificationCode: Str,
  verifyUrl: Str,
  verifyQrSvg: Str,
});

/**
 * The counter's and the kiosks' calls (docs/counter.md): a device's sync; a kiosk's signed start of a
 * payment (its client secret, and the mosque the server knows the kiosk at), its NETS payment
 * (declined: why, nothing paid), its receipt with the verification every receipt carries, and the
 * receipt e-mailed.
 */
export const counterResponses = {
  syncEntries: ok({ data: SyncAnswers }),
  startKioskPayment: ok({
    data: Schema.Struct({ ...KioskDonation.fields, clientSecret: Str, mosqueName: Str }),
  }),
  payKioskByNets: ok({
    data: Schema.Struct({
      donation: KioskDonation,
      declined: Schema.NullOr(Schema.Literals(["declined", "insufficient_funds"])),
    }),
  }),
  kioskReceipt: ok({
    data: Schema.Struct({
      ...Shown.fields,
      paymentMethod: Schema.Literals(["paynow", "nets"]),
      reference: Schema.NullOr(Str),
    }),
  }),
  emailKioskReceipt: ok({ data: Schema.Struct({ sent: Schema.Literal(true) }) }),
  startCounterPayNow: ok({
    data: Schema.Struct({
      mosqueName: Str,
      payments: Schema.Array(
        Schema.Struct({ ...KioskDonation.fields, fund: Str, clientSecret: Str }),
      ),
    }),
  }),
  counterPayNowReceipt: ok({ data: Shown }),
};
