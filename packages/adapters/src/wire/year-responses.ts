import { MISSED_FAST_REASONS, RELATIONS } from "@portal/domain";
import { Schema } from "effect";

const Str = Schema.String;
const Int = Schema.Int;
const ok = <F extends Schema.Struct.Fields>(fields: F) =>
  Schema.Struct({ status: Schema.Literal(1), message: Str, ...fields });

/** A person a donor keeps for household payments (docs/households.md). */
const HouseholdMember = Schema.Struct({ id: Str, name: Str, relation: Schema.Literals(RELATIONS) });

/** An entry of the donor's log of missed fasts (docs/missed-fasts.md). */
const MissedFast = Schema.Struct({
  id: Str,
  hijriYear: Int,
  reason: Schema.Literals(MISSED_FAST_REASONS),
  days: Int,
  paidTransactionNo: Schema.NullOr(Str),
});

/**
 * What a signed-in donor keeps of their year in the account (issue 33): the people of their household
 * and the log of missed fasts with the fidyah owed (at the rate in force; null when none is published).
 */
export const yearResponses = {
  getHouseholdMembers: ok({ data: Schema.Array(HouseholdMember) }),
  saveHouseholdMember: ok({ data: HouseholdMember }),
  removeHouseholdMember: ok({ data: Schema.Struct({ id: Str }) }),
  getMissedFasts: ok({
    data: Schema.Struct({
      entries: Schema.Array(MissedFast),
      fidyahPerDayCents: Schema.NullOr(Int),
      owedDays: Schema.NullOr(Int),
      owedCents: Schema.NullOr(Int),
    }),
  }),
  saveMissedFast: ok({ data: MissedFast }),
  removeMissedFast: ok({ data: Schema.Struct({ id: Str }) }),
  recordMissedFastsPaid: ok({ data: Schema.Struct({ transactionNo: Str }) }),
};
