import { Effect } from "effect";
import { recorded } from "../refused";
import { mayAct, type Officer } from "./officer";
import { HijriCalendarBook, PublishedSettings } from "./ports";

// The council's Hijri calendar in the console: the month starts published, and those proposed, each
// drafted by one officer and published when another approves it (docs/console.md "Hijri calendar").
// Whether a start fits the calendar is the domain's rule (`checkMonthStart`), which the records apply
// in the transaction that writes it; a refusal comes back as `Refused` with its `calendar.*` code.

/** The published month starts and the drafts (newest first). */
export const hijriCalendarAndDrafts = () =>
  Effect.gen(function* () {
    yield* mayAct("calendar.view");
    const book = yield* HijriCalendarBook;
    return yield* recorded(() => book.list());
  });

/** A month start proposed: 1 <month> <year> is the Gregorian day `start`. */
export const draftMonthStart = (input: {
  readonly year: number;
  readonly month: number;
  readonly start: string;
}) =>
  Effect.gen(function* () {
    const officer = yield* mayAct("calendar.draft");
    const book = yield* HijriCalendarBook;
    return yield* recorded(() => book.draft(input, officer));
  });

/** A draft approved by an officer other than its drafter (published at once), or withdrawn. */
export const decideMonthDraft = (id: number, verb: "approve" | "withdraw") =>
  Effect.gen(function* () {
    const officer = yield* mayAct(verb === "approve" ? "calendar.approve" : "calendar.draft");
    const book = yield* HijriCalendarBook;
    const draft = yield* recorded(() =>
      verb === "approve" ? book.approve(id, officer) : book.withdraw(id, officer),
    );
    // The donors' pages read the calendar through the configuration's cache.
    if (verb === "approve") (yield* PublishedSettings).changed();
    return draft;
  });

/** Every service the calendar's use cases ask for. */
export type CalendarServices = Officer | HijriCalendarBook | PublishedSettings;
