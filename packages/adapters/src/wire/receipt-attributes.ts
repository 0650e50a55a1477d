import { Schema } from "effect";

const Str = Schema.String;
const Int = Schema.Int;
const NullInt = Schema.NullOr(Int);

/** Spec §3's receipt attribute lists (amounts in cents; a rate no longer known is null). */
export const ReceiptAttributes = Schema.Struct({
  muisHarta: Schema.Array(Schema.Struct({ name: Str, amount: Int, remark: Schema.Array(Str) })),
  muisFitrah: Schema.Array(
    Schema.Struct({ name: Str, noOfPerson: Int, perPerson: NullInt, amount: NullInt }),
  ),
  muisFidyah: Schema.Array(
    Schema.Struct({ name: Str, noOfDays: Int, perDay: NullInt, amount: Int }),
  ),
  muisKaffarah: Schema.Array(
    Schema.Struct({ name: Str, quantity: Int, perUnit: NullInt, amount: Int }),
  ),
  household: Schema.Array(
    Schema.Struct({
      name: Str,
      item: Schema.Literals(["fitrah", "fidyah", "harta"]),
      kind: Schema.NullOr(Schema.Literals(["normal", "premium", "own"])),
      days: NullInt,
      amount: Int,
    }),
  ),
  /** Which payment of a zakat instalment plan it is (issue 33, docs/instalments.md). */
  instalment: Schema.optionalKey(
    Schema.Union([
      Schema.Struct({ kind: Schema.Literal("month"), k: Int, n: Int }),
      Schema.Struct({ kind: Schema.Literal("settle") }),
    ]),
  ),
});
