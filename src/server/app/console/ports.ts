import { Context } from "effect";
import type {
  CounterEntry,
  DonationSearch,
  FlowType,
  HijriMonthStart,
  RateChanges,
  RateConfig,
  ReversalKind,
  ShiftCountInput,
  SiteContent,
  SiteContentChange,
} from "@portal/domain";
import type {
  AsnafDraft,
  HijriMonthDraft,
  PublishedAsnaf,
  RateDraft,
} from "@portal/adapters/console";
import type {
  ConsoleDonation,
  ConsoleDonationRow,
  ConsolePlan,
  CounterReceipt,
  CounterShift,
  ReissueOutcome,
  Reversal,
  ShiftFilter,
  ShiftReceipt,
} from "@portal/adapters/db";
import type { OfficerPort } from "./officer";

// The console's ports, in the council's words: what its use cases (./gifts.ts, ./rates.ts,
// ./content.ts, ./finance.ts) ask of the records, the gateways and the mail. Their live
// implementations (src/server/console/use-cases.ts) sit over the adapters, write each change's audit
// line in the change's own transaction, and translate the adapters' refusals into `Refused`.

/** The gifts as the console finds them. */
export interface GiftRecordsPort {
  readonly search: (search: DonationSearch) => Promise<{
    readonly total: number;
    readonly page: number;
    readonly rows: ReadonlyArray<ConsoleDonationRow>;
  }>;
  readonly find: (transactionNo: string) => Promise<ConsoleDonation | undefined>;
}
export class GiftRecords extends Context.Service<GiftRecords, GiftRecordsPort>()(
  "@portal/app/console/GiftRecords",
) {}

/** Refunds and voids: asked, approved by a second officer, given back, or failed. */
export interface ReversalRecordsPort {
  readonly ask: (input: {
    readonly transactionNo: string;
    readonly kind: ReversalKind;
    readonly amountCents?: number;
    readonly reason: string;
    readonly idempotencyKey: string;
    readonly officer: OfficerPort;
  }) => Promise<Reversal>;
  readonly approve: (id: string, officer: OfficerPort) => Promise<Reversal>;
  readonly get: (id: string) => Promise<Reversal | undefined>;
  readonly complete: (id: string, officer: OfficerPort) => Promise<Reversal>;
  readonly fail: (id: string, code: string, officer: OfficerPort) => Promise<Reversal>;
  readonly awaitingApproval: () => Promise<ReadonlyArray<Reversal>>;
  readonly ofGift: (transactionNo: string) => Promise<ReadonlyArray<Reversal>>;
}
export class ReversalRecords extends Context.Service<ReversalRecords, ReversalRecordsPort>()(
  "@portal/app/console/ReversalRecords",
) {}

/** The money given back through the gateway a payment was made with. */
export interface RefundsPort {
  /**
   * Refund `amountCents` of the payment, keyed by `key` so that a retry refunds once: undefined when
   * the gateway took it, else its failure code (`gateway.unknown` for a gateway not configured).
   */
  readonly refund: (
    payment: { readonly gateway: string; readonly gatewayRef: string },
    key: string,
    amountCents: number,
  ) => Promise<string | undefined>;
}
export class Refunds extends Context.Service<Refunds, RefundsPort>()(
  "@portal/app/console/Refunds",
) {}

/** The counter's receipt book: a payment taken in person and its receipt, once per entry key. */
export interface CounterBookPort {
  readonly issue: (entry: CounterEntry, amil: OfficerPort, key: string) => Promise<CounterReceipt>;
}
export class CounterBook extends Context.Service<CounterBook, CounterBookPort>()(
  "@portal/app/console/CounterBook",
) {}

/**
 * The counter's shifts: opened by an amil with a float, closed with the count, signed off by another
 * officer and locked; each step audited in its own transaction.
 */
export interface CounterShiftsPort {
  readonly open: (
    input: { readonly mosqueName: string; readonly floatCents: number },
    amil: OfficerPort,
  ) => Promise<CounterShift>;
  /** The amil's open shift, if any. */
  readonly current: (amilId: string) => Promise<CounterShift | undefined>;
  readonly get: (
    id: string,
  ) => Promise<
    { readonly shift: CounterShift; readonly receipts: ReadonlyArray<ShiftReceipt> } | undefined
  >;
  readonly close: (id: string, count: ShiftCountInput, amil: OfficerPort) => Promise<CounterShift>;
  readonly signOff: (id: string, approver: OfficerPort) => Promise<CounterShift>;
  readonly list: (filter: ShiftFilter) => Promise<ReadonlyArray<CounterShift>>;
}
export class CounterShifts extends Context.Service<CounterShifts, CounterShiftsPort>()(
  "@portal/app/console/CounterShifts",
) {}

/** The receipts: re-issued with corrected particulars, their donor's link, their e-mail. */
export interface ReceiptBookPort {
  readonly reissue: (input: {
    readonly receiptNo: string;
    readonly reason: string;
    readonly particulars: { name?: string; email?: string; companyName?: string };
    readonly officer: OfficerPort;
  }) => Promise<ReissueOutcome>;
  /** The receipt page's address for a gift (its flow and amounts pick the page). */
  readonly link: (gift: {
    readonly flow: FlowType;
    readonly amounts: Readonly<Record<string, number>>;
    readonly transactionNo: string;
    readonly token: string;
  }) => string;
  /** Queue the receipt e-mail (once per key) and try it at once; false: no address or receipt. */
  readonly mail: (transactionNo: string, key: string) => Promise<boolean>;
}
export class ReceiptBook extends Context.Service<ReceiptBook, ReceiptBookPort>()(
  "@portal/app/console/ReceiptBook",
) {}

