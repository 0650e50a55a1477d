import { Effect } from "effect";
import {
  ContentRefused,
  decodeRateChanges,
  decodeSiteContentChange,
  MAIN_CHARITY_ID,
  RateDraftRefused,
  type RateDraftProblem,
} from "@portal/domain";
import { recorded, refuse, type Refused } from "../refused";
import { mayAct, type Officer } from "./officer";
import { FinanceDays, PublishedSettings, RateBook, SiteContents } from "./ports";

// What officers publish to the donors' pages (the rates, the site's content) and the finance day's
// sign-off. Each an Effect program over the ports; a change the donors see clears the configuration
// they read (`PublishedSettings`).

/** The rates in force, their version and the drafts; approved drafts whose time has come first published. */
export const ratesAndDrafts = () =>
  Effect.gen(function* () {
    const officer = yield* mayAct("rates.view");
    const book = yield* RateBook;
    const published = yield* recorded(() => book.publishDue(officer.now));
    if (published > 0) (yield* PublishedSettings).changed();
    return yield* recorded(() => book.list(MAIN_CHARITY_ID));
  });

/**
 * New rates drafted (the changed fields, checked by the domain) to take effect at a time, or, with
 * no time, at the server's now (published as soon as approved): an officer's browser clock may be
 * behind the server's, and its "now" would then be refused as past.
 */
export const draftRates = (input: { readonly changes: unknown; readonly effectiveAt?: string }) =>
  Effect.gen(function* () {
    const officer = yield* mayAct("rates.draft");
    const effectiveAt = input.effectiveAt === undefined ? officer.now : new Date(input.effectiveAt);
    if (Number.isNaN(effectiveAt.getTime())) {
      const code: RateDraftProblem = "rates.invalid";
      return yield* refuse(code, "Send { changes, effectiveAt } as JSON");
    }
    const changes = yield* decoded(() => decodeRateChanges(input.changes));
    const book = yield* RateBook;
    return yield* recorded(() =>
      book.draft({ charityId: MAIN_CHARITY_ID, changes, effectiveAt, officer }),
    );
  });

/** A draft approved (by another officer than its drafter; published at once if its time has come) or withdrawn. */
export const decideRateDraft = (id: number, verb: "approve" | "withdraw") =>
  Effect.gen(function* () {
    const officer = yield* mayAct(verb === "approve" ? "rates.approve" : "rates.draft");
    const book = yield* RateBook;
    const draft = yield* recorded(() =>
      verb === "approve" ? book.approve(id, officer) : book.withdraw(id, officer),
    );
    (yield* PublishedSettings).changed();
    return draft;
  });

/** The charities, and one charity's contact details, social links, text blocks and donor-wall settings. */
export const siteContentOf = (charityId: number | undefined) =>
  Effect.gen(function* () {
    yield* mayAct("content.edit");
    const contents = yield* SiteContents;
    const content =
      charityId === undefined ? undefined : yield* recorded(() => contents.read(charityId));
    if (!content) return yield* refuse("content.unknown_charity", "No such charity");
    return { charities: yield* recorded(() => contents.charities()), content };
  });

/**
 * A charity's content saved: each part sent checked and cleaned by the domain (a refusal names the
 * field's path), saved with its audit line, and shown on the donors' next page load.
 */
export const saveSiteContent = (charityId: number, parts: Readonly<Record<string, unknown>>) =>
  Effect.gen(function* () {
    const officer = yield* mayAct("content.edit");
    const change = yield* decoded(() => decodeSiteContentChange(parts));
    if (change.links !== undefined && charityId !== MAIN_CHARITY_ID) {
      // The links are the whole site's (every footer and header reads the main charity's).
      return yield* refuse("content.invalid", "The site's links belong to the main charity", {
        field: "links",
      });
    }
    const contents = yield* SiteContents;
    const content = yield* recorded(() => contents.save({ charityId, change, officer }));
    if (!content) return yield* refuse("content.unknown_charity", "No such charity");
    (yield* PublishedSettings).changed();
    return { content };
  });

/** A finance day signed off by an approver: only a real day with no difference, once; audited with it. */
export const signOffDay = (day: string) =>
  Effect.gen(function* () {
    const officer = yield* mayAct("finance.signOff");
    const days = yield* FinanceDays;
    const outcome = yield* recorded(() => days.signOff(day, officer));
    if (outcome === "differences") {
      return yield* refuse("finance.differences", "This day still has differences");
    }
    if (outcome === "already") return yield* refuse("finance.signed_off", "This day is signed off");
    if (outcome === "invalid") return yield* refuse("finance.bad_day", "Give a real day");
    return { day, signedBy: officer.id };
  });

/**
 * A domain decoder's answer; its refusal (`RateDraftRefused`, `ContentRefused`: a code, a message, a
 * content field's path) as the use case's `Refused`; anything else thrown is a defect.
 */
const decoded = <A>(decode: () => A): Effect.Effect<A, Refused> =>
  Effect.try({ try: decode, catch: (error) => error }).pipe(
    Effect.catch((error) =>
      error instanceof ContentRefused
        ? Effect.fail(refuse(error.code, error.message, { field: error.field }))
        : error instanceof RateDraftRefused
          ? Effect.fail(refuse(error.code, error.message))
          : Effect.die(error),
    ),
  );

/** Every service the settings' use cases ask for. */
export type SettingsServices = Officer | RateBook | SiteContents | PublishedSettings | FinanceDays;
