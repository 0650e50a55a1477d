import { Effect } from "effect";
import { recorded } from "../refused";
import { mayAct, type Officer } from "./officer";
import { AsnafBook, PublishedSettings } from "./ports";

// The distribution of zakat to the eight asnaf that the collections page shows (issue 34,
// docs/collections.md): a year's figures drafted by one officer and published when another approves
// them, as the Hijri calendar's month starts are. Whether the figures are whole cents for each of the
// eight is the domain's rule (`checkAsnafDistribution`), applied by the records before they write.

/** The published distributions (newest year first) and the drafts (newest first). */
export const asnafDistributions = () =>
  Effect.gen(function* () {
    yield* mayAct("asnaf.view");
    const book = yield* AsnafBook;
    return yield* recorded(() => book.list());
  });

/** A year's distribution proposed: `{ year, cents: { fuqara, masakin, ... } }`. */
export const draftAsnaf = (proposed: {
  readonly year: number;
  readonly cents: Readonly<Record<string, number>>;
}) =>
  Effect.gen(function* () {
    const officer = yield* mayAct("asnaf.draft");
    const book = yield* AsnafBook;
    return yield* recorded(() => book.draft(proposed, officer));
  });

/** A draft approved by an officer other than its drafter (published at once), or withdrawn. */
export const decideAsnafDraft = (id: number, verb: "approve" | "withdraw") =>
  Effect.gen(function* () {
    const officer = yield* mayAct(verb === "approve" ? "asnaf.approve" : "asnaf.draft");
    const book = yield* AsnafBook;
    const draft = yield* recorded(() =>
      verb === "approve" ? book.approve(id, officer) : book.withdraw(id, officer),
    );
    // The collections page shows it on its next read, not after its minute.
    if (verb === "approve") (yield* PublishedSettings).changed();
    return draft;
  });

/** Every service the asnaf distribution's use cases ask for. */
export type AsnafServices = Officer | AsnafBook | PublishedSettings;
