import { Schema } from "effect";
import { RequestError } from "./envelope";

/** The body decoded by its schema, or a 400 saying what was wrong (never a 500). */
export const decode = <S extends Schema.Top>(schema: S, body: unknown): S["Type"] => {
  try {
    return Schema.decodeUnknownSync(schema as never)(body) as S["Type"];
  } catch (error) {
    const detail = error instanceof Error ? error.message.slice(0, 300) : "invalid";
    throw new RequestError(400, `Invalid request: ${detail}`);
  }
};

/** A bounded string field. */
export const Text = (max: number) => Schema.String.check(Schema.isMaxLength(max));

/** A body naming one transaction. */
export const TransactionBody = Schema.Struct({ transactionNo: Text(40) });
