import { Schema } from "effect";
import {
  savedMemberProblems,
  SAVED_MEMBERS_MAX,
  tidyMemberName,
  type Relation,
} from "@portal/domain";
import { decode, Text } from "./decode";
import { RequestError, success } from "./envelope";
import type { Handler, HandlerServices } from "./types";

// The people a signed-in donor keeps for household payments (issue 33, docs/households.md). Signed-in
// donors only (a guest or a stranger is 401); each call reads and changes the caller's own people
// alone, and another donor's person answers exactly as a missing one (404).

const SaveMember = Schema.Struct({
  id: Schema.optionalKey(Text(36)),
  name: Text(200),
  relation: Text(20),
});
const MemberId = Schema.Struct({ id: Text(36) });

const notFound = () =>
  new RequestError(404, "No such household member.", "household.member.notFound");

/** The name and relation to keep, or the 422 naming the first field at fault. */
const checked = (name: string, relation: string) => {
  const [problem] = savedMemberProblems(name, relation);
  if (problem === "member.name") {
    throw new RequestError(
      422,
      "Enter the person's name as it should be printed (2 to 66 letters).",
      "household.member.name",
    );
  }
  if (problem === "member.relation") {
    throw new RequestError(
      422,
      "Choose how the person is related to you.",
      "household.member.relation",
    );
  }
  return { name: tidyMemberName(name), relation: relation as Relation };
};

/** getHouseholdMembers: the caller's own people, in the order kept. */
const getHouseholdMembers =
  ({ callers, services }: HandlerServices): Handler =>
  async ({ headers }) => {
    const donor = await callers.registeredDonor(headers);
    const members = await (await services.records.householdMembers()).list(donor.id);
    return success({ data: members });
  };

/**
 * saveHouseholdMember {id?, name, relation}: keep a new person (no id; refused past the cap) or
 * change one of the caller's own.
 */
const saveHouseholdMember =
  ({ callers, services }: HandlerServices): Handler =>
  async ({ headers, body }) => {
    const donor = await callers.registeredDonor(headers);
    const given = decode(SaveMember, body);
    const { name, relation } = checked(given.name, given.relation);
    const members = await services.records.householdMembers();
    if (given.id === undefined) {
      const kept = await members.add(donor.id, name, relation);
      if (kept === "full") {
        throw new RequestError(
          422,
          `You can keep at most ${SAVED_MEMBERS_MAX} household members; remove one first.`,
          "household.members.full",
        );
      }
      return success({ message: "Household member added", data: kept });
    }
    const changed = await members.update(donor.id, given.id, name, relation);
    if (!changed) throw notFound();
    return success({ message: "Household member updated", data: changed });
  };

/** removeHouseholdMember {id}: forget one of the caller's own people. */
const removeHouseholdMember =
  ({ callers, services }: HandlerServices): Handler =>
  async ({ headers, body }) => {
    const donor = await callers.registeredDonor(headers);
    const { id } = decode(MemberId, body);
    if (!(await (await services.records.householdMembers()).remove(donor.id, id))) {
      throw notFound();
    }
    return success({ message: "Household member removed", data: { id } });
  };

export const householdHandlers = (given: HandlerServices) =>
  ({
    getHouseholdMembers: getHouseholdMembers(given),
    saveHouseholdMember: saveHouseholdMember(given),
    removeHouseholdMember: removeHouseholdMember(given),
  }) satisfies Record<string, Handler>;
