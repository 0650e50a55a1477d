/**
 * A repository's refusal the caller can read (not a fault): a stable code and an English message.
 * The edge picks the HTTP answer from the code (src/server/api/errors.ts). `_tag` names the class
 * for the console, whose routes see the service bundle's copy of it (`instanceof` does not hold).
 */
export class RecordRefused extends Error {
  readonly _tag = "RecordRefused";
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}
