import { normaliseUnitNumber } from "../validators/address.ts";

/** Spec §3's address parts as receipts carry them (either block spelling is read). */
export interface AddressParts {
  readonly floorNo?: string | null | undefined;
  readonly unitNo?: string | null | undefined;
  readonly blockNo?: string | null | undefined;
  readonly blockNumber?: string | null | undefined;
  readonly streetName?: string | null | undefined;
  readonly buildingName?: string | null | undefined;
  readonly countryCode?: string | null | undefined;
  readonly country?: string | null | undefined;
  readonly postalCode?: string | null | undefined;
}

const clean = (value: string | null | undefined): string =>
  (value ?? "").trim().replace(/\s+/g, " ");

/** The floor-unit part: `05` and `123` make `#05-123`; a unit already written `05-123` keeps its form. */
const floorUnit = (floor: string, unit: string): string => {
  if (floor !== "" && unit !== "" && !unit.includes("-")) {
    return normaliseUnitNumber(`${floor.replace(/^#/, "")}-${unit}`);
  }
  return normaliseUnitNumber(unit !== "" ? unit : floor);
};

/**
 * One line of address from its parts, Singapore style: `123 Bedok North Road #05-123 Sunrise Court,
 * Singapore 460123`. Empty parts and the no-unit placeholders (`-`, `00`) are left out; an address
 * with no parts is the empty string. `SG` reads `Singapore`.
 */
export const composeAddress = (parts: AddressParts): string => {
  const block = clean(parts.blockNo ?? parts.blockNumber);
  const street = clean(parts.streetName);
  const unit = floorUnit(clean(parts.floorNo), clean(parts.unitNo));
  const building = clean(parts.buildingName);
  const countryText = clean(parts.country ?? parts.countryCode);
  const country = countryText.toUpperCase() === "SG" ? "Singapore" : countryText;
  const postal = clean(parts.postalCode);
  const first = [block, street, unit, building].filter((s) => s !== "").join(" ");
  const last = [country, postal].filter((s) => s !== "").join(" ");
  return [first, last].filter((s) => s !== "").join(", ");
};
