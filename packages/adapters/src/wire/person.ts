import { Schema } from "effect";

// The donor's address and the Singpass person, as the wire carries them (split from responses.ts).

const Str = Schema.String;

/** A masked identity number: stars, then its last four characters. */
export const Masked = Schema.String.check(Schema.isPattern(/^\*+[0-9A-Z]{4}$/));

export const Address = Schema.Struct({
  postalCode: Schema.optionalKey(Str),
  blockNumber: Schema.optionalKey(Str),
  streetName: Schema.optionalKey(Str),
  buildingName: Schema.optionalKey(Str),
  country: Schema.optionalKey(Str),
  unitNo: Schema.optionalKey(Str),
  floorNo: Schema.optionalKey(Str),
});

/** An address a postal-code lookup found (floor and unit are the donor's to add). */
export const FoundAddress = Schema.Struct({
  postalCode: Str,
  blockNumber: Str,
  streetName: Str,
  buildingName: Str,
  country: Str,
});

/** The Myinfo details the Singpass enrolment pre-fills; the NRIC only masked. */
export const SingpassPerson = Schema.Struct({
  name: Str,
  nricMasked: Masked,
  email: Schema.optionalKey(Str),
  countryCode: Schema.optionalKey(Str),
  mobile: Schema.optionalKey(Str),
  dateOfBirth: Schema.optionalKey(Str),
  sex: Schema.optionalKey(Str),
  race: Schema.optionalKey(Str),
  nationality: Schema.optionalKey(Str),
  countryOfBirth: Schema.optionalKey(Str),
  dialect: Schema.optionalKey(Str),
  address: Address,
});
