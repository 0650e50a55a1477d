import { NAME_MAX_LENGTH } from "./names.ts";
import type { Validation } from "./messages.ts";

const COMPANY = /^[A-Za-z0-9\-& ]+$/;
const COMPANY_WITH_DOT = /^[A-Za-z0-9\-&. ]+$/;

/** Company name: letters, digits, hyphen, ampersand and spaces; `allowDot` for the variant with dots. */
export const validateCompanyName = (
  name: string,
  options?: { readonly allowDot?: boolean },
): Validation => {
  if (name.trim() === "") return "validation.companyName.required";
  if (name.trim().length > NAME_MAX_LENGTH) return "validation.name.tooLong";
  return (options?.allowDot === true ? COMPANY_WITH_DOT : COMPANY).test(name)
    ? null
    : "validation.companyName.invalid";
};

/** Contact person names are shorter than this (§5). */
export const CONTACT_PERSON_MAX_EXCLUSIVE = 50;
/** The longest contact person name the forms take (§5: under 50 characters). */
export const CONTACT_PERSON_MAX_LENGTH = CONTACT_PERSON_MAX_EXCLUSIVE - 1;

/** Contact person: letters and spaces (`allowSlash` for the variant with `/`), under 50 characters. */
export const validateContactPerson = (
  name: string,
  options?: { readonly allowSlash?: boolean },
): Validation => {
  if (name.trim() === "") return "validation.contactPerson.required";
  const pattern = options?.allowSlash === true ? /^[A-Za-z /]+$/ : /^[A-Za-z ]+$/;
  return pattern.test(name) && name.length < CONTACT_PERSON_MAX_EXCLUSIVE
    ? null
    : "validation.contactPerson.invalid";
};

/**
 * UEN: required (`validation.uen.required`), alphanumeric (`validation.uen.pattern`, 'Invalid UEN
 * Number'), 9 to 10 characters (`validation.uen.invalid`, 'Please enter valid UEN number').
 */
export const validateUen = (uen: string): Validation => {
  const value = uen.trim();
  if (value === "") return "validation.uen.required";
  if (!/^[A-Za-z0-9]+$/.test(value)) return "validation.uen.pattern";
  return value.length >= 9 && value.length <= 10 ? null : "validation.uen.invalid";
};
