import { Schema } from "effect";

/**
 * A counter device's sync answer (`syncEntries`): per entry sent, its key and what became of it:
 * applied (with its receipt, and whether it was priced at rates replaced since), held for an officer
 * (with the reason, and the receipt number the device gave it), or refused and not kept (with a code).
 * An entry applied outside the amil's shift says so (`shiftFlag`).
 */
export const SyncAnswers = Schema.Struct({
  entries: Schema.Array(
    Schema.Struct({
      key: Schema.NullOr(Schema.String),
      outcome: Schema.Literals(["applied", "held", "refused"]),
      replayed: Schema.optionalKey(Schema.Boolean),
      ratesSuperseded: Schema.optionalKey(Schema.Boolean),
      // Applied outside the amil's shift: none open at the entry's time, or closed since.
      shiftFlag: Schema.optionalKey(Schema.Literals(["shift.none", "shift.closed"])),
      reason: Schema.optionalKey(Schema.String),
      code: Schema.optionalKey(Schema.String),
      receiptNo: Schema.optionalKey(Schema.NullOr(Schema.String)),
      receipt: Schema.optionalKey(
        Schema.Struct({
          transactionNo: Schema.String,
          receiptNo: Schema.String,
          token: Schema.String,
          flow: Schema.String,
          amounts: Schema.Record(Schema.String, Schema.Int),
          replayed: Schema.Boolean,
        }),
      ),
    }),
  ),
});
