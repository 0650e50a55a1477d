import { isRecord, readStored, removeStored, writeStored } from "../../stores/session-storage";
import { emptyDonor, type DonorEntry } from "./DonorFields";

/**
 * The donor's details as typed on checkout, kept in this tab so that going back to the giving page (to
 * change an entry the payment refused) and returning does not empty the form. The NRIC/FIN or UEN for
 * IRAS is never kept (it is typed again), nor any card detail; the lifecycle clears the key with the
 * other selections, a sign-out or an expired session clears all of this tab's storage, and a passed
 * payment removes it.
 */
export const KEPT_DONOR = "portal.checkout.donor";

/** Keeps the details as typed by `owner` ("guest" or the sign-in's opaque subject id). */
export const keepDonor = (donor: DonorEntry, owner: string): void => {
  const { taxId: _dropped, ...kept } = donor;
  writeStored(KEPT_DONOR, { ...kept, owner });
};

/** Who typed the kept details ("guest" when unknown): a donor who signs in gets their account's. */
export const keptOwner = (): string => {
  const stored = readStored(KEPT_DONOR);
  return isRecord(stored) && typeof stored["owner"] === "string" ? stored["owner"] : "guest";
};

/** The kept details over the empty ones (each field checked for its type), or undefined. */
export const keptDonor = (): DonorEntry | undefined => {
  const stored = readStored(KEPT_DONOR);
  if (!isRecord(stored)) return undefined;
  const entry: Record<string, unknown> = { ...emptyDonor };
  for (const [key, empty] of Object.entries(emptyDonor)) {
    if (key !== "taxId" && typeof stored[key] === typeof empty) entry[key] = stored[key];
  }
  return entry as unknown as DonorEntry;
};

export const forgetDonor = (): void => removeStored(KEPT_DONOR);
