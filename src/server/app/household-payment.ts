import { Effect } from "effect";
import { tidyMemberName, type DonationItems, type HouseholdMember } from "@portal/domain";
import type { Giver } from "./create-donation";
import { HouseholdMemberRecords } from "./ports";
import { refuse, type Refused } from "./refused";

// Issue 33 (docs/households.md): a signed-in donor pays for people kept in their account, sent by
// their kept id. Each is named here from the caller's own list before the donation is priced, so the
// receipt prints what the account keeps, and nobody pays (or learns of) a person someone else keeps.

/** A person as the request sends them: a kept id, a name, or both (the name then the kept one). */
type SentMember = Omit<HouseholdMember, "name"> & { readonly name?: string | undefined };

const notFound = () => refuse("household.member.notFound", "No such household member.");

/**
 * The items with every kept person named from the caller's own list. A guest's id, another donor's
 * and a missing one are refused alike (`household.member.notFound`, nothing kept); a person given
 * twice, or a kept person under another name than the kept one, is `donation.household`. Items
 * without kept people are returned as they are (typed names are priced and checked as before).
 */
export const withKeptNames = (
  items: DonationItems,
  giver: Giver,
): Effect.Effect<DonationItems, Refused, HouseholdMemberRecords> =>
  Effect.gen(function* () {
    const sent = items.household as ReadonlyArray<SentMember> | undefined;
    if (!sent?.some((m) => m.memberId !== undefined)) return items;
    if (giver.kind !== "donor") return yield* notFound();
    const records = yield* HouseholdMemberRecords;
    const kept = yield* Effect.promise(() => records.list(giver.donorId));
    const names = new Map(kept.map((m) => [m.id, m.name]));
    const seen = new Set<string>();
    const household: HouseholdMember[] = [];
    for (const member of sent) {
      if (member.memberId === undefined) {
        household.push({ ...member, name: member.name ?? "" });
        continue;
      }
      const name = names.get(member.memberId);
      if (name === undefined) return yield* notFound();
      if (seen.has(member.memberId)) {
        return yield* refuse("donation.household", "A person is named once in a payment.");
      }
      seen.add(member.memberId);
      if (member.name !== undefined && tidyMemberName(member.name) !== name) {
        return yield* refuse(
          "donation.household",
          "A kept person is named as your household list keeps them; reload checkout.",
        );
      }
      household.push({ ...member, name });
    }
    return { ...items, household };
  });
