import type { Validation } from "../validators/messages.ts";

/** A Singapore postal code: exactly six digits (spaces around it ignored). */
export const POSTAL_CODE_PATTERN = /^\d{6}$/;

/** The postal code as looked up and stored: surrounding and inner spaces removed. */
export const cleanPostalCode = (text: string): string => text.replace(/\s+/g, "");

/** Whether `text` is a Singapore postal code, once its spaces are removed. */
export const isPostalCode = (text: string): boolean =>
  POSTAL_CODE_PATTERN.test(cleanPostalCode(text));

/** Postal code rule for a lookup: required, then six digits. */
export const validatePostalCode = (text: string): Validation => {
  const code = cleanPostalCode(text);
  if (code === "") return "validation.postalCode.required";
  return POSTAL_CODE_PATTERN.test(code) ? null : "validation.postalCode.invalid";
};
