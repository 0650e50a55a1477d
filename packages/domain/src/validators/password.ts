import type { ValidationKey } from "./messages.ts";

/** Shortest password accepted (§5). */
export const PASSWORD_MIN_LENGTH = 7;

const rules: ReadonlyArray<readonly [ValidationKey, (p: string) => boolean]> = [
  ["validation.password.length", (p) => p.length >= PASSWORD_MIN_LENGTH],
  ["validation.password.uppercase", (p) => /[A-Z]/.test(p)],
  ["validation.password.lowercase", (p) => /[a-z]/.test(p)],
  ["validation.password.digit", (p) => /\d/.test(p)],
  ["validation.password.symbol", (p) => /[^A-Za-z0-9\s]/.test(p)],
  ["validation.password.spaces", (p) => !/\s/.test(p)],
];

/**
 * Password policy (§5): at least 7 characters, an uppercase and a lowercase letter, a digit, a symbol and
 * no spaces. Returns every broken rule, in that order, so a form can show a checklist; empty when valid.
 */
export const passwordIssues = (password: string): ReadonlyArray<ValidationKey> =>
  rules.filter(([, ok]) => !ok(password)).map(([key]) => key);

/** Whether a password meets the whole policy. */
export const isValidPassword = (password: string): boolean => passwordIssues(password).length === 0;
