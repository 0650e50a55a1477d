import { Schema } from "effect";
import { decodeInput, InputRefused, Text } from "../input";
import { RequestError } from "./envelope";

export { Text };

/** The body decoded by its schema, or a 400 saying what was wrong (never a 500). */
export const decode = <S extends Schema.Top>(schema: S, body: unknown): S["Type"] => {
  try {
    return decodeInput(schema, body);
  } catch (error) {
    if (error instanceof InputRefused)
      throw new RequestError(400, `Invalid request: ${error.message}`);
    throw error;
  }
};

/** A body naming one transaction. */
export const TransactionBody = Schema.Struct({ transactionNo: Text(40) });