/** The console's audit log: a look-up of personal data or an act without a record of its own. */
export interface AuditLogPort {
  readonly write: (entry: {
    readonly officer: OfficerPort;
    readonly action: string;
    readonly entity: string;
    readonly entityId: string;
    readonly before?: unknown;
    readonly after?: unknown;
  }) => Promise<void>;
}
export class AuditLog extends Context.Service<AuditLog, AuditLogPort>()(
  "@portal/app/console/AuditLog",
) {}

/** Care of donors: their recurring plans and the donor wall. */
export interface DonorCarePort {
  readonly plans: (find: {
    readonly email?: string;
    readonly idNumber?: string;
    readonly transactionNo?: string;
  }) => Promise<ReadonlyArray<ConsolePlan>>;
  readonly cancelPlan: (planId: string, note: string, officer: OfficerPort) => Promise<unknown>;
  readonly setWallHidden: (
    transactionNo: string,
    hidden: boolean,
    reason: string,
    officer: OfficerPort,
  ) => Promise<unknown>;
}
export class DonorCare extends Context.Service<DonorCare, DonorCarePort>()(
  "@portal/app/console/DonorCare",
) {}

/** The rates: drafted by one officer, approved by another, published at their time. */
export interface RateBookPort {
  readonly list: (
    charityId: number,
  ) => Promise<{ inForce: RateConfig; version: number; drafts: RateDraft[] }>;
  readonly draft: (input: {
    readonly charityId: number;
    readonly changes: RateChanges;
    readonly effectiveAt: Date;
    readonly officer: OfficerPort;
  }) => Promise<RateDraft>;
  readonly approve: (id: number, officer: OfficerPort) => Promise<RateDraft>;
  readonly withdraw: (id: number, officer: OfficerPort) => Promise<RateDraft>;
  /** Publish every approved draft whose time has come; how many. */
  readonly publishDue: (now: Date) => Promise<number>;
}
export class RateBook extends Context.Service<RateBook, RateBookPort>()(
  "@portal/app/console/RateBook",
) {}

/** The site's content blocks, contact details and donor-wall settings, per charity. */
export interface SiteContentsPort {
  readonly charities: () => Promise<ReadonlyArray<{ readonly id: number; readonly name: string }>>;
  readonly read: (charityId: number) => Promise<SiteContent | undefined>;
  /** Save the parts changed with their audit line; undefined: no such charity. */
  readonly save: (input: {
    readonly charityId: number;
    readonly change: SiteContentChange;
    readonly officer: OfficerPort;
  }) => Promise<SiteContent | undefined>;
}
export class SiteContents extends Context.Service<SiteContents, SiteContentsPort>()(
  "@portal/app/console/SiteContents",
) {}

/** What the donors' pages read of the configuration: told when an officer changed it. */
export interface PublishedSettingsPort {
  readonly changed: () => void;
}
export class PublishedSettings extends Context.Service<PublishedSettings, PublishedSettingsPort>()(
  "@portal/app/console/PublishedSettings",
) {}

/** The finance days: reconciled, then signed off by an approver (audited in the same transaction). */
export interface FinanceDaysPort {
  readonly signOff: (
    day: string,
    officer: OfficerPort,
  ) => Promise<"signed" | "differences" | "already" | "invalid">;
}
export class FinanceDays extends Context.Service<FinanceDays, FinanceDaysPort>()(
  "@portal/app/console/FinanceDays",
) {}

/** The council's Hijri calendar: month starts drafted by one officer, published on another's approval. */
export interface HijriCalendarBookPort {
  readonly list: () => Promise<{
    readonly months: ReadonlyArray<HijriMonthStart>;
    readonly drafts: ReadonlyArray<HijriMonthDraft>;
  }>;
  readonly draft: (start: HijriMonthStart, officer: OfficerPort) => Promise<HijriMonthDraft>;
  readonly approve: (id: number, officer: OfficerPort) => Promise<HijriMonthDraft>;
  readonly withdraw: (id: number, officer: OfficerPort) => Promise<HijriMonthDraft>;
}
export class HijriCalendarBook extends Context.Service<HijriCalendarBook, HijriCalendarBookPort>()(
  "@portal/app/console/HijriCalendarBook",
) {}

/** The asnaf distribution: a year's figures drafted by one officer, published on another's approval. */
export interface AsnafBookPort {
  readonly list: () => Promise<{
    readonly published: ReadonlyArray<PublishedAsnaf>;
    readonly drafts: ReadonlyArray<AsnafDraft>;
  }>;
  readonly draft: (
    proposed: { readonly year: number; readonly cents: Readonly<Record<string, number>> },
    officer: OfficerPort,
  ) => Promise<AsnafDraft>;
  readonly approve: (id: number, officer: OfficerPort) => Promise<AsnafDraft>;
  readonly withdraw: (id: number, officer: OfficerPort) => Promise<AsnafDraft>;
}
export class AsnafBook extends Context.Service<AsnafBook, AsnafBookPort>()(
  "@portal/app/console/AsnafBook",
) {}
