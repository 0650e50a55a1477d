import type { VerifiedIdentity } from "@portal/adapters/identity";
import type { DonorView, GuestSession } from "@portal/adapters/db";
import { verifyIdentity } from "../identity";
import { donorRecords, sessionRecords, signupRecords } from "../records";
import { RequestError } from "./envelope";
import type { RequestHeaders } from "./types";

/** The guest session cookie: HttpOnly, so page scripts (and anything injected into them) cannot read it. */
export const SESSION_COOKIE = "portal_session";

/** The ID token a request carries: `Authorization: Bearer …` or the spec's `givepls_token` header. */
const bearerToken = (headers: RequestHeaders): string | undefined => {
  const authorization = headers.get("authorization");
  if (authorization) {
    const match = /^Bearer\s+([A-Za-z0-9._~+/=-]+)$/i.exec(authorization.trim());
    return match?.[1];
  }
  return headers.get("givepls_token")?.trim() || undefined;
};

/**
 * Who is calling, from a verified ID token only: the spec's `uuid` header and any id in a body are never
 * trusted for this. No token, a bad one, or no configured identity provider: 401.
 */
export async function identityOf(headers: RequestHeaders): Promise<VerifiedIdentity> {
  const token = bearerToken(headers);
  const verify = verifyIdentity();
  if (!token || !verify) throw new RequestError(401, "Please sign in.", "identity.required");
  try {
    return await verify(token);
  } catch {
    throw new RequestError(
      401,
      "Your sign-in has expired. Please sign in again.",
      "identity.invalid",
    );
  }
}

/** The signed-in caller's donor record, or undefined while they have not registered one. */
export async function donorOf(
  headers: RequestHeaders,
): Promise<{ identity: VerifiedIdentity; donor: DonorView | undefined }> {
  const identity = await identityOf(headers);
  const donors = await donorRecords();
  const donor = await donors.byIdentity(identity);
  if (donor && identity.emailVerified && identity.email) {
    // Gifts given as a guest with this verified e-mail become the account's (issue 22's proof).
    await donors.linkGifts(donor.id, { kind: "email", email: identity.email });
  }
  if (donor || !identity.emailVerified) return { identity, donor };
  return { identity, donor: await completeSignUp(identity) };
}

/**
 * A new account's first signed-in call: the details its sign-up recorded (the PreSignUp check) become
 * its donor link, once its e-mail is verified. A donor who gave as a guest is claimed only with that
 * donor's own e-mail (see `register`); a refused claim leaves the account unregistered, and the browser
 * then shows the not-registered popup.
 */
async function completeSignUp(identity: VerifiedIdentity): Promise<DonorView | undefined> {
  const signups = await signupRecords();
  const details = await signups.find(identity.issuer, identity.subject);
  if (!details) return undefined;
  const donors = await donorRecords();
  await donors.register(identity, { ...details, email: identity.email ?? details.email });
  await signups.remove(identity.issuer, identity.subject);
  return donors.byIdentity(identity);
}

/** The signed-in caller's donor record; a sign-in without one gets 404 (nothing of theirs exists). */
export async function registeredDonor(headers: RequestHeaders): Promise<DonorView> {
  const { donor } = await donorOf(headers);
  if (!donor)
    throw new RequestError(404, "No donor is registered for this sign-in.", "donor.notRegistered");
  return donor;
}

const cookie = (headers: RequestHeaders, name: string): string | undefined => {
  for (const part of (headers.get("cookie") ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return undefined;
};

/** The caller's live guest session, if its cookie names one. */
export async function guestOf(headers: RequestHeaders): Promise<GuestSession | undefined> {
  const token = cookie(headers, SESSION_COOKIE);
  return token ? (await sessionRecords()).find(token) : undefined;
}

/** The caller's live guest session; without one, 401 `session.required`. */
export async function liveGuest(headers: RequestHeaders): Promise<GuestSession> {
  const guest = await guestOf(headers);
  if (!guest) {
    throw new RequestError(
      401,
      "Your session has expired. Please start again.",
      "session.required",
    );
  }
  return guest;
}

/** Whether a request carries any sign-in at all (verified or not): such a request is not a guest's. */
export const hasSignIn = (headers: RequestHeaders): boolean => bearerToken(headers) !== undefined;
