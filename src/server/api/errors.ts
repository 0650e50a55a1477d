import {
  validationMessages,
  type ApprovalError,
  type ContentProblem,
  type CounterEntryError,
  type PricingError,
  type HijriCalendarProblem,
  type AsnafProblem,
  type RateDraftProblem,
  type ReasonError,
  type ReversalError,
  type SearchError,
  type ShiftError,
  type signOffRefusal,
  type ValidationKey,
} from "@portal/domain";

/**
 * The edge's one table of refusals: a stable code (the domain's, a use case's `Refused`, a
 * repository's `RecordRefused`, a console route's `refusal`) and the HTTP answer it gets. Below the
 * edge nothing names a status; the /svc router (src/server/api/router.ts) and the console's answers
 * (src/server/console/guard.ts, respond.ts, operations/respond.ts) read it here. The browser keys its
 * words on the code itself (src/i18n: `labelKeyOf(code)`), so the code is the message key.
 */
export interface RefusalAnswer {
  readonly status: 400 | 401 | 403 | 404 | 405 | 409 | 413 | 422 | 503;
  /**
   * `false`: the body carries the message alone. Two /svc refusals never had a code on the wire
   * (a donation or a saved card unknown to the caller) and keep the body the browser has always seen.
   */
  readonly sendsCode?: false;
}

const invalid: RefusalAnswer = { status: 400 };
const signedOut: RefusalAnswer = { status: 401 };
const forbidden: RefusalAnswer = { status: 403 };
const missing: RefusalAnswer = { status: 404 };
const conflict: RefusalAnswer = { status: 409 };
const unprocessable: RefusalAnswer = { status: 422 };
const unavailable: RefusalAnswer = { status: 503 };

/** A validator's key (enrolment): 400 with the key as the code, which the pages translate. */
const validation = Object.fromEntries(
  Object.keys(validationMessages).map((key) => [key, invalid]),
) as Record<ValidationKey, RefusalAnswer>;

/** A donation the prices refuse (create-donation; a recurring plan's new amount). */
const pricing = {
  "donation.empty": unprocessable,
  "donation.kindNotInFlow": unprocessable,
  "donation.quantity": unprocessable,
  "donation.fitrahRate": unprocessable,
  "donation.amount": unprocessable,
  "donation.ratesSuperseded": unprocessable,
  "donation.totalMismatch": unprocessable,
  "donation.hartaItems": unprocessable,
  "donation.household": unprocessable,
} as const satisfies Record<PricingError["code"], RefusalAnswer>;

/** The donors' calls under /svc (use cases and their repositories). */
const donors = {
  "terms.required": unprocessable,
  "donation.unknown": { status: 404, sendsCode: false },
  "donation.taxIdNotApplicable": unprocessable,
  "donation.recurringNotAllowed": unprocessable,
  "donation.feeMismatch": unprocessable,
  // A household order across funds names a fund twice (docs/households.md).
  "donation.orderFunds": unprocessable,
  /** A kept household person not the caller's own (another donor's, a guest's claim, missing). */
  "household.member.notFound": missing,
  "donation.feeOneTimeOnly": unprocessable,
  "savedCard.signInRequired": unprocessable,
  "savedCard.notFound": missing,
  "payment.unknown": { status: 400, sendsCode: false },
  "payment.method": invalid,
  // Only Visa, Mastercard and American Express (§9); the code is the checkout's own label.
  "checkout.card.accepted": unprocessable,
  "paynow.recurring": unprocessable,
  "gateway.unavailable": unavailable,
  "idempotency.conflict": conflict,
  "singpass.none": missing,
  "singpass.failed": unprocessable,
  "singpass.cancelled": unprocessable,
  "singpass.expired": unprocessable,
  "singpass.state": invalid,
  "singpass.corporate": conflict,
  "transaction.notFound": missing,
  "taxDeduction.notEligible": unprocessable,
  "taxDeduction.otherId": conflict,
  "recurring.cancelled": conflict,
  /** A plan cancelled on a gift given once. */
  "recurring.none": conflict,
  /** Registration: another account holds the NRIC, or the mobile number. */
  signup_failed_nric_exists: conflict,
  "validation.mobile.exists": conflict,
  "recurring.amountFixed": unprocessable,
  /** The haul tracker (docs/haul-tracker.md): the lines per donor are capped; another's is missing. */
  "haul.limit": conflict,
  "haul.notFound": missing,
  /** Instalment plans (docs/instalments.md): another donor's is missing; bounded; amounts the plan's. */
  "instalment.notFound": missing,
  "instalment.assessmentNotFound": missing,
  "instalment.haulDate": invalid,
  "instalment.nothingDue": unprocessable,
  "instalment.monthAmount": unprocessable,
  "instalment.limit": conflict,
  "instalment.started": conflict,
  "instalment.nothingToSettle": conflict,
  "instalment.amount": unprocessable,
  /** The last ten nights (docs/last-ten-nights.md): not a wakaf fund, begun, scheduled, or too many. */
  "nights.flow": unprocessable,
  "nights.over": unprocessable,
  "nights.already": conflict,
  "nights.tooMany": conflict,
  /** A Stripe delivery whose signature does not verify (its body: `{ error: code }`). */
  "webhook.signature": invalid,
} as const satisfies Record<string, RefusalAnswer>;

