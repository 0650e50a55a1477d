import type { Validation } from "./messages.ts";

/** Spec §5 pattern: S, T, F, G or M, seven digits, a capital letter. */
export const NRIC_PATTERN = /^[STFGM]\d{7}[A-Z]$/;

const WEIGHTS = [2, 7, 6, 5, 4, 3, 2] as const;
const ST_LETTERS = "JZIHGFEDCBA";
const FG_LETTERS = "XWUTRQPNMLK";
/** ICA's 2022 table for the M series, indexed by P - 1 where P = 11 - remainder. */
const M_LETTERS = "KLJNPQRTUWX";

/**
 * The published check letter for a prefix and seven digits. Weights 2,7,6,5,4,3,2; offset 0 for S and F,
 * 4 for T and G, 3 for M. S/T and F/G take the letter at the remainder mod 11; M (2022 algorithm) takes
 * the letter at 11 - remainder - 1 from its own table. Returns `null` for malformed input.
 */
export const nricCheckLetter = (prefix: string, digits: string): string | null => {
  if (!/^[STFGM]$/.test(prefix) || !/^\d{7}$/.test(digits)) return null;
  const offset = prefix === "T" || prefix === "G" ? 4 : prefix === "M" ? 3 : 0;
  const sum = WEIGHTS.reduce((acc, w, i) => acc + w * Number(digits[i]), offset);
  const r = sum % 11;
  if (prefix === "M") return M_LETTERS.charAt(10 - r);
  return (prefix === "S" || prefix === "T" ? ST_LETTERS : FG_LETTERS).charAt(r);
};

/** Whether the text matches the spec pattern. */
export const matchesNricPattern = (nric: string): boolean => NRIC_PATTERN.test(nric);

/** Whether the text matches the pattern and carries the right check letter. */
export const isValidNric = (nric: string): boolean =>
  matchesNricPattern(nric) && nricCheckLetter(nric.charAt(0), nric.slice(1, 8)) === nric.charAt(8);

/**
 * NRIC/FIN field rule: empty -> `validation.nric.required`; wrong pattern or wrong check letter ->
 * `validation.nric.invalid` ('Enter Valid NRIC/FIN'). Input is read as typed (the form forces uppercase).
 */
export const validateNric = (nric: string): Validation => {
  if (nric.trim() === "") return "validation.nric.required";
  return isValidNric(nric) ? null : "validation.nric.invalid";
};
