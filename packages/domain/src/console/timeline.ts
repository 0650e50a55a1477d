/**
 * A donation's story in the console, oldest first: created, each payment attempt, what the gateway
 * reported, the receipt and its re-issues, the e-mails, refunds and voids.
 */
export type TimelineKind =
  "created" | "attempt" | "gateway" | "receipt" | "reissue" | "mail" | "reversal" | "note";

export interface TimelineEvent {
  readonly at: string;
  readonly kind: TimelineKind;
  /** A short stable code the console translates (`attempt.failed`, `mail.sent`, `reversal.done`). */
  readonly code: string;
  /** Who did it, when a person did (an officer, the donor, the gateway). */
  readonly actor: string | null;
  /** Values shown beside it: amounts in cents, a receipt number, a failure code, a reason. */
  readonly detail: Readonly<Record<string, string | number | null>>;
}

const ORDER: Readonly<Record<TimelineKind, number>> = {
  created: 0,
  attempt: 1,
  gateway: 2,
  receipt: 3,
  reissue: 4,
  mail: 5,
  reversal: 6,
  note: 7,
};

/** Events in time order; at the same instant, in the order a gift lives them (created first). */
export const orderTimeline = (events: ReadonlyArray<TimelineEvent>): ReadonlyArray<TimelineEvent> =>
  events
    .map((event, index) => ({ event, index, ms: Date.parse(event.at) }))
    .sort((a, b) => a.ms - b.ms || ORDER[a.event.kind] - ORDER[b.event.kind] || a.index - b.index)
    .map(({ event }) => event);