/** A refund, a void or an approval the reversal rules refuse (src/server/console/operations). */
const reversals = {
  "reversal.notPaid": conflict,
  "reversal.open": conflict,
  "reversal.amount": invalid,
  "reversal.voidTooLate": conflict,
  "reversal.voidAfterRefund": conflict,
  "reversal.shiftClosed": conflict,
  "reason.required": invalid,
  "reason.tooLong": invalid,
  "reason.markup": invalid,
  "approval.self": conflict,
  "approval.notWaiting": conflict,
} as const satisfies Record<
  ReversalError["code"] | ReasonError["code"] | ApprovalError["code"],
  RefusalAnswer
>;

/** A rate draft the rules refuse: a conflict with the draft's state, otherwise bad input. */
const rates = {
  "rates.invalid": invalid,
  "rates.out_of_range": invalid,
  "rates.unchanged": invalid,
  "rates.fitrah_range": invalid,
  "rates.effective_past": invalid,
  "rates.own_draft": conflict,
  "rates.not_pending": conflict,
} as const satisfies Record<RateDraftProblem, RefusalAnswer>;

/** A Hijri month start the calendar's rules refuse: a conflict with a draft's state, else bad input. */
const calendar = {
  "calendar.invalid": invalid,
  "calendar.implausible": invalid,
  "calendar.month_length": invalid,
  "calendar.unchanged": invalid,
  "calendar.own_draft": conflict,
  "calendar.not_pending": conflict,
  "calendar.too_many_drafts": conflict,
} as const satisfies Record<HijriCalendarProblem, RefusalAnswer>;

/** An asnaf distribution the rules refuse: a conflict with a draft's state, else bad input. */
const asnaf = {
  "asnaf.invalid": invalid,
  "asnaf.empty": invalid,
  "asnaf.own_draft": conflict,
  "asnaf.not_pending": conflict,
  "asnaf.too_many_drafts": conflict,
} as const satisfies Record<AsnafProblem, RefusalAnswer>;

const content = {
  "content.invalid": invalid,
  "content.required": invalid,
  "content.both_languages": invalid,
} as const satisfies Record<ContentProblem, RefusalAnswer>;

