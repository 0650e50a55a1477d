import type { Validation, ValidationKey } from "./messages.ts";

/**
 * Personal names: letters of any script, then letters, spaces and the marks found in Singapore names
 * (`'` `.` `-` `/` `@` `,`), as in "Siti binte Ahmad", "Ravi s/o Kumar", "O'Neil".
 */
export const NAME_PATTERN = /^\p{L}[\p{L}\p{M} .'\-/@,]*$/u;

/**
 * The longest name a form takes, a server schema accepts and a receipt prints (issue 34; docs/pages.md
 * "Name lengths"). Spec §5's generic "text input 25" is not used for names: a Singapore legal name as
 * Singpass gives it often runs past 25 characters ("NUR AISYAH BINTE MOHAMED ABDUL RAHMAN" is 37), and
 * the receipt and IRAS's record must carry it whole.
 */
export const NAME_MAX_LENGTH = 66;

const nameRule =
  (required: ValidationKey, invalid: ValidationKey) =>
  (name: string): Validation => {
    const value = name.trim();
    if (value === "") return required;
    if (value.length > NAME_MAX_LENGTH) return "validation.name.tooLong";
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
