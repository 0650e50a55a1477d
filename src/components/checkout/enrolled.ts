import { useEffect, useState } from "react";
import { cleanText } from "@portal/domain";
import {
  dialCodeOf,
  regionOfDialCode,
  type DialCodeRegions,
  type DialCountry,
} from "../enrolment/dial-code";
import type { DonorEntry } from "./DonorFields";
import { currentOwner } from "./owner";
import { guestSession } from "./payment-api";

/** A guest's enrolment as the guest session tells its holder (docs/api.md `guest`): what receipts carry. */
export interface Enrolled {
  readonly enrolment: "Manually" | "Singpass";
  readonly kind: "individual" | "corporate";
  readonly name: string;
  readonly email?: string;
  readonly countryCode?: string;
  readonly mobile?: string;
  readonly companyName?: string;
  /** The NRIC/FIN or UEN, masked. */
  readonly idMasked?: string;
}

/**
 * The details with the enrolment's: its name always (the receipt carries it, so checkout shows it as
 * fixed), its e-mail and mobile where the donor typed none (what the donor leaves there is the receipt's).
 */
export const withEnrolment = (
  donor: DonorEntry,
  enrolled: Enrolled,
  dialCountries: ReadonlyArray<DialCountry>,
  dialRegions: DialCodeRegions,
): DonorEntry => {
  const mobile =
    donor.mobile.trim() === "" && enrolled.mobile
      ? (() => {
          const region = regionOfDialCode(dialCountries, dialRegions, enrolled.countryCode);
          return {
            mobile: enrolled.mobile,
            region,
            countryCode: dialCodeOf(dialCountries, region),
          };
        })()
      : {};
  return {
    ...donor,
    name: enrolled.name,
    email: donor.email.trim() === "" ? (enrolled.email ?? "") : donor.email,
    ...mobile,
  };
};

/**
 * A guest's enrolment in this browser (manual or Singpass), once known, with the details filled from
 * it; null for a signed-in donor (their account fills the details) or a guest who did not enrol.
 */
export function useGuestEnrolment(
  setDonor: (fill: (typed: DonorEntry) => DonorEntry) => void,
  dialCountries: ReadonlyArray<DialCountry>,
  dialRegions: DialCodeRegions,
): Enrolled | null {
  const [enrolled, setEnrolled] = useState<Enrolled | null>(null);
  useEffect(() => {
    let live = true;
    void (async () => {
      if ((await currentOwner()).key !== "guest") return;
      const found = (await guestSession()).enrolment;
      if (!live || !found) return;
      setEnrolled(found);
      setDonor((typed) => withEnrolment(typed, found, dialCountries, dialRegions));
    })().catch(() => {
      // Without the session's answer the donor types their details; paying starts a session.
    });
    return () => {
      live = false;
    };
  }, []);
  return enrolled;
}

/** §5's text helper (no markup, no runs of spaces, no leading space) on the free-text fields as typed. */
export const cleanDonorText = (donor: DonorEntry): DonorEntry => ({
  ...donor,
  name: cleanText(donor.name),
  othersName: cleanText(donor.othersName),
  companyName: cleanText(donor.companyName),
});