/** The console's own refusals: its guard, its forms, its look-ups. */
const consoleCodes = {
  "console.signed_out": signedOut,
  "console.csrf": forbidden,
  "console.forbidden": forbidden,
  "console.not_found": missing,
  /** A console path called with a method it does not take (the answer says which it takes). */
  "console.method": { status: 405 },
  /** A console body past the services' limit (64 KB). */
  "request.too_large": { status: 413 },
  "request.invalid": invalid,
  "search.invalid": invalid,
  "counter.invalid": invalid,
  /** A counter device's registration that is not whole (mosque, label, key, block). */
  "counter.device_invalid": invalid,
  /** A device the console or a sync names that is not registered. */
  "counter.device_unknown": missing,
  /** An amil signing in on, or a new block asked for, a revoked device. */
  "counter.device_revoked": conflict,
  /** A new block past the eight digits of a receipt number's serial. */
  "counter.block_full": conflict,
  /** A sync carrying more entries than one call takes (MAX_SYNC_ENTRIES). */
  "counter.sync_too_many": invalid,
  /** PayNow at the counter (docs/counter.md): a request the device's key did not sign, ... */
  "counter.paynow_signature": forbidden,
  "counter.paynow_malformed": invalid,
  "counter.paynow_stale": invalid,
  "counter.paynow_invalid": invalid,
  "counter.rates_changed": conflict,
  /** The amil's credential missing, forged, another device's or expired: sign in online again. */
  "counter.paynow_amil": forbidden,
  "counter.not_counter": forbidden,
  "counter.not_paid": conflict,
  /** An officer's decision (docs/counter.md "Held and flagged entries"): no such entry. */
  "counter.entry_unknown": missing,
  /** A decision on an entry decided already, or not held (or not flagged) at all. */
  "counter.entry_decided": conflict,
  /** Taking a held entry whose reason may only be refused (forged amil, number used, ...). */
  "counter.entry_refuse_only": conflict,
  /** Moving an entry into a shift of another mosque than its device's. */
  "counter.shift_other_mosque": conflict,
  /** Kiosks (docs/counter.md): not a registered kiosk, or a request its key did not sign. */
  "kiosk.unknown": forbidden,
  "kiosk.signature": forbidden,
  "kiosk.request_malformed": invalid,
  "kiosk.request_stale": invalid,
  "kiosk.order_invalid": invalid,
  "kiosk.rates_changed": conflict,
  /** A household's lines malformed, or a person not priced at the current rates. */
  "kiosk.household_invalid": invalid,
  /** A kiosk's call on a payment no kiosk started. */
  "kiosk.not_kiosk": forbidden,
  "kiosk.not_paid": conflict,
  /** No NETS terminal adapter outside the sandbox yet (docs/stand-ins.md). */
  "kiosk.nets_unavailable": unavailable,
  "content.unknown_charity": missing,
  "finance.bad_day": invalid,
  "finance.bad_range": invalid,
  "finance.bad_year": invalid,
  "finance.differences": conflict,
  "finance.signed_off": conflict,
  "donation.notFound": missing,
  "receipt.notFound": missing,
  "recurring.notFound": missing,
  "reversal.notFound": missing,
  "wall.notFound": missing,
  "approval.required": conflict,
  /** A counter receipt's reversal approved by the amil who recorded it. */
  "approval.amil": conflict,
  /** A counter receipt with no open shift for its amil. */
  "counter.noShift": conflict,
  "shift.alreadyOpen": conflict,
  "shift.notFound": missing,
  "shift.notOpen": conflict,
  "shift.notYours": conflict,
  "shift.voidWaiting": conflict,
  /** A PayNow code of the shift the payer may still pay (docs/counter.md). */
  "shift.paynowWaiting": conflict,
  "shift.bad_range": invalid,
} as const satisfies Record<SearchError["code"] | CounterEntryError["code"], RefusalAnswer> &
  Record<string, RefusalAnswer>;

/** A counter shift's opening, count or sign-off the rules refuse (packages/domain console/shift.ts). */
const shifts = {
  "shift.invalid": invalid,
  "shift.reasonRequired": invalid,
  "shift.locked": conflict,
  "shift.notClosed": conflict,
} as const satisfies Record<
  | ShiftError["code"]
  | Exclude<NonNullable<ReturnType<typeof signOffRefusal>>["code"], "approval.self">,
  RefusalAnswer
> &
  Record<string, RefusalAnswer>;

export const refusalAnswers: Readonly<Record<string, RefusalAnswer>> = {
  ...validation,
  ...pricing,
  ...donors,
  ...reversals,
  ...rates,
  ...calendar,
  ...asnaf,
  ...content,
  ...consoleCodes,
  ...shifts,
};

/**
 * A code missing from the table (a mistake: src/server/api/errors.test.ts checks every code the
 * sources use): a plain 400 with its code and message, never a 5xx a client would retry nor a 2xx.
 */
export const UNKNOWN_REFUSAL: RefusalAnswer = { status: 400 };

/** The HTTP answer of a refusal's code. */
export const refusalAnswer = (code: string): RefusalAnswer =>
  Object.hasOwn(refusalAnswers, code) ? refusalAnswers[code]! : UNKNOWN_REFUSAL;

/** The code as the body carries it: itself, or nothing for the codes kept off the wire. */
export const wireCode = (code: string): string | undefined =>
  refusalAnswer(code).sendsCode === false ? undefined : code;
