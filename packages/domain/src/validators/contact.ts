import type { Validation } from "./messages.ts";

/** Standard email pattern; the top-level domain has 2 to 4 letters (§5). */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,4}$/;

/** Email rule: empty -> `validation.email.required`; bad -> `validation.email.invalid`. */
export const validateEmail = (email: string): Validation => {
  const value = email.trim();
  if (value === "") return "validation.email.required";
  return EMAIL_PATTERN.test(value) ? null : "validation.email.invalid";
};

/** Mobile numbers have 8 to 16 digits (§5). */
export const MOBILE_MIN_DIGITS = 8;
/** Longest mobile number. */
export const MOBILE_MAX_DIGITS = 16;

/**
 * Mobile rule: spaces are ignored; anything else that is not a digit, or an empty value ->
 * `validation.mobile.invalid`; fewer than 8 digits -> `validation.mobile.min`; more than 16 ->
 * `validation.mobile.max`.
 */
export const validateMobile = (mobile: string): Validation => {
  const digits = mobile.replace(/\s/g, "");
  if (!/^\d+$/.test(digits)) return "validation.mobile.invalid";
  if (digits.length < MOBILE_MIN_DIGITS) return "validation.mobile.min";
  if (digits.length > MOBILE_MAX_DIGITS) return "validation.mobile.max";
  return null;
};

/** Default dial code (§5). */
export const DEFAULT_DIAL_CODE = "+65";
