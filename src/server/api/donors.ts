import { Schema } from "effect";
import {
  NAME_MAX_LENGTH,
  cleanText,
  TERMS_VERSION,
  validateEmail,
  validateMobile,
  validateNric,
  validatePastDate,
} from "@portal/domain";
import type { DonorView } from "@portal/adapters/db";
import type { PortalServices } from "../app/services";
import { decode, Text } from "./decode";
import {
  AddressInput,
  check,
  checkedAddress,
  checkedDonorDetails,
  DialCode,
  DonorDetails,
  mobileExists,
  nricFromUniqueUserId,
  ProfileInput,
} from "./donor-input";
import { limitDonorCall } from "../rate-limits/donor-calls";
import { RequestError, success } from "./envelope";
import { agreementTo, enrolManually } from "../app/enrolment";
import { registerDonor, signUpTold } from "../app/account";
import { confirmSingpassPreDonation } from "./singpass-enrolment";
import { takeSocialNric } from "./social-nric";
import type { Handler, HandlerServices } from "./types";

/**
 * Spec §3's signed-in user data, from the donor record (the NRIC masked). `iAgree` is whether the donor
 * agreed to the current terms (`TERMS_VERSION`), as kept when they ticked it (sign-up, enrolment).
 */
export const userData = async (
  { terms }: Pick<PortalServices, "terms">,
  donor: DonorView,
  email: string | undefined,
) => ({
  ...userFields(donor, email),
  iAgree: (await terms.of(donor.id))?.version === TERMS_VERSION,
});

const userFields = (donor: DonorView, email: string | undefined) => ({
  name: donor.name,
  userId: donor.id,
  aliasname: donor.profile.representativeName ?? "",
  countryCode: donor.countryCode ?? "",
  mobile: donor.mobile ?? "",
  email: donor.email ?? email ?? "",
  registeredAddress: donor.profile.registeredAddress ?? "",
  pincode: donor.address.postalCode ?? "",
  nric: donor.nricMasked ?? "",
  uen: donor.uen ?? "",
  companyName: donor.companyName ?? "",
  countryofbirth: donor.profile.countryOfBirth ?? "",
  dialect: donor.profile.dialect ?? "",
  nationality: donor.profile.nationality ?? "",
  dateofbirth: donor.profile.dateOfBirth ?? "",
  sex: donor.profile.sex ?? "",
  race: donor.profile.race ?? "",
  onbehalfof: "",
  accountCreated: donor.createdAt.toISOString(),
  streetandpostal: [donor.address.streetName, donor.address.postalCode].filter(Boolean).join(" "),
  address: donor.address,
  donorType: donor.kind,
  enrolment: donor.enrolment,
  /** The fields Singpass / Myinfo gave, which the donor corrects at Singpass (docs/account.md). */
  singpassFields: donor.singpassFields,
});

/**
 * POST /User/getSignInUserDetails: the caller's own user data; status 0 while not registered, with
 * `code` when its sign-up was refused (NRIC or UEN another account holds), and `code`
 * `validation.mobile.exists` with the data when the account just registered without the mobile number
 * its sign-up gave (another donor uses it). The browser asks it at every sign-in: gifts given as a guest with the account's verified e-mail since
 * then become the account's here (issue 22's proof; registration links the earlier ones).
 */
const getSignInUserDetails =
  ({ callers, records: services }: HandlerServices): Handler =>
  async ({ headers }) => {
    const { identity, donor, told } = await callers.donorOf(headers);
    if (!donor) {
      return success(
        told === undefined
          ? { message: "Not registered", data: null }
          : { message: signUpTold[told], code: told, data: null },
        {},
        0,
      );
    }
    if (identity.emailVerified && identity.email) {
      await services.donors.linkGifts(donor.id, { kind: "email", email: identity.email });
    }
    const data = await userData(services, donor, identity.email);
    // Registered without the mobile number the sign-up gave: another donor uses it (said once).
    return success(told === undefined ? { data } : { data, code: told, message: signUpTold[told] });
  };

const OwnEmailBody = Schema.Struct({ email: Schema.optionalKey(Text(254)) });

