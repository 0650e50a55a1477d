import { Schema } from "effect";

// The instalment plans' answers (issue 33, docs/instalments.md), in cents.

const Str = Schema.String;
const Int = Schema.Int;
const IsoDay = Str.check(Schema.isPattern(/^\d{4}-\d{2}-\d{2}$/));
const ok = <F extends Schema.Struct.Fields>(fields: F) =>
  Schema.Struct({ status: Schema.Literal(1), message: Str, ...fields });

/** A plan as its owner sees it: its months, paid, remaining and, at the end, what settles it. */
export const InstalmentPlanWire = Schema.Struct({
  id: Str,
  status: Schema.Literals(["pending", "active", "stopped", "ended"]),
  assessmentId: Schema.NullOr(Str),
  amountCents: Int,
  firstOn: IsoDay,
  haulOn: IsoDay,
  months: Schema.Array(
    Schema.Struct({
      index: Int,
      date: IsoDay,
      amountCents: Int,
      status: Schema.Literals(["paid", "due", "upcoming"]),
    }),
  ),
  paidCents: Int,
  remainingCents: Int,
  settlement: Schema.NullOr(
    Schema.Struct({
      kind: Schema.Literals(["settled", "offer", "paidMore"]),
      amountCents: Int,
    }),
  ),
  transactionNo: Schema.NullOr(Str),
});
export type InstalmentPlanWire = typeof InstalmentPlanWire.Type;

/** The calls' answers, merged into `responses`. */
export const instalmentResponses = {
  listInstalmentPlans: ok({ data: Schema.Array(InstalmentPlanWire) }),
  startInstalmentPlan: ok({ data: InstalmentPlanWire }),
  stopInstalmentPlan: ok({ data: InstalmentPlanWire }),
};
