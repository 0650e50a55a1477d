import { Schema } from "effect";
import type { MyInfoPerson } from "@portal/adapters/singpass";
import { enrolWithSingpass } from "../app/singpass";
import { decode, Text } from "./decode";
import { AddressInput, checkedMyInfoDetails, DialCode } from "./donor-input";
import { success } from "./envelope";
import { singpassGuest } from "./singpass";
import type { Handler, HandlerServices } from "./types";

const SingpassConfirmBody = Schema.Struct({
  email: Schema.optionalKey(Text(254)),
  countryCode: Schema.optionalKey(DialCode),
  mobile: Schema.optionalKey(Text(20)),
  address: Schema.optionalKey(AddressInput),
  marketingConsent: Schema.optionalKey(Schema.Boolean),
  termsVersion: Schema.optionalKey(Text(20)),
});

/**
 * What the donor confirmed, over MyInfo's own: name, NRIC, date of birth, sex, race and nationality
 * come from the server's sealed copy, never from the body; e-mail, mobile and address may be corrected.
 */
const confirmedDetails =
  (request: typeof SingpassConfirmBody.Type) => (person: MyInfoPerson, nric: string) =>
    checkedMyInfoDetails({
      kind: "individual",
      name: person.name,
      nric,
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

/**
 * confirmSingpassPreDonation: the donor confirms the details MyInfo gave (spec §6, enrolment
 * 'Singpass') and agrees to the terms (`terms.required` otherwise); see `enrolWithSingpass`.
 */
export const confirmSingpassPreDonation =
  (given: HandlerServices): Handler =>
  async ({ headers, body }) => {
    const { app, callers } = given;
    const { guest } = await singpassGuest(given, headers);
    const request = decode(SingpassConfirmBody, body ?? {});
    await app.run(
      enrolWithSingpass({
        guestSessionId: guest.id,
        details: confirmedDetails(request),
        termsVersion: request.termsVersion,
      }),
      callers.of(headers),
    );
    return success({ data: { enrolmentId: 1, enrolment: "Singpass" } });
  };

/** `{ key: value }` when the value is present, else nothing (exactOptionalPropertyTypes). */
const optional = <K extends string, V>(key: K, value: V | undefined) =>
  (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
