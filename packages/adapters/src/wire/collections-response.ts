import { Schema } from "effect";

const Str = Schema.String;
const Int = Schema.Int;

/** The collections page's figures (issue 34, docs/collections.md): sums and counts, nothing personal. */
export const CollectionsData = Schema.Struct({
  asOf: Str,
  ramadan: Schema.Struct({ hijriYear: Int, from: Str, to: Str, count: Int, cents: Int }),
  year: Schema.Struct({ year: Int, from: Str, to: Str, count: Int, cents: Int }),
  asnaf: Schema.NullOr(
    Schema.Struct({
      year: Int,
      total: Int,
      lines: Schema.Array(Schema.Struct({ asnaf: Str, cents: Int })),
    }),
  ),
});
