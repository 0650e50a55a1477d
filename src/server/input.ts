import { Result, Schema, SchemaIssue } from "effect";

/**
 * The one rule at the edge of every call, the service calls under /svc and the console's alike: a
 * body is JSON whose every string and key is well-formed text (no NUL, which PostgreSQL refuses in
 * text, and no lone UTF-16 surrogate, which it refuses in JSON), each field is decoded by a schema
 * (typed, bounded), and a URL's query values and path segments obey the same text rule. Anything else
 * is a 400 that says what was wrong, never a 5xx from deeper down.
 */

/** A NUL, or a surrogate not part of a pair (with the `u` flag a pair is one code point). */
// eslint-disable-next-line no-control-regex -- NUL is what this refuses
const illFormed = /[\u0000\p{Cs}]/u;

/** Whether a text may go anywhere the portal stores or sends it (no NUL, no lone surrogate). */
export const wellFormed = (text: string): boolean => !illFormed.test(text);

/** Input the rule refuses: the message says what, `fields` the top-level fields at fault. */
export class InputRefused extends Error {
  constructor(
    message: string,
    readonly fields: ReadonlyArray<string> = [],
  ) {
    super(message);
  }
}

const checkedText = (_key: string, value: unknown): unknown => {
  if (typeof value === "string" && !wellFormed(value))
    throw new InputRefused("A field holds a NUL or a broken character");
  if (typeof value === "object" && value !== null && !Object.keys(value).every(wellFormed))
    throw new InputRefused("A field name holds a NUL or a broken character");
  return value;
};

/** A request body's JSON text as a value, every string and key well-formed; InputRefused otherwise. */
export const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text, checkedText) as unknown;
  } catch (error) {
    if (error instanceof InputRefused) throw error;
    throw new InputRefused("Request body is not valid JSON");
  }
};

/** Longest query value or path segment any call takes (ids, days, search words). */
export const MAX_URL_TEXT = 200;

/**
 * The first of a URL's query values and path segments the rule refuses, described; undefined when
 * all are well-formed and short. A segment whose escapes are no UTF-8 is refused too.
 */
export const urlProblem = (url: URL): string | undefined => {
  for (const [name, value] of url.searchParams) {
    if (!wellFormed(name) || !wellFormed(value))
      return "A query parameter holds a NUL or a broken character";
    if (value.length > MAX_URL_TEXT) return `The query parameter ${name} is too long`;
  }
  for (const segment of url.pathname.split("/")) {
    let text: string;
    try {
      text = decodeURIComponent(segment);
    } catch {
      return "The address holds an escape that is not UTF-8";
    }
    if (!wellFormed(text)) return "The address holds a NUL or a broken character";
    if (text.length > MAX_URL_TEXT) return "The address is too long";
  }
  return undefined;
};

/** Control characters (NUL, line breaks, escapes): no single-line field takes them. */
// eslint-disable-next-line no-control-regex -- the control characters are what this refuses
const noControls = /^[^\u0000-\u001f\u007f]*$/;

/** A bounded single-line text field: at most `max` characters, no control character. */
export const Text = (max: number) =>
  Schema.String.check(Schema.isMaxLength(max), Schema.isPattern(noControls));

/** Bounded text that may span lines (a reason, a note); NUL never passes `parseJson`. */
export const Lines = (max: number) => Schema.String.check(Schema.isMaxLength(max));

/** Whole cents: a safe integer (never a string, a fraction or an exponent the caller meant otherwise). */
export const WholeCents = Schema.Int.check(
  Schema.isBetween({ minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER }),
);

const issues = SchemaIssue.makeFormatterStandardSchemaV1();
const segment = (part: PropertyKey | { readonly key: PropertyKey }) =>
  String(typeof part === "object" ? part.key : part);

/**
 * A value decoded by its schema (strings are well-formed already: the body went through `parseJson`),
 * or InputRefused naming the fields at fault and why, briefly.
 */
export const decodeInput = <S extends Schema.Top>(schema: S, value: unknown): S["Type"] => {
  const decoded = Schema.decodeUnknownResult(schema as never)(value, {
    errors: "all",
  }) as Result.Result<S["Type"], { readonly issue: SchemaIssue.Issue }>;
  if (Result.isSuccess(decoded)) return decoded.success;
  const found = issues(decoded.failure.issue).issues;
  const fields = [
    ...new Set(found.map((issue) => (issue.path?.[0] === undefined ? "" : segment(issue.path[0])))),
  ].filter((field) => field !== "");
  const detail = found
    .slice(0, 5)
    .map((issue) =>
      issue.path?.length ? `${issue.path.map(segment).join(".")}: ${issue.message}` : issue.message,
    )
    .join("; ");
  throw new InputRefused(detail.slice(0, 300) || "invalid", fields);
};

/** A record id as the database's uuid type takes it (anything else would fail there, not here). */
export const isUuid = (text: string): boolean =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text);