/**
 * getCognitoUser `{ email }`: how many sign-ins use the caller's own e-mail (§7 "user exists by email"):
 * those registered with the portal, and the caller's own when it is not registered yet (a social sign-in
 * just back from its provider, whose e-mail may already have an account: §4 "two accounts"). The e-mail
 * comes in the body, never in the URL (the old `?email=` form is an unknown query parameter: 400).
 */
const getCognitoUser =
  ({ callers, records: { donors } }: HandlerServices): Handler =>
  async ({ headers, body }) => {
    const { identity, donor } = await callers.donorOf(headers);
    const asked = decode(OwnEmailBody, body ?? {})
      .email?.trim()
      .toLowerCase();
    if (asked !== undefined && asked !== identity.email) {
      throw new RequestError(
        403,
        "You can only look up your own e-mail address.",
        "identity.notOwnEmail",
      );
    }
    if (!identity.email) return success({ data: { isEmailExists: false, accCount: 0 } });
    const registered = await donors.accountsWithEmail(identity.email);
    const accCount = registered + (donor ? 0 : 1);
    return success({ data: { isEmailExists: accCount > 0, accCount } });
  };

const NricBody = Schema.Struct({ nric: Text(20) });

/**
 * checkCognitoNricExists: status 1 when no sign-in is registered with this NRIC (free), 0 when one is.
 * Signed-in callers only (the social sign-up's NRIC step), so it cannot be used to probe NRICs at large.
 */
const checkCognitoNricExists =
  ({ callers, services, records: { donors } }: HandlerServices): Handler =>
  async ({ headers, body, clientAddress }) => {
    const identity = await callers.identityOf(headers);
    await limitDonorCall(services, "checkCognitoNricExists", identity.subject, clientAddress);
    const { nric } = decode(NricBody, body);
    check(validateNric(nric.trim().toUpperCase()));
    const taken = await donors.nricRegistered(nric);
    return taken
      ? success(
          { message: "NRIC already exists", code: "nirc_exists", data: { isExists: true } },
          {},
          0,
        )
      : success({ data: { isExists: false } });
  };

/** getEmailListForUser: the e-mail addresses of the caller's own sign-ins. */
const getEmailListForUser =
  ({ callers, records: { donors } }: HandlerServices): Handler =>
  async ({ headers }) => {
    const donor = await callers.registeredDonor(headers);
    const emails = await donors.emailsOf(donor.id);
    return success({ data: emails.map((email) => ({ email })) });
  };

/** getDonorCognitoStatus: whether the caller's sign-in is registered as a donor, and how. */
const getDonorCognitoStatus =
  ({ callers }: HandlerServices): Handler =>
  async ({ headers }) => {
    const { donor } = await callers.donorOf(headers);
    return success({
      data: donor
        ? { isRegistered: true, donorType: donor.kind, enrolment: donor.enrolment }
        : { isRegistered: false, donorType: null, enrolment: null },
    });
  };

/**
 * enrollDonorManuallyPreDonation: a guest's details before paying, or a signed-in donor's own; see
 * `enrolManually`. The caller is a signed-in donor whenever the request carries a sign-in.
 */
const enrollDonorManuallyPreDonation =
  ({ app, callers }: HandlerServices): Handler =>
  async ({ headers, body }) => {
    const details = checkedDonorDetails(decode(DonorDetails, body));
    const { termsVersion } = decode(TermsBody, body);
    return success({
      data: await app.run(enrolManually({ details, termsVersion }), callers.of(headers)),
    });
  };

/** The enrolment form's agreement to the terms (spec §5 iAgree): the version the donor ticked. */
const TermsBody = Schema.Struct({ termsVersion: Schema.optionalKey(Text(20)) });

const MobileBody = Schema.Struct({
  countryCode: Schema.optionalKey(DialCode),
  phoneCountryCode: Schema.optionalKey(DialCode),
  mobile: Schema.optionalKey(Text(20)),
  phoneNumber: Schema.optionalKey(Text(20)),
});

const mobileOf = (body: typeof MobileBody.Type) => {
  const mobile = (body.mobile ?? body.phoneNumber ?? "").replace(/\s/g, "");
  check(validateMobile(mobile));
  return { countryCode: body.countryCode ?? body.phoneCountryCode ?? "+65", mobile };
};

