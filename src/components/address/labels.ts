/** Strings the address fields need, translated by the page (`labelsFor(lang, addressLabelKeys)`). */
export const addressLabelKeys = [
  "enrol_address",
  "enrol_postal",
  "enrol_block",
  "enrol_street",
  "enrol_building",
  "enrol_floor",
  "enrol_unit",
  "address_country",
  "address_find",
  "address_finding",
  "address_found_one",
  "address_found_many",
  "address_choose",
  "address_none",
  "address_lookup_off",
  "address_unavailable",
  "address_rate_limited",
  "assets_use_location",
  "assets_location_found",
  "assets_location_none",
  "assets_location_denied",
  "validation_postalCode_required",
  "validation_postalCode_invalid",
] as const;

export type AddressLabels = Readonly<Record<(typeof addressLabelKeys)[number], string>>;
