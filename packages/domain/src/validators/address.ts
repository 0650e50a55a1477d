import type { Validation } from "./messages.ts";

/** Field length limits of §5. */
export const fieldLengths = {
  text: 25,
  unitNumber: 5,
  block: 25,
  buildingName: 25,
  amount: 14,
} as const;

/** A field with a length limit. */
export type LengthField = keyof typeof fieldLengths;

/** Whether a value fits its field's limit. */
export const fitsLength = (field: LengthField, value: string): boolean =>
  value.length <= fieldLengths[field];

/** Length rule as a validation key. */
export const validateLength = (field: LengthField, value: string): Validation =>
  fitsLength(field, value) ? null : "validation.length.max";

/** Floor-unit pattern: floor digits, a hyphen, unit digits with an optional letter (e.g. `05-123A`). */
export const UNIT_PATTERN = /^#?\d{1,3}-\d{1,5}[A-Za-z]?$/;

/**
 * Unit number for display and storage: `-` and `00` (placeholders for "no unit") become empty; a value
 * matching the floor-unit pattern gets exactly one `#` prefix (`05-123` -> `#05-123`); anything else is
 * kept as typed (trimmed).
 */
export const normaliseUnitNumber = (unit: string): string => {
  const value = unit.trim();
  if (value === "" || value === "-" || value === "00") return "";
  return UNIT_PATTERN.test(value) ? `#${value.replace(/^#/, "")}` : value;
};

/**
 * A company's registered address (spec §5 'Please enter registered address'): at least a street or a
 * building named, whatever else is left blank. A postal code or a country alone does not say where.
 */
export const validateRegisteredAddress = (address: {
  readonly streetName?: string | undefined;
  readonly buildingName?: string | undefined;
}): Validation =>
  [address.streetName, address.buildingName].some((part) => (part ?? "").trim() !== "")
    ? null
    : "validation.registeredAddress.required";