/** checkCognitoMobileExists: whether another donor uses this mobile number (§5 message). */
const checkCognitoMobileExists =
  ({ callers, services, records: { donors } }: HandlerServices): Handler =>
  async ({ headers, body, clientAddress }) => {
    const { identity, donor } = await callers.donorOf(headers);
    await limitDonorCall(services, "checkCognitoMobileExists", identity.subject, clientAddress);
    const { countryCode, mobile } = mobileOf(decode(MobileBody, body));
    const exists = await donors.mobileTaken(countryCode, mobile, donor?.id);
    return success({ data: { isExists: exists } });
  };

const RegisterBody = Schema.Struct({
  uniqueUserId: Schema.optionalKey(Text(64)),
  phoneCountryCode: Schema.optionalKey(DialCode),
  phoneNumber: Schema.optionalKey(Text(20)),
  email: Schema.optionalKey(Text(254)),
  name: Schema.optionalKey(Text(NAME_MAX_LENGTH)),
  termsVersion: Schema.optionalKey(Text(20)),
});

/**
 * registerCognitoUser (success is status 0): link the caller's verified sign-in to the donor with this
 * NRIC, making one if none exists. An existing donor is claimed only by a sign-in with the donor's own
 * verified e-mail; otherwise the answer is "NRIC already exists" (§8 signup_failed_nric_exists).
 * Without `uniqueUserId` the NRIC is the one the caller's guest session holds from the NRIC-only step
 * of a social sign-up (holdSocialNric), taken out at once whatever the outcome; none held (expired,
 * used, never given): 404 `socialNric.none`, and the browser goes on as §4's "no NRIC". Either way
 * the donor agreed to the terms in the NRIC step, and the agreement becomes the donor's (agreed at the
 * time of registering, on the portal's clock).
 */
const registerCognitoUser =
  ({ app, callers, services }: HandlerServices): Handler =>
  async ({ headers, body, clientAddress }) => {
    const identity = await callers.identityOf(headers);
    await limitDonorCall(services, "registerCognitoUser", identity.subject, clientAddress);
    const request = decode(RegisterBody, body);
    const email = identity.email ?? request.email;
    if (email !== undefined) check(validateEmail(email));
    const mobile = request.phoneNumber?.replace(/\s/g, "");
    if (mobile) check(validateMobile(mobile));
    // The agreement to the terms comes with the NRIC: held with it before a social sign-up, or sent
    // with it by the NRIC step of an account already signed in (`terms.required` otherwise).
    const given =
      request.uniqueUserId === undefined
        ? await takeSocialNric({ callers, services }, headers)
        : {
            nric: nricFromUniqueUserId(request.uniqueUserId),
            terms: await app.run(agreementTo(request.termsVersion)),
          };
    const nric = given?.nric;
    if (nric === undefined) {
      throw new RequestError(
        404,
        "No NRIC/FIN is held for this sign-up any more. Please enter it again.",
        "socialNric.none",
      );
    }
    await app.run(
      registerDonor({
        identity,
        details: {
          kind: "individual",
          name: request.name?.trim() || identity.name || email || "Donor",
          email,
          countryCode: request.phoneCountryCode,
          mobile: mobile || undefined,
          nric,
        },
        termsVersion: given?.terms?.version,
      }),
    );
    return success({ message: "Registered", data: { registered: true } }, {}, 0);
  };

/** updateCognitoUser: the caller's own mobile number. */
const updateCognitoUser =
  ({ callers, services, records: { donors } }: HandlerServices): Handler =>
  async ({ headers, body, clientAddress }) => {
    const donor = await callers.registeredDonor(headers);
    const { countryCode, mobile } = mobileOf(decode(MobileBody, body));
    // Its "mobile exists" answers whether a number is registered: limited like checkCognitoMobileExists.
    await limitDonorCall(services, "updateCognitoUser", donor.id, clientAddress);
    const outcome = await donors.updateMobile(donor.id, countryCode, mobile);
    if (outcome === "mobile.exists") {
      throw mobileExists();
    }
    return success({ message: "Mobile number updated" });
  };

const ProfileBody = Schema.Struct({
  uniqueUserId: Schema.optionalKey(Text(64)),
  name: Schema.optionalKey(Text(NAME_MAX_LENGTH)),
  address: Schema.optionalKey(AddressInput),
  profile: Schema.optionalKey(ProfileInput),
});

