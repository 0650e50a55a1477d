import { validateEmail, validateMobile, type Validation } from "@portal/domain";

/** The contact fields both enrolment forms share. */
export interface ContactValue {
  email: string;
  dialCode: string;
  mobile: string;
}

export type FieldErrors = Partial<Record<string, Validation | string>>;

/** §5's rules on e-mail (required) and mobile (optional here, digits 8 to 16) plus the dial code. */
export function contactErrors(value: ContactValue): FieldErrors {
  const errors: FieldErrors = {};
  const email = validateEmail(value.email);
  if (email) errors["email"] = email;
  const mobile = value.mobile.replace(/\s/g, "");
  if (mobile !== "") {
    const invalid = validateMobile(mobile);
    if (invalid) errors["mobile"] = invalid;
    if (!/^\+\d{1,4}$/.test(value.dialCode.trim())) errors["dialCode"] = "enrol_dial_invalid";
  }
  return errors;
}

/** Which field a server's refusal code belongs to. */
export const fieldOfCode = (code: string): string | undefined => {
  if (code.startsWith("validation.nric")) return "nric";
  if (code.startsWith("validation.email")) return "email";
  if (code.startsWith("validation.mobile")) return "mobile";
  if (code.startsWith("validation.uen")) return "uen";
  if (code.startsWith("validation.companyName")) return "companyName";
  if (code.startsWith("validation.fullName")) return "name";
  if (code.startsWith("validation.firstName")) return "name";
  if (code.startsWith("validation.registeredAddress")) return "address";
  return undefined;
};

/** Move focus to the first field in error, so keyboard and screen-reader users land on it. */
export const focusFirstError = (form: HTMLFormElement | null) => {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
};
