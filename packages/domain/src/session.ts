import type { RateConfig } from "./config.ts";
import type { FlowType } from "./flow.ts";
import { fundOf } from "./funds/lookup.ts";

/** Token life (§9): 30 minutes. */
export const TOKEN_LIFE_MS = 30 * 60 * 1000;
/** A transaction older than this on load is stale (§4). */
export const STALE_TRANSACTION_MS = 30 * 60 * 1000;
/** How often the expiry timer checks (§9). */
export const EXPIRY_CHECK_INTERVAL_MS = 1000;
// §9 also lists a "new-session constant 60, extended 10", with no unit and no use in §4: every session
// rule §4 states has its constant above, and neither number fits one (a 60-minute session would
// contradict the 30-minute token life). They are not kept (issue 34; docs/pages.md "Session").

/** The session's token and whether it has used its one extension. */
export interface SessionToken {
  readonly token: string;
  readonly expiresAt: number;
  readonly extended: boolean;
}

/** A token is created only when absent, expiring 30 minutes after `now`. */
export const ensureSessionToken = (
  existing: SessionToken | null | undefined,
  now: number,
  newToken: string,
): SessionToken => existing ?? { token: newToken, expiresAt: now + TOKEN_LIFE_MS, extended: false };

/** What the per-second check decides. */
export type SessionTick =
  | { readonly _tag: "Active" }
  | { readonly _tag: "Extended"; readonly session: SessionToken }
  | { readonly _tag: "Expired" };

/**
 * Per-second check (§4): before expiry nothing happens; at or after expiry the session expires, unless a
 * recurring-redirect payment is in progress and the session has not been extended yet, in which case it
 * is extended once by another token life.
 */
export const checkSession = (
  session: SessionToken,
  now: number,
  recurringRedirectInProgress: boolean,
): SessionTick => {
  if (now < session.expiresAt) return { _tag: "Active" };
  if (recurringRedirectInProgress && !session.extended) {
    return {
      _tag: "Extended",
      session: { ...session, expiresAt: now + TOKEN_LIFE_MS, extended: true },
    };
  }
  return { _tag: "Expired" };
};

/** A transaction started more than 30 minutes before `now` is stale (cleared, signed out, reloaded). */
export const isStaleTransaction = (
  trxCreationTime: number | null | undefined,
  now: number,
): boolean =>
  trxCreationTime !== null &&
  trxCreationTime !== undefined &&
  now - trxCreationTime > STALE_TRANSACTION_MS;

/**
 * Configuration fields whose change counts as a rate change (§4), and the normal and premium fitrah
 * rates: a fitrah order priced at an old rate would be refused at checkout, so it is reset too.
 */
export const RATE_CHANGE_FIELDS = [
  "nisabValue",
  "fitrahMinAmount",
  "fitrahMaxAmount",
  "fitrahNormalRate",
  "fitrahPremiumRate",
  "fidyahPerDay",
  "kaffarahPerDay",
  "jimakNoOfPeople",
  "nazarNoOfPeople",
] as const satisfies ReadonlyArray<keyof RateConfig>;

/** A field of {@link RATE_CHANGE_FIELDS}. */
export type RateChangeField = (typeof RATE_CHANGE_FIELDS)[number];

/** The part of the configuration a rate change is judged on (what the browser keeps). */
export type RateFields = Pick<RateConfig, RateChangeField>;

/** The rate-change fields of a configuration, and nothing else. */
export const rateFieldsOf = (config: RateFields): RateFields => ({
  nisabValue: config.nisabValue,
  fitrahMinAmount: config.fitrahMinAmount,
  fitrahMaxAmount: config.fitrahMaxAmount,
  fitrahNormalRate: config.fitrahNormalRate,
  fitrahPremiumRate: config.fitrahPremiumRate,
  fidyahPerDay: config.fidyahPerDay,
  kaffarahPerDay: config.kaffarahPerDay,
  jimakNoOfPeople: config.jimakNoOfPeople,
  nazarNoOfPeople: config.nazarNoOfPeople,
});

/**
 * Reads kept rate fields (JSON from browser storage) without Schema, so the code every page loads stays
 * small: every field must be a non-negative safe integer (cents or persons), else undefined.
 */
export const readRateFields = (value: unknown): RateFields | undefined => {
  if (typeof value !== "object" || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const ok = RATE_CHANGE_FIELDS.every((f) => {
    const v = record[f];
    return typeof v === "number" && Number.isSafeInteger(v) && v >= 0;
  });
  return ok ? rateFieldsOf(record as unknown as RateFields) : undefined;
};

/**
 * Fields that changed between the stored and the fresh configuration; empty when nothing that counts
 * changed, or when nothing was stored yet (a first visit is not a rate change).
 */
export const changedRates = (
  stored: RateFields | null | undefined,
  fresh: RateFields,
): ReadonlyArray<RateChangeField> =>
  stored === null || stored === undefined
    ? []
    : RATE_CHANGE_FIELDS.filter((f) => stored[f] !== fresh[f]);

/** Whether the configuration change sends the donor to the rates-updated page. */
export const isRateChange = (stored: RateFields | null | undefined, fresh: RateFields): boolean =>
  changedRates(stored, fresh).length > 0;

/** Pieces of client state that rules reset. */
export type StateSlice =
  | "zakatCalculator"
  | "fidyah"
  | "kaffarah"
  | "donationWidget"
  | "otherDonations"
  | "selections"
  | "userSelections";

/** The state a flow keeps in the browser: the calculator, fidyah's, kaffarah's, or a gift's widget. */
const flowSlice = (flow: FlowType): StateSlice => {
  const pricing = fundOf(flow).items[0]?.pricing;
  return pricing === "fidyah" || pricing === "kaffarah"
    ? pricing
    : pricing === "amount"
      ? "donationWidget"
      : "zakatCalculator";
};

/** A flow change resets the old flow's state (§4); staying in the same flow resets nothing. */
export const flowChangeResets = (from: FlowType | null, to: FlowType): ReadonlyArray<StateSlice> =>
  from === null || from === to ? [] : [flowSlice(from)];

/** After a passed transaction, on a landing route, these reset (§4). */
export const PASSED_TRANSACTION_RESETS: ReadonlyArray<StateSlice> = [
  "zakatCalculator",
  "fidyah",
  "kaffarah",
  "donationWidget",
];

/** On the rates-updated page with the rates-changed flag set, these reset (§4). */
export const RATE_CHANGE_RESETS: ReadonlyArray<StateSlice> = [
  "fidyah",
  "kaffarah",
  "otherDonations",
  "selections",
  "userSelections",
];
