import type { Validation, ValidationKey } from "./messages.ts";

/**
 * Personal names: letters of any script, then letters, spaces and the marks found in Singapore names
 * (`'` `.` `-` `/` `@` `,`), as in "Siti binte Ahmad", "Ravi s/o Kumar", "O'Neil".
 */
export const NAME_PATTERN = /^\p{L}[\p{L}\p{M} .'\-/@,]*$/u;

const nameRule =
  (required: ValidationKey, invalid: ValidationKey) =>
  (name: string): Validation => {
    const value = name.trim();
    if (value === "") return required;
    return NAME_PATTERN.test(value) ? null : invalid;
  };

/** Full name (older sign-up form): blank or invalid. */
export const validateFullName = nameRule(
  "validation.fullName.required",
  "validation.fullName.invalid",
);
/** First name. */
export const validateFirstName = nameRule(
  "validation.firstName.invalid",
  "validation.firstName.invalid",
);
/** On-behalf-of name. */
export const validateOnBehalfOf = nameRule(
  "validation.onBehalfOf.invalid",
  "validation.onBehalfOf.invalid",
);
