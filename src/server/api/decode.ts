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

/**
 * A bounded string field without control characters (no call takes a NUL, a line break or an escape
 * in a name, a number or an id; the router already refuses NUL anywhere in a request).
 */
// eslint-disable-next-line no-control-regex -- the control characters are what this refuses
const noControls = /^[^\u0000-\u001f\u007f]*$/;

export const Text = (max: number) =>
  Schema.String.check(Schema.isMaxLength(max), Schema.isPattern(noControls));

/** A body naming one transaction. */
export const TransactionBody = Schema.Struct({ transactionNo: Text(40) });
