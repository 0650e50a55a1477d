import { Schema } from "effect";
import { Lines, Text, WholeCents } from "../input";

/**
 * The console's request bodies, each decoded by its schema at the edge (src/server/input.ts's rule,
 * as the /svc calls are): typed fields, bounded lengths. What a field means (a real fund, a valid
 * NRIC, a reason of 3 to 500 characters) is the domain's to check afterwards; this only makes sure
 * every field is of the type and size the operation takes. Unknown fields are ignored.
 */
const optional = Schema.optionalKey;

/** An officer's reason or note: the domain checks 3 to 500 characters after spaces are collapsed. */
const Reason = Lines(2_000);

/** A cent amount given back: whole cents, at least one (at most what is left: the domain's rule). */
const RefundCents = Schema.Int.check(
  Schema.isBetween({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
);

/**
 * A refund: `{ reason, amountCents }`, or `{ reason, rest: true }` for all that is left. Exactly one
 * of the two: a body that names no amount refunds nothing.
 */
export const RefundBody = Schema.Struct({
  reason: Reason,
  amountCents: optional(RefundCents),
  rest: optional(Schema.Literal(true)),
}).check(
  Schema.makeFilter((body) =>
    (body.amountCents === undefined) === (body.rest === undefined)
      ? { path: ["amountCents"], issue: "Give amountCents (whole cents) or rest: true, not both" }
      : undefined,
  ),
);

/** The fields a refund body's amount is in: a refusal there is `reversal.amount`. */
export const REFUND_AMOUNT_FIELDS: ReadonlyArray<string> = ["amountCents", "rest"];

export const VoidBody = Schema.Struct({ reason: Reason });

/** A resend takes nothing; the page sends the reason field it shows, which is kept to its type. */
export const ResendBody = Schema.Struct({ reason: optional(Reason) });

export const ReissueBody = Schema.Struct({
  reason: Reason,
  particulars: optional(
    Schema.Struct({
      name: optional(Text(200)),
      email: optional(Text(254)),
      companyName: optional(Text(200)),
    }),
  ),
});

/** A counter entry (`CounterEntryInput`); the domain's `checkCounterEntry` names what is wrong in it. */
export const CounterBody = Schema.Struct({
  fund: Text(20),
  amountCents: WholeCents,
  method: Text(20),
  reference: optional(Text(60)),
  bankName: optional(Text(120)),
  /** Ignored: the receipt's mosque is the amil's open shift's. */
  mosqueName: optional(Text(200)),
  donor: Schema.Struct({
    name: Text(200),
    email: optional(Text(254)),
    countryCode: optional(Text(8)),
    mobile: optional(Text(30)),
    idNumber: optional(Text(20)),
    anonymous: optional(Schema.Boolean),
  }),
});

/**
 * A counter device's registration: the mosque, a label, the public key the device made (a JWK; the
 * use case checks it is EC P-256 without its private half) and, if not the default, its block size.
 */
export const DeviceBody = Schema.Struct({
  mosqueName: Text(200),
  label: Text(100),
  publicKey: Schema.Struct({
    kty: Text(10),
    crv: Text(10),
    x: Text(100),
    y: Text(100),
    // Read so that it is refused: a device that sends its private key has given it away.
    d: optional(Text(100)),
  }),
  blockSize: optional(Schema.Number),
  /** A kiosk (docs/counter.md "Kiosks") rather than a counter device (the default). */
  kind: optional(Schema.Literals(["counter", "kiosk"])),
});

/** A shift opened at a mosque with a cash float (whole cents; the domain's `checkShiftOpening`). */
export const ShiftOpenBody = Schema.Struct({
  mosqueName: Text(200),
  floatCents: WholeCents,
});

/** Whole pieces, or counts: 0 and up (the domain bounds them). */
const Count = Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }));

/**
 * A shift's close: the drawer's pieces per denomination (keyed by cents), the cheques counted and
 * their total, the NETS total, and the reason for a difference (`balanceShift` checks them).
 */
export const ShiftCloseBody = Schema.Struct({
  cash: Schema.Record(Text(6), Count),
  chequeCount: Count,
  chequeCents: WholeCents,
  netsCents: WholeCents,
  reason: optional(Reason),
});

/** A donation search (`DonationSearchInput`); `checkDonationSearch` names what is wrong in it. */
export const SearchBody = Schema.Struct({
  receiptNo: optional(Text(40)),
  transactionNo: optional(Text(40)),
  from: optional(Text(10)),
  to: optional(Text(10)),
  flow: optional(Text(20)),
  method: optional(Text(20)),
  status: optional(Text(20)),
  minCents: optional(WholeCents),
  maxCents: optional(WholeCents),
  email: optional(Text(254)),
  idNumber: optional(Text(20)),
  page: optional(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 1_000 }))),
});

/** A donor's plans by e-mail, identity number or a gift's transaction number. */
export const PlansBody = Schema.Struct({
  email: optional(Text(254)),
  idNumber: optional(Text(20)),
  transactionNo: optional(Text(40)),
});

export const CancelPlanBody = Schema.Struct({ note: optional(Reason) });

/** Hide a gift from the donor wall (`hidden` true, the default) or show it again. */
export const WallBody = Schema.Struct({
  hidden: optional(Schema.Boolean),
  reason: optional(Reason),
});

/** Draft rates: each change is checked by the domain's `decodeRateChanges`; no time means the server's now. */
export const RateDraftBody = Schema.Struct({
  changes: Schema.Record(Schema.String, Schema.Unknown),
  effectiveAt: optional(Text(40)),
});

/** A Hijri month start proposed: bounded numbers and a date's text (the domain checks the rest). */
export const MonthStartBody = Schema.Struct({
  year: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 9_999 })),
  month: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 12 })),
  start: Text(10),
});

/** A year's asnaf distribution: the year and whole cents per asnaf (checked by the domain). */
export const AsnafBody = Schema.Struct({
  year: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 9_999 })),
  cents: Schema.Record(Text(20), Schema.Number),
});

export const DayBody = Schema.Struct({ day: Text(10) });

export const YearBody = Schema.Struct({ year: Schema.Union([Schema.Int, Text(4)]) });

/** Site content: the charity, and the parts the domain's `decodeSiteContentChange` checks. */
export const ContentBody = Schema.Struct({
  charityId: Schema.Union([Schema.Int, Text(9)]),
});

/** A new block for a device (`?do=block`): its size, or the default. */
export const BlockBody = Schema.Struct({ blockSize: optional(Schema.Number) });

/**
 * An officer's decision on a counter device's entry (`?do=take|refuse|move|acknowledge`): the device
 * and the entry's key, the reason (3 to 500 characters, checked after), and for a move the shift.
 */
export const EntryDecisionBody = Schema.Struct({
  deviceId: Text(40),
  key: Text(255),
  reason: Reason,
  shiftId: optional(Text(40)),
});