/** The spec's `uniqueUserId` may come along; it must then be the caller's own NRIC. */
const ownUniqueUserId = (donor: DonorView, uniqueUserId: string | undefined) => {
  if (uniqueUserId === undefined) return;
  const nric = nricFromUniqueUserId(uniqueUserId);
  if (donor.nricMasked === null || !donor.nricMasked.endsWith(nric.slice(-4))) {
    throw new RequestError(404, "No such donor.", "donor.notFound");
  }
};

/** updateDonorCognitoProfile: the caller's own name, address and profile details. */
const updateDonorCognitoProfile =
  ({ callers, records: { donors } }: HandlerServices): Handler =>
  async ({ headers, body }) => {
    const donor = await callers.registeredDonor(headers);
    const request = decode(ProfileBody, body);
    ownUniqueUserId(donor, request.uniqueUserId);
    // §5's text helper on the typed name, as on every other form the donor types a name in.
    const name = request.name === undefined ? undefined : cleanText(request.name).trim();
    if (name === "") check("validation.fullName.enter");
    // A corrected date of birth as the enrolment form takes it (§5: dd/mm/yyyy, before today).
    const dateOfBirth = request.profile?.dateOfBirth;
    if (dateOfBirth !== undefined && dateOfBirth !== "")
      check(validatePastDate(dateOfBirth, Date.now()));
    // What Singpass / Myinfo gave is corrected at Singpass (its source), not typed over here.
    const fromSingpass = new Set(donor.singpassFields);
    const asked = [
      ...(name === undefined || name === donor.name ? [] : ["name"]),
      ...Object.entries(request.profile ?? {})
        .filter(([field, value]) => donor.profile[field as keyof DonorView["profile"]] !== value)
        .map(([field]) => field),
    ];
    if (asked.some((field) => fromSingpass.has(field))) {
      throw new RequestError(
        409,
        "This detail came from Singpass (Myinfo); correct it with Singpass, not here.",
        "profile.singpassField",
      );
    }
    await donors.updateProfile(donor.id, {
      name,
      address: checkedAddress(request.address),
      profile: request.profile,
    });
    return success({ message: "Profile updated" });
  };

const EmailBody = Schema.Struct({ uniqueUserId: Schema.optionalKey(Text(64)), email: Text(254) });

/**
 * updateDonorEmailCognitoProfile: the donor record takes the caller's new e-mail address once the
 * identity provider has verified it (the donor confirmed it with the code sent there, and the ID token
 * of this call names it as verified). Any other address is refused with `email.unverified`, so nobody
 * can point receipts at an address they do not hold.
 */
const updateDonorEmailCognitoProfile =
  ({ callers, records: { donors } }: HandlerServices): Handler =>
  async ({ headers, body }) => {
    const { identity, donor } = await callers.donorOf(headers);
    if (!donor)
      throw new RequestError(
        404,
        "No donor is registered for this sign-in.",
        "donor.notRegistered",
      );
    const request = decode(EmailBody, body);
    ownUniqueUserId(donor, request.uniqueUserId);
    const email = request.email.trim().toLowerCase();
    check(validateEmail(email));
    if (!identity.emailVerified || identity.email?.toLowerCase() !== email) {
      throw new RequestError(
        409,
        "Confirm the new e-mail address with the code sent to it first.",
        "email.unverified",
      );
    }
    await donors.updateEmail(donor.id, email);
    return success({ message: "E-mail updated" });
  };

export const donorHandlers = (given: HandlerServices) =>
  ({
    getSignInUserDetails: getSignInUserDetails(given),
    getCognitoUser: getCognitoUser(given),
    checkCognitoNricExists: checkCognitoNricExists(given),
    getEmailListForUser: getEmailListForUser(given),
    getDonorCognitoStatus: getDonorCognitoStatus(given),
    enrollDonorManuallyPreDonation: enrollDonorManuallyPreDonation(given),
    confirmSingpassPreDonation: confirmSingpassPreDonation(given),
    checkCognitoMobileExists: checkCognitoMobileExists(given),
    registerCognitoUser: registerCognitoUser(given),
    updateCognitoUser: updateCognitoUser(given),
    updateDonorCognitoProfile: updateDonorCognitoProfile(given),
    updateDonorEmailCognitoProfile: updateDonorEmailCognitoProfile(given),
  }) satisfies Record<string, Handler>;
