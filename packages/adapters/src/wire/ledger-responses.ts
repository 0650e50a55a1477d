import { LEDGER_KINDS } from "@portal/domain";
import { Schema } from "effect";

// The year's ledger's answer (issue 33, docs/ledger.md), money in integer cents.

const Str = Schema.String;
const Int = Schema.Int;
const IsoDay = Str.check(Schema.isPattern(/^\d{4}-\d{2}-\d{2}$/));
const HijriDay = Schema.Struct({ year: Int, month: Int, day: Int, estimated: Schema.Boolean });

const Row = Schema.Struct({
  kind: Schema.Literals(LEDGER_KINDS),
  assessed: Schema.NullOr(Int),
  paid: Int,
  refunded: Int,
  remaining: Schema.NullOr(Int),
  over: Int,
  notes: Schema.Array(
    Schema.Struct({
      code: Str,
      values: Schema.Record(Str, Schema.Union([Str, Schema.Number, Schema.Boolean, Schema.Null])),
    }),
  ),
  gifts: Schema.Array(
    Schema.Struct({
      transactionNo: Str,
      receiptNo: Schema.NullOr(Str),
      paidOn: IsoDay,
      source: Schema.Literals(["online", "counter", "kiosk"]),
      cents: Int,
      refundedCents: Int,
    }),
  ),
});

export const ledgerResponses = {
  getYearLedger: Schema.Struct({
    status: Schema.Literal(1),
    message: Str,
    data: Schema.Struct({
      span: Schema.Struct({
        hijriYear: Int,
        start: IsoDay,
        end: IsoDay,
        startEstimated: Schema.Boolean,
        endEstimated: Schema.Boolean,
      }),
      rows: Schema.Array(Row),
      asOf: IsoDay,
      today: Schema.NullOr(HijriDay),
      zakatRate: Schema.Number,
      hartaPayBase: Int,
    }),
  }),
};
