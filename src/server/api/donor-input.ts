import { Schema } from "effect";
import {
  NAME_MAX_LENGTH,
  cleanText,
  CONTACT_PERSON_MAX_EXCLUSIVE,
  TYPED_ADDRESS_PARTS,
  validateCompanyName,
  validateEmail,
  validateFirstName,
  validateFullName,
  validateMobile,
  validateNric,
  validateRegisteredAddress,
  validateUen,
  normaliseUnitNumber,
  validationMessages,
  type Validation,
} from "@portal/domain";
import type { DonorDetailsInput } from "@portal/adapters/db";
import { RequestError } from "./envelope";
import { Text } from "./decode";

/** Free text kept for receipts and statements: no markup (`<`, `>`), whatever a page does with it. */
const Plain = (max: number) => Text(max).check(Schema.isPattern(/^[^<>]*$/));

/**
 * The address parts a donor types (block, street, building, floor) are free text: §5's text helper
 * cleans them (`checkedAddress`) rather than refusing markup, as checkout does with names.
 */
export const AddressInput = Schema.Struct({
  postalCode: Schema.optionalKey(Plain(10)),
  blockNumber: Schema.optionalKey(Text(25)),
  streetName: Schema.optionalKey(Text(66)),
  buildingName: Schema.optionalKey(Text(25)),
  country: Schema.optionalKey(Plain(66)),
  // §5: five characters, plus the # its unit-number rule adds (`#05-12`).
  unitNo: Schema.optionalKey(Schema.String.check(Schema.isPattern(/^#?[^#<>]{0,5}$/))),
  floorNo: Schema.optionalKey(Text(5)),
});

export const ProfileInput = Schema.Struct({
  dateOfBirth: Schema.optionalKey(Text(10)),
  nationality: Schema.optionalKey(Plain(66)),
  race: Schema.optionalKey(Plain(66)),
  sex: Schema.optionalKey(Text(10)),
  countryOfBirth: Schema.optionalKey(Plain(66)),
  dialect: Schema.optionalKey(Plain(66)),
  representativeName: Schema.optionalKey(Text(NAME_MAX_LENGTH)),
  registeredAddress: Schema.optionalKey(Plain(200)),
  marketingConsent: Schema.optionalKey(Schema.Boolean),
});

export const DialCode = Schema.String.check(Schema.isPattern(/^\+\d{1,4}$/));

/** A donor's details as the enrolment and profile forms send them (§3, §5 lengths). */
export const DonorDetails = Schema.Struct({
  kind: Schema.optionalKey(Schema.Literals(["individual", "corporate"])),
  name: Text(NAME_MAX_LENGTH),
  email: Schema.optionalKey(Text(254)),
  countryCode: Schema.optionalKey(DialCode),
  mobile: Schema.optionalKey(Text(20)),
  nric: Schema.optionalKey(Text(20)),
  uen: Schema.optionalKey(Text(20)),
  companyName: Schema.optionalKey(Text(NAME_MAX_LENGTH)),
  address: Schema.optionalKey(AddressInput),
  profile: Schema.optionalKey(ProfileInput),
});

/** §5's text helper on a free-text field, and no space left at either end; undefined stays so. */
const cleaned = (text: string | undefined): string | undefined =>
  text === undefined ? undefined : cleanText(text).trim();

/**
 * The address as stored: §5's text helper on the typed parts and its unit-number rule, applied again
 * (the browser's are a convenience). §5's lengths hold after cleaning (it only shortens).
 */
export const checkedAddress = (
  address: typeof AddressInput.Type | undefined,
): typeof AddressInput.Type | undefined => {
  if (address === undefined) return undefined;
  const parts: Record<string, string | undefined> = { ...address };
  for (const part of TYPED_ADDRESS_PARTS) if (part in address) parts[part] = cleaned(address[part]);
  if (address.unitNo !== undefined) parts["unitNo"] = normaliseUnitNumber(address.unitNo);
  return parts as typeof AddressInput.Type;
};

/** Refuse with the validator's message (English) and its key as the code (the browser translates it). */
export const check = (validation: Validation): void => {
  if (validation !== null) {
    throw new RequestError(400, validationMessages[validation], validation);
  }
};

/** Another donor has this mobile number (§5's message). */
export const mobileExists = () =>
  new RequestError(409, validationMessages["validation.mobile.exists"], "validation.mobile.exists");

/** The details checked by the domain's validators (§5), with the mobile's spaces removed. */
export function checkedDonorDetails(
  details: typeof DonorDetails.Type,
  options: { readonly nameFromMyInfo?: boolean } = {},
): DonorDetailsInput {
  const kind = details.kind ?? "individual";
  // A typed name follows the rule checkout applies (§5): letters and the marks of Singapore names, so
  // no markup. MyInfo's name is the government's record and is kept as it is.
  // §5's text helper on what a donor typed (MyInfo's name is not typed: only its spaces are tidied).
  const name = (options.nameFromMyInfo ? details.name : cleanText(details.name))
    .trim()
    .replace(/\s+/g, " ");
  const companyName = cleaned(details.companyName);
  const address = checkedAddress(details.address);
  if (name === "") check("validation.fullName.enter");
  // The enrolment form's name of a person is §5's 'first name' field; a company's contact person's
  // keeps the full-name rule.
  if (!options.nameFromMyInfo)
    check(kind === "individual" ? validateFirstName(name) : validateFullName(name));
  // §5: a contact person's name is under 50 characters (the forms stop at 49).
  if (kind === "corporate" && name.length >= CONTACT_PERSON_MAX_EXCLUSIVE)
    check("validation.contactPerson.invalid");
  if (details.email !== undefined) check(validateEmail(details.email));
  const mobile = details.mobile?.replace(/\s/g, "");
  if (mobile !== undefined && mobile !== "") check(validateMobile(mobile));
  if (kind === "individual") check(validateNric(details.nric ?? ""));
  else {
    check(validateUen(details.uen ?? ""));
    check(validateCompanyName(companyName ?? "", { allowDot: true }));
    // A company enrols with its registered address (§5 'Please enter registered address').
    check(validateRegisteredAddress(address ?? {}));
  }
  return {
    kind,
    name,
    email: details.email?.trim(),
    countryCode: details.countryCode,
    mobile: mobile === "" ? undefined : mobile,
    nric: kind === "individual" ? details.nric?.trim().toUpperCase() : undefined,
    uen: kind === "corporate" ? details.uen?.trim().toUpperCase() : undefined,
    companyName: kind === "corporate" ? companyName : undefined,
    address,
    profile:
      details.profile?.representativeName === undefined
        ? details.profile
        : {
            ...details.profile,
            representativeName: cleanText(details.profile.representativeName).trim(),
          },
  };
}

/** The spec's `uniqueUserId`: the NRIC in base64. Anything that does not decode to an NRIC is a 400. */
export function nricFromUniqueUserId(uniqueUserId: string): string {
  const nric = Buffer.from(uniqueUserId, "base64").toString("utf8").trim().toUpperCase();
  check(validateNric(nric));
  return nric;
}

/** The details MyInfo gave, checked like any other except the name, which is MyInfo's record. */
export const checkedMyInfoDetails = (details: typeof DonorDetails.Type): DonorDetailsInput =>
  checkedDonorDetails(details, { nameFromMyInfo: true });
