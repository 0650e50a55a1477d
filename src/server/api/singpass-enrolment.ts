import { Schema } from "effect";
import { nricProofRecords, donorRecords, singpassLoginRecords, termsRecords } from "../records";
import { hasSignIn, identityOf } from "./auth";
import { decode, Text } from "./decode";
import { AddressInput, checkedMyInfoDetails, DialCode } from "./donor-input";
import { success } from "./envelope";
import { readyPerson, singpassGuest } from "./singpass";
import { requiredTerms } from "./terms";
import type { Handler } from "./types";

const SingpassConfirmBody = Schema.Struct({
  email: Schema.optionalKey(Text(254)),
  countryCode: Schema.optionalKey(DialCode),
  mobile: Schema.optionalKey(Text(20)),
  address: Schema.optionalKey(AddressInput),
  marketingConsent: Schema.optionalKey(Schema.Boolean),
  termsVersion: Schema.optionalKey(Text(20)),
});

/**
 * confirmSingpassPreDonation: the donor confirms the details MyInfo gave (spec §6, enrolment
 * 'Singpass') and agrees to the terms (`terms.required` otherwise). Name, NRIC, date of birth, sex,
 * race and nationality are MyInfo's own and come from the server's sealed copy, never from the body;
 * e-mail, mobile and address may be corrected. A guest's enrolment, like the manual one, is held for
 * this guest session only and its gifts carry it as their own. A signed-in donor has proved the NRIC:
 * it becomes their account's (taken from any account that only typed it), with the gifts given with it
 * (nric-proofs.ts).
 */
export const confirmSingpassPreDonation: Handler = async ({ headers, body }) => {
  const { guest } = await singpassGuest(headers);
  const request = decode(SingpassConfirmBody, body ?? {});
  const { secrets, person } = await readyPerson(guest);
  const details = checkedMyInfoDetails({
    kind: "individual",
    name: person.name,
    nric: secrets.nric ?? person.nric,
    ...optional("email", request.email?.trim() || person.email),
    ...optional("countryCode", request.countryCode ?? person.countryCode),
    ...optional("mobile", request.mobile ?? person.mobile),
    address: request.address ?? person.address,
    profile: {
      ...optional("dateOfBirth", person.dateOfBirth),
      ...optional("sex", person.sex),
      ...optional("race", person.race),
      ...optional("nationality", person.nationality),
      ...optional("countryOfBirth", person.countryOfBirth),
      ...optional("dialect", person.dialect),
      ...optional("marketingConsent", request.marketingConsent),
    },
  });
  const terms = requiredTerms(request.termsVersion);
  if (hasSignIn(headers)) {
    const identity = await identityOf(headers);
    const { donorId } = await (
      await nricProofRecords()
    ).prove(identity, { ...details, nric: secrets.nric ?? person.nric });
    await (await termsRecords()).agree(donorId, terms.version, new Date(terms.agreedAt));
  } else {
    await (await donorRecords()).enrolGuest(guest.id, details, "Singpass", terms);
  }
  await (await singpassLoginRecords()).finish(guest.id);
  return success({ data: { enrolmentId: 1, enrolment: "Singpass" } });
};

/** `{ key: value }` when the value is present, else nothing (exactOptionalPropertyTypes). */
const optional = <K extends string, V>(key: K, value: V | undefined) =>
  (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
