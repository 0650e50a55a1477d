import type { FlowType } from "@portal/domain";
import { readStored } from "../../stores/session-storage";
import type { DonationRef } from "./payment-api";

/**
 * The donation this tab is paying, kept across a reload or the bank's page (no personal data: the
 * owner is "guest" or the sign-in's opaque subject id, which Amplify keeps in this tab too).
 */
export const STORED = "portal.checkout";
export interface StoredCheckout extends DonationRef {
  readonly flow: FlowType;
  readonly owner: string;
  /** Paid: kept so that a reload or coming back shows the thank-you page and its receipt link again. */
  readonly done?: boolean;
}

export const readCheckout = (flow: FlowType): StoredCheckout | undefined => {
  const stored = readStored(STORED) as Partial<StoredCheckout> | undefined;
  return stored?.flow === flow &&
    typeof stored.donationId === "string" &&
    typeof stored.clientSecret === "string"
    ? { ...(stored as StoredCheckout), owner: stored.owner ?? "guest" }
    : undefined;
};

/** A new idempotency key. */
export const newKey = (): string =>
  typeof crypto.randomUUID === "function"
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
        b.toString(16).padStart(2, "0"),
      ).join("");
