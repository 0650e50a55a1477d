import { Schema } from "effect";

const Str = Schema.String;
const Int = Schema.Int;
const IsoDay = Str.check(Schema.isPattern(/^\d{4}-\d{2}-\d{2}$/));
const Wealth = Schema.Literals(["savings", "shares", "insurance", "cpf"]);

/** The haul tracker (docs/haul-tracker.md): the donor's lines and each wealth's haul, explained. */
export const HaulTracker = Schema.Struct({
  asOf: IsoDay,
  limit: Int,
  zakatRate: Schema.Number,
  nisab: Schema.Array(Schema.Struct({ from: IsoDay, nisab: Int })),
  portalPayment: Schema.NullOr(IsoDay),
  entries: Schema.Array(
    Schema.Struct({
      id: Str,
      wealth: Wealth,
      kind: Schema.Literals(["balance", "payment"]),
      date: IsoDay,
      balance: Schema.NullOr(Int),
    }),
  ),
  hauls: Schema.Array(
    Schema.Struct({
      wealth: Wealth,
      lastPayment: Schema.NullOr(
        Schema.Struct({ date: IsoDay, source: Schema.Literals(["recorded", "portal"]) }),
      ),
      haul: Schema.Struct({
        status: Schema.Literals(["none", "running", "due"]),
        start: Schema.NullOr(IsoDay),
        startReason: Schema.NullOr(
          Schema.Literals(["lastPayment", "reachedNisab", "previousHaulEnded"]),
        ),
        dueDate: Schema.NullOr(IsoDay),
        dueDateHijri: Schema.NullOr(
          Schema.Struct({ year: Int, month: Int, day: Int, estimated: Schema.Boolean }),
        ),
        lowest: Schema.NullOr(Schema.Struct({ date: IsoDay, balance: Int })),
        breaks: Schema.Array(
          Schema.Struct({ date: IsoDay, balance: Int, nisab: Int, since: IsoDay }),
        ),
        nisabAtEnd: Schema.NullOr(Int),
        amount: Int,
        steps: Schema.Array(
          Schema.Struct({
            code: Str,
            figures: Schema.Array(
              Schema.Struct({ key: Str, value: Schema.Union([Schema.Number, Str]), unit: Str }),
            ),
          }),
        ),
      }),
    }),
  ),
});

const ok = <F extends Schema.Struct.Fields>(fields: F) =>
  Schema.Struct({ status: Schema.Literal(1), message: Str, ...fields });

/** The haul tracker's calls: each answers the tracker as it stands. */
export const haulResponses = {
  getHaulTracker: ok({ data: HaulTracker }),
  saveHaulEntry: ok({ data: HaulTracker }),
  deleteHaulEntry: ok({ data: HaulTracker }),
};
