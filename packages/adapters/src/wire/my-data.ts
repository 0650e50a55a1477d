import { FLOW_TYPES } from "@portal/domain";
import { Schema } from "effect";

const Str = Schema.String;
const NullStr = Schema.NullOr(Schema.String);
const Flow = Schema.Literals(FLOW_TYPES);

/** A personal field the portal holds and where it came from; the NRIC only masked. */
const HeldField = Schema.Struct({
  field: Str,
  value: Str,
  source: Schema.Literals(["singpass", "typed"]),
});

/** getMyData: everything the portal holds about the signed-in donor (docs/account.md). */
export const MyData = Schema.Struct({
  exportedAt: Str,
  profile: Schema.Struct({
    donorType: Schema.Literals(["individual", "corporate"]),
    enrolment: Str,
    accountCreated: Str,
    fields: Schema.Array(HeldField),
  }),
  gifts: Schema.Array(
    Schema.Struct({
      transactionNo: Str,
      date: Str,
      fund: Flow,
      to: Str,
      amount: Schema.Number,
      method: Str,
      card: NullStr,
      status: Str,
      frequency: Str,
      receiptNo: NullStr,
    }),
  ),
  receipts: Schema.Array(
    Schema.Struct({ receiptNo: Str, transactionNo: Str, date: Str, amount: Schema.Number }),
  ),
  plans: Schema.Array(Schema.Unknown),
  savedCards: Schema.Array(Schema.Unknown),
  taxInclusion: Schema.Array(Schema.Struct({ transactionNo: Str, included: Schema.Boolean })),
});

/** The donor's own data calls' answers (docs/account.md). */
export const myDataResponses = {
  getMyData: Schema.Struct({ status: Schema.Literal(1), message: Str, data: MyData }),
  closeAccount: Schema.Struct({ status: Schema.Literals([0, 1]), message: Str }),
};
