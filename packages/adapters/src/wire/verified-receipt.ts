import { FLOW_TYPES } from "@portal/domain";
import { Schema } from "effect";

const Str = Schema.String;
const Int = Schema.Int;

/** What `/verify` shows of a genuine receipt (issue 32): nothing personal. */
export const VerifiedReceipt = Schema.Struct({
  receiptNo: Str,
  flow: Schema.Literals(FLOW_TYPES),
  items: Schema.Array(Schema.Struct({ item: Str, amountCents: Int })),
  amountCents: Int,
  refundedCents: Int,
  issuedOn: Str,
  source: Schema.Literals(["online", "pos", "kiosk"]),
  mosqueName: Schema.NullOr(Str),
  status: Schema.Literals(["accepted", "refunded", "voided"]),
  replacedBy: Schema.NullOr(Str),
  by: Schema.Literals(["server", "device"]),
  synced: Schema.Boolean,
});
