import { Context, Effect, Result } from "effect";
import {
  checkReason,
  decideTaking,
  entryDecisionRefusal,
  mayBeTaken,
  readOfflineEntry,
  amilHeldReason,
  type AmilClaims,
  type HouseholdRates,
  type OfflineEntry,
  type ShiftFlag,
} from "@portal/domain";
import type { CounterReceipt, DecidedEntry } from "@portal/adapters/db";
import { recorded, refuse } from "../refused";
import { mayAct, type Officer, type OfficerPort } from "./officer";

// An officer's decision on a counter device's entry (issue 32, docs/counter.md "Held and flagged
// entries"): a held entry taken (the money was received: applied as the sync would have applied it)
// or refused with a reason; an entry applied outside a shift moved into one of its mosque's shifts or
// acknowledged. An approver's (or admin's) act, never the entry's own amil's; each with a reason,
// audited, and once.

export interface CounterEntryBookPort {
  /** A device's entry as a decision needs it; refused `counter.entry_unknown` when none. */
  readonly read: (deviceId: string, key: string) => Promise<DecidedEntry>;
  /** The current rates' version and the household's rates in them (none before any is published). */
  readonly rates: () => Promise<
    { readonly version: number; readonly rates: HouseholdRates } | undefined
  >;
  /** An amil credential's claims if the council made it, else "forged". */
  readonly amil: (credential: string) => AmilClaims | "forged";
  readonly take: (
    deviceId: string,
    key: string,
    taken: { readonly entry: OfflineEntry; readonly ratesSuperseded: boolean },
    officer: OfficerPort,
    reason: string,
  ) => Promise<{
    readonly receipt: CounterReceipt;
    readonly shiftFlag: ShiftFlag | null;
    readonly ratesSuperseded: boolean;
    readonly replayed: boolean;
  }>;
  readonly refuse: (
    deviceId: string,
    key: string,
    officer: OfficerPort,
    reason: string,
  ) => Promise<{ readonly receiptNo: string | null; readonly replayed: boolean }>;
  readonly move: (
    deviceId: string,
    key: string,
    shiftId: string,
    officer: OfficerPort,
    reason: string,
  ) => Promise<{ readonly shiftId: string; readonly replayed: boolean }>;
  readonly acknowledge: (
    deviceId: string,
    key: string,
    officer: OfficerPort,
    reason: string,
  ) => Promise<{ readonly replayed: boolean }>;
}
export class CounterEntryBook extends Context.Service<CounterEntryBook, CounterEntryBookPort>()(
  "@portal/app/console/CounterEntryBook",
) {}

export type CounterEntryServices = Officer | CounterEntryBook;

/** Which entry, and why: the reason checked (3 to 500 characters, no markup). */
export interface EntryDecision {
  readonly deviceId: string;
  readonly key: string;
  readonly reason: string;
}

/**
 * The officer (counter.entries.decide), the reason checked, and the entry read; refused to the
 * entry's own amil (a second officer decides, as for a void). The entry's parsed text with it.
 */
const decider = (input: EntryDecision) =>
  Effect.gen(function* () {
    const officer = yield* mayAct("counter.entries.decide");
    const reason = checkReason(input.reason);
    if (Result.isFailure(reason)) {
      return yield* refuse(reason.failure.code, reason.failure.message, { fields: ["reason"] });
    }
    const book = yield* CounterEntryBook;
    const entry = yield* recorded(() => book.read(input.deviceId, input.key));
    const read = readOfflineEntry(entry.signedText);
    // Only what the device's key signed was ever kept, so its text always reads.
    if (Result.isFailure(read)) return yield* Effect.die(new Error("a kept entry does not read"));
    const self = entryDecisionRefusal(read.success.amil.id, officer.id);
    if (self) return yield* refuse(self.code, self.message);
    return { officer, reason: reason.success, book, entry, input: read.success };
  });

/**
 * Take a held entry: the money was received. Applied as the sync applies an entry (its device number
 * and time, the amil's shift open then, or flagged), once: taken again, the same receipt. A reason
 * that may only be refused (domain `TAKEABLE_REASONS`), or another that still holds once the waivable
 * ones are waived, is `counter.entry_refuse_only`.
 */
export const takeHeldEntry = (input: EntryDecision) =>
  Effect.gen(function* () {
    const { officer, reason, book, entry, input: signed } = yield* decider(input);
    if (entry.decided === "refused") {
      return yield* refuse("counter.entry_decided", "An officer refused this entry already.");
    }
    if (entry.outcome === "held" && entry.reason && !mayBeTaken(entry.reason)) {
      return yield* refuse(
        "counter.entry_refuse_only",
        `Held for ${entry.reason}: such an entry may only be refused.`,
      );
    }
    const rates = yield* recorded(() => book.rates());
    const credential =
      signed.amilCredential === undefined ? "missing" : book.amil(signed.amilCredential);
    const decision = decideTaking(
      signed,
      entry.device,
      officer.now,
      rates?.version ?? 0,
      rates?.rates ?? null,
      amilHeldReason(signed, credential),
    );
    if (decision.outcome === "hold") {
      return yield* refuse(
        "counter.entry_refuse_only",
        `The entry is also held for ${decision.reason}: it may only be refused.`,
      );
    }
    return yield* recorded(() =>
      book.take(
        input.deviceId,
        input.key,
        { entry: decision.entry, ratesSuperseded: decision.ratesSuperseded },
        officer,
        reason,
      ),
    );
  });

/** Refuse a held entry with the reason: nothing is paid; its number stands refused. Once. */
export const refuseHeldEntry = (input: EntryDecision) =>
  Effect.gen(function* () {
    const { officer, reason, book } = yield* decider(input);
    return yield* recorded(() => book.refuse(input.deviceId, input.key, officer, reason));
  });

/**
 * Move an entry applied outside a shift into a shift of its device's mosque (open, or closed and not
 * signed off: its close counts it then). Once.
 */
export const moveFlaggedEntry = (input: EntryDecision & { readonly shiftId: string }) =>
  Effect.gen(function* () {
    const { officer, reason, book } = yield* decider(input);
    return yield* recorded(() =>
      book.move(input.deviceId, input.key, input.shiftId, officer, reason),
    );
  });

/** Acknowledge an entry applied outside a shift with the reason (it stays in no shift). Once. */
export const acknowledgeFlaggedEntry = (input: EntryDecision) =>
  Effect.gen(function* () {
    const { officer, reason, book } = yield* decider(input);
    return yield* recorded(() => book.acknowledge(input.deviceId, input.key, officer, reason));
  });
