import pino, { type DestinationStream, type Logger as PinoLogger } from "pino";

export type Logger = PinoLogger;

/** NRIC/FIN-shaped text: the letter, seven digits, the check letter. */
const NRIC = /\b[STFGM]\d{7}[A-Z]\b/gi;
/** Card-number-shaped text: 13 to 19 digits, alone or in groups split by spaces or dashes. */
const CARD = /\b\d(?:[ -]?\d){12,18}\b/g;

/** Luhn's check, so that timestamps and other long numbers stay readable. */
const luhn = (digits: string): boolean => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
};

const maskCard = (card: string): string => {
  const digits = card.replace(/\D/g, "");
  return luhn(digits) ? `************${digits.slice(-4)}` : card;
};

/**
 * Text as it may be logged: an NRIC keeps only its last four characters (as the screens show it), a
 * card number only its last four digits. Architecture, "departures": neither reaches a log.
 */
export const scrub = (text: string): string =>
  text.replace(NRIC, (nric) => `*****${nric.slice(-4)}`).replace(CARD, maskCard);

const scrubValue = (value: unknown, depth = 0): unknown => {
  if (typeof value === "string") return scrub(value);
  if (depth > 6 || value === null || typeof value !== "object") return value;
  if (value instanceof Error) {
    return { type: value.name, message: scrub(value.message), stack: scrub(value.stack ?? "") };
  }
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, scrubValue(item, depth + 1)]),
  );
};

/** Fields that never reach a log whatever they hold. */
const REDACT = [
  "nric",
  "*.nric",
  "password",
  "*.password",
  "cardNumber",
  "*.cardNumber",
  "number",
  "*.number",
  "cvc",
  "*.cvc",
  "clientSecret",
  "*.clientSecret",
  "req.headers.authorization",
  "req.headers.cookie",
  'res.headers["set-cookie"]',
];

/**
 * The server's structured log (pino, one JSON line per event on stdout): every message and field is
 * scrubbed of NRICs and card numbers, and the fields named in REDACT are removed. `destination` is for
 * tests.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: "portal" },
      redact: { paths: REDACT, censor: "[redacted]" },
      formatters: { log: (object) => scrubValue(object) as Record<string, unknown> },
      hooks: {
        logMethod(args, method) {
          // An error given alone lends the line its message: scrubbed here, as every other string.
          const [first, ...rest] = args as unknown[];
          const given =
            first instanceof Error
              ? [{ err: scrubValue(first) }, ...(rest.length > 0 ? rest : [first.message])]
              : args;
          method.apply(
            this,
            given.map((arg) => (typeof arg === "string" ? scrub(arg) : arg)) as Parameters<
              typeof method
            >,
          );
        },
      },
    },
    destination,
  );
}

/** A short message for an error of unknown shape (the message only: stacks may carry input). */
export const reason = (error: unknown): string =>
  error instanceof Error ? error.message : "unknown error";
