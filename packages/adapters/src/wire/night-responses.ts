import { Schema } from "effect";

const ok = <F extends Schema.Struct.Fields>(fields: F) =>
  Schema.Struct({ status: Schema.Literal(1), message: Schema.String, ...fields });

const Day = Schema.String.check(Schema.isPattern(/^\d{4}-\d{2}-\d{2}$/));

/** A night as the page shows it: its Hijri night of Ramadan, the day it falls before, its evening. */
const ComingNight = Schema.Struct({
  night: Schema.Int,
  on: Day,
  chargeOn: Day,
  estimated: Schema.Boolean,
});

/** A schedule of the last ten nights (docs/last-ten-nights.md), to its owner or its link's holder. */
export const NightSchedule = Schema.Struct({
  id: Schema.String,
  year: Schema.Int,
  amountCents: Schema.Int,
  cardBrand: Schema.String,
  cardLast4: Schema.String,
  status: Schema.Literals(["active", "stopped"]),
  nights: Schema.Array(
    Schema.Struct({
      ...ComingNight.fields,
      status: Schema.Literals([
        "scheduled",
        "claimed",
        "succeeded",
        "failed",
        "dropped",
        "missed",
        "stopped",
      ]),
    }),
  ),
});

/** The last ten nights' calls' answers. */
export const nightResponses = {
  getLastTenNights: ok({
    data: Schema.Struct({
      coming: Schema.NullOr(
        Schema.Struct({
          year: Schema.Int,
          minCents: Schema.Int,
          maxCents: Schema.Int,
          nights: Schema.Array(ComingNight),
        }),
      ),
      schedules: Schema.Array(NightSchedule),
    }),
  }),
  scheduleLastTenNights: ok({ data: NightSchedule }),
  stopLastTenNights: ok({ data: Schema.Array(NightSchedule) }),
  getNightsByLink: ok({ data: NightSchedule }),
  stopNightsByLink: ok({ data: NightSchedule }),
};
