import type { EnrolmentValue } from "@portal/domain";

/** Spec §3's address parts. */
export interface Address {
  readonly postalCode?: string;
  readonly blockNumber?: string;
  readonly streetName?: string;
  readonly buildingName?: string;
  readonly country?: string;
  readonly unitNo?: string;
  readonly floorNo?: string;
}

/** The profile fields of spec §3 that are not columns of their own. */
export interface ProfileDetails {
  readonly dateOfBirth?: string;
  readonly nationality?: string;
  readonly race?: string;
  readonly sex?: string;
  readonly countryOfBirth?: string;
  readonly dialect?: string;
  readonly representativeName?: string;
  readonly registeredAddress?: string;
  readonly marketingConsent?: boolean;
  /**
   * The fields Myinfo gave, on a record made from a Singpass login (`name` and profile fields); an
   * empty list on a record whose owner proved the NRIC later (the rest stays as typed).
   */
  readonly myinfo?: ReadonlyArray<string>;
}

/** The profile fields only Myinfo fills in (a donor may also type them at manual enrolment). */
export const MYINFO_PROFILE_FIELDS = [
  "dateOfBirth",
  "sex",
  "race",
  "nationality",
  "countryOfBirth",
  "dialect",
] as const;

/**
 * The fields of a donor record that came from Singpass / Myinfo, which the donor corrects at Singpass
 * (the portal refuses to change them): the NRIC of a Singpass enrolment, and what `myinfo` lists (a
 * record made before it was kept: the Myinfo profile fields it holds).
 */
export const singpassFieldsOf = (donor: {
  readonly enrolment: DonorView["enrolment"];
  readonly profile: ProfileDetails;
}): string[] => {
  if (donor.enrolment !== "Singpass") return [];
  const listed =
    donor.profile.myinfo ??
    MYINFO_PROFILE_FIELDS.filter((field) => donor.profile[field] !== undefined);
  return ["nric", ...listed];
};

export interface DonorDetailsInput {
  readonly kind: "individual" | "corporate";
  readonly name: string;
  readonly email?: string | undefined;
  readonly countryCode?: string | undefined;
  readonly mobile?: string | undefined;
  /** Individuals: NRIC/FIN (required). Corporates: the UEN and company name instead. */
  readonly nric?: string | undefined;
  readonly uen?: string | undefined;
  readonly companyName?: string | undefined;
  readonly address?: Address | undefined;
  readonly profile?: ProfileDetails | undefined;
}

/** A donor as the donor may see themselves: the NRIC only masked. */
export interface DonorView {
  readonly id: string;
  readonly kind: "individual" | "corporate";
  readonly name: string;
  readonly email: string | null;
  readonly countryCode: string | null;
  readonly mobile: string | null;
  readonly nricMasked: string | null;
  readonly uen: string | null;
  readonly companyName: string | null;
  readonly address: Address;
  readonly profile: ProfileDetails;
  readonly enrolment: "Manually" | "Singpass" | "Anonymous";
  readonly createdAt: Date;
  /** The fields Singpass / Myinfo gave (`singpassFieldsOf`), which the donor corrects at Singpass. */
  readonly singpassFields: ReadonlyArray<string>;
}

export interface Identity {
  readonly issuer: string;
  readonly subject: string;
  readonly email: string | undefined;
  readonly emailVerified: boolean;
}

/**
 * A gift's own donor particulars (what its receipt shows), as given with the gift: a guest's
 * enrolment and checkout details, never read from a stored donor afterwards. No identity number here:
 * it travels sealed beside them.
 */
export interface GiftParticulars {
  readonly kind?: "individual" | "corporate";
  readonly name?: string;
  readonly email?: string;
  readonly countryCode?: string;
  readonly mobile?: string;
  readonly companyName?: string;
  readonly uen?: string;
  readonly address?: Address;
  readonly profile?: ProfileDetails;
  /** §2's enrolment value: a guest's enrolment, or how a guest who did not enrol gave. */
  readonly enrolment?: EnrolmentValue;
  /** The terms the guest agreed to at enrolment (spec §5 iAgree): version and when. */
  readonly terms?: { readonly version: string; readonly agreedAt: string };
}

/** A guest session's enrolment: its particulars and the identity number, sealed and hashed. */
export interface GuestSessionEnrolment {
  readonly particulars: GiftParticulars;
  readonly idEncrypted: Buffer | null;
  readonly idHash: Buffer | null;
}

/** The enrolment as the guest may see it again. */
export interface GuestEnrolment extends GuestSessionEnrolment {
  /** The NRIC/FIN or UEN masked (last four characters), as the donor may see it. */
  readonly idMasked: string | null;
}

export type RegisterOutcome = "registered" | "alreadyRegistered" | "nric.exists" | "mobile.exists";
