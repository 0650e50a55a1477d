import {
  validateCompanyName,
  validateContactPerson,
  validateEmail,
  validateFullName,
  validateMobile,
  validateNric,
  validateUen,
  validationMessages,
  type ClockShape,
  type Validation,
} from "@portal/domain";
import { Effect } from "effect";
import { isTermsVersion, type IdentitySignups, type SignUpDetails } from "@portal/adapters/db";

/**
 * Cognito's PreSignUp trigger event (the fields the portal reads). `userName` is the new account's id;
 * in a pool whose users sign in with their e-mail it is the `sub` the ID tokens will carry.
 */
export interface PreSignUpEvent {
  readonly triggerSource: string;
  readonly userPoolId: string;
  readonly userName: string;
  readonly request: {
    readonly userAttributes: Readonly<Record<string, string>>;
    /** Sent by the sign-up form, seen only by this trigger and never stored by the provider. */
    readonly validationData?: Readonly<Record<string, string>> | null;
  };
}

/** A refusal: Cognito answers sign-up with `PreSignUp failed with error <message>`. */
export class PreSignUpRefused extends Error {
  constructor(message: string) {
    super(message);
  }
}

const refuse = (validation: Validation): void => {
  if (validation !== null) throw new PreSignUpRefused(validationMessages[validation]);
};

/**
 * The donor details a sign-up carries: name, e-mail, mobile (`phone_number` with `custom:COUNTRY_CODE`),
 * and the NRIC (individuals, in the validation data so the provider never stores it) or, for corporate
 * donors (`custom:BUSINESS_ACC` Yes), `custom:UEN` and `custom:COMPANY_NAME` with the contact person as
 * `name`. Every field is checked with the domain's validators.
 */
function signUpDetails(event: PreSignUpEvent): SignUpDetails {
  const attributes = event.request.userAttributes;
  const email = (attributes["email"] ?? "").trim().toLowerCase();
  refuse(validateEmail(email));
  const name = (attributes["name"] ?? "").trim();
  const countryCode = attributes["custom:COUNTRY_CODE"] ?? "+65";
  if (!/^\+\d{1,4}$/.test(countryCode)) refuse("validation.mobile.invalid");
  const phone = attributes["phone_number"] ?? "";
  let mobile: string | undefined;
  if (phone !== "") {
    if (!phone.startsWith(countryCode)) refuse("validation.mobile.invalid");
    mobile = phone.slice(countryCode.length);
    refuse(validateMobile(mobile));
  }
  if (attributes["custom:BUSINESS_ACC"] === "Yes") {
    refuse(validateContactPerson(name));
    const uen = (attributes["custom:UEN"] ?? "").trim().toUpperCase();
    refuse(validateUen(uen));
    const companyName = (attributes["custom:COMPANY_NAME"] ?? "").trim();
    refuse(validateCompanyName(companyName, { allowDot: true }));
    return { kind: "corporate", name, email, countryCode, mobile, uen, companyName };
  }
  refuse(validateFullName(name));
  const nric = (event.request.validationData?.["NRIC"] ?? "").trim().toUpperCase();
  refuse(validateNric(nric));
  return { kind: "individual", name, email, countryCode, mobile, nric };
}

/**
 * The PreSignUp trigger: refuses a sign-up only for a malformed field (every donor's own input, said in
 * the domain's words), and records the details for the account's first sign-in. It never asks whether
 * an NRIC, UEN or mobile number is registered: it answers before the e-mail code is proved, so any
 * such answer would tell a stranger with a fresh address (docs/security.md). The account registers,
 * and whoever proved the mailbox is told what another account holds, on its first signed-in call
 * (`completeSignUp`). The same work is done whatever the details name. `issuer` is the pool's token
 * issuer, the provider the link will name; the agreement to the terms is kept at the time of `clock`
 * (the portal's Clock port, or the Lambda's). Returns the event, as a Lambda trigger does.
 */
export async function preSignUp(
  event: PreSignUpEvent,
  issuer: string,
  {
    records,
    clock,
  }: { readonly records: () => Promise<IdentitySignups>; readonly clock: ClockShape },
): Promise<PreSignUpEvent> {
  const details = signUpDetails(event);
  const subject = event.request.userAttributes["sub"] ?? event.userName;
  const signups = await records();
  await signups.record(issuer, subject, details);
  // The terms the sign-up form showed and the donor ticked (spec §5 iAgree); kept as given.
  const terms = event.request.validationData?.["TERMS_VERSION"];
  if (isTermsVersion(terms)) {
    const agreedAt = new Date(await Effect.runPromise(clock.now()));
    await signups.agreeToTerms(issuer, subject, terms, agreedAt);
  }
  return event;
}
