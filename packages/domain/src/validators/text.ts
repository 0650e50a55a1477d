import type { Validation } from "./messages.ts";

/**
 * Text helper of §5: removes HTML tags, collapses runs of spaces into one and trims leading spaces
 * (trailing spaces stay so typing "Ahmad " is not fought). Idempotent.
 */
export const cleanText = (text: string): string =>
  text
    .replace(/<[^>]*>?/g, "")
    .replace(/ {2,}/g, " ")
    .replace(/^ +/, "");

/** Number parsing of §5: strips all but digits, dot and minus, then reads a number; `null` if none. */
export const parseNumberText = (text: string): number | null => {
  const stripped = text.replace(/[^\d.-]/g, "");
  if (!/^-?(?:\d+\.?\d*|\.\d+)$/.test(stripped)) return null;
  return Number(stripped);
};

/** http(s) URL with a host of at least one dot-separated label and no spaces. */
export const URL_PATTERN =
  /^https?:\/\/(?:[A-Za-z0-9-]+\.)*[A-Za-z0-9-]+(?::\d{1,5})?(?:[/?#]\S*)?$/;

/** Whether a string is an http(s) URL. */
export const isValidUrl = (text: string): boolean => URL_PATTERN.test(text.trim());

/** URL rule as a validation key. */
export const validateUrl = (text: string): Validation =>
  isValidUrl(text) ? null : "validation.url.invalid";

/** The text helper on the named fields of a form's values (the other fields are left as they are). */
export const cleanTextFields = <T extends object>(
  values: T,
  keys: ReadonlyArray<{ [K in keyof T]: T[K] extends string ? K : never }[keyof T]>,
): T => {
  const next: Record<string, unknown> = { ...(values as Record<string, unknown>) };
  for (const key of keys) next[key as string] = cleanText(values[key] as string);
  return next as T;
};

/** The address parts a donor types freely (block, street, building, floor). */
export const TYPED_ADDRESS_PARTS = [
  "blockNumber",
  "streetName",
  "buildingName",
  "floorNo",
] as const;
