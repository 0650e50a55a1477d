import {
  dialCodeOf,
  regionOfDialCode,
  type DialCodeRegions,
  type DialCountry,
} from "../enrolment/dial-code";
import type { DonorEntry } from "./DonorFields";

/** What checkout takes from the signed-in donor's user data (getSignInUserDetails, spec §3). */
export interface AccountDetails {
  readonly name: string;
  readonly email: string;
  readonly countryCode: string;
  readonly mobile: string;
  readonly donorType?: "individual" | "corporate" | string;
  readonly companyName?: string;
  readonly uen?: string;
}

/** One of the donor's saved cards as getUserStripeToken lists it (the gateway's token stays on the server). */
export interface SavedCard {
  readonly id: string;
  readonly brand: string;
  readonly last4: string;
  readonly expMonth: number;
  readonly expYear: number;
}

/**
 * The donor fields with what the account knows filled into those still empty: name, e-mail, the mobile
 * with its country (from its dial code, as the account area chooses it), and for a corporate account
 * the business payer's company and UEN. What the donor typed stays; everything may still be changed
 * for this gift (the account itself is changed on /profile).
 */
export const prefillDonor = (
  donor: DonorEntry,
  account: AccountDetails,
  dialCountries: ReadonlyArray<DialCountry>,
  dialRegions: DialCodeRegions,
): DonorEntry => {
  const name = donor.name.trim() === "" ? account.name.trim() : donor.name;
  const email = donor.email.trim() === "" ? account.email.trim() : donor.email;
  const mobile =
    donor.mobile.trim() === "" && account.mobile.trim() !== ""
      ? (() => {
          const region = regionOfDialCode(dialCountries, dialRegions, account.countryCode);
          return {
            mobile: account.mobile.trim(),
            region,
            countryCode: dialCodeOf(dialCountries, region),
          };
        })()
      : {};
  const companyName = account.companyName?.trim() ?? "";
  const uen = account.uen?.trim() ?? "";
  const business =
    account.donorType === "corporate" &&
    !donor.business &&
    donor.companyName.trim() === "" &&
    donor.uen.trim() === "" &&
    (companyName !== "" || uen !== "")
      ? { business: true, companyName, uen: uen.toUpperCase() }
      : {};
  return { ...donor, name, email, ...mobile, ...business };
};

/** The saved cards that can still pay: a card is valid to the end of its expiry month. */
export const usableCards = (
  cards: ReadonlyArray<SavedCard>,
  now: Date,
): ReadonlyArray<SavedCard> => {
  const month = now.getFullYear() * 12 + now.getMonth() + 1;
  return cards.filter((card) => card.expYear * 12 + card.expMonth >= month);
};
