import type { VerifiedIdentity } from "@portal/adapters/identity";
import type { DonorView, FoundGuestSession } from "@portal/adapters/db";
import type { Services } from "../main";
import type { UseCases } from "../app/live";
import type { CallerPort } from "../app/caller";
import { serverText } from "../translations";
import { completeSignUp as finishSignUp, type SignUpCompletion } from "../app/account";
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

const expired = () =>
  new RequestError(401, "Your sign-in has expired. Please sign in again.", "identity.invalid");

/** How long a portal sign-out is remembered: as long as Cognito's longest refresh token (30 days). */
const SIGN_OUT_MEMORY_MS = 30 * 24 * 60 * 60_000;

/** The signed-in caller of a history list (`historyCaller`). */
export interface HistoryCaller {
  readonly identity: VerifiedIdentity;
  /** The caller's donor, as the database says now; undefined while they have none. */
  readonly donorId: string | undefined;
  /** The version of the donor's list, read with the sign-out check and the donor (migration 034). */
  readonly historyVersion: string;
  readonly donor: () => Promise<DonorView | undefined>;
}

const cookie = (headers: RequestHeaders, name: string): string | undefined => {
  for (const part of (headers.get("cookie") ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return undefined;
};

/** Whether a request carries any sign-in at all (verified or not): such a request is not a guest's. */
export const hasSignIn = (headers: RequestHeaders): boolean => bearerToken(headers) !== undefined;

/**
 * Who calls, from the request's headers, over the services the composition root built: the signed-in
 * donor (a verified ID token not signed out), the guest session, and the sign-up completed on the
 * first signed-in call. Made once by the router and handed to the handlers.
 */
export function callers(services: Services, app: UseCases) {
  const { records } = services;
  const verifyIdentity = services.identity;
  /** The caller's ID token, verified (signature, issuer, audience, expiry); not yet its sign-out. */
  async function verifiedToken(headers: RequestHeaders): Promise<VerifiedIdentity> {
    const token = bearerToken(headers);
    const verify = verifyIdentity;
    if (!token || !verify) throw new RequestError(401, "Please sign in.", "identity.required");
    try {
      return await verify(token);
    } catch {
      throw expired();
    }
  }

  /**
   * Who is calling, from a verified ID token only: the spec's `uuid` header and any id in a body are never
   * trusted for this. No token, a bad one, or no configured identity provider: 401.
   */
  async function identityOf(headers: RequestHeaders): Promise<VerifiedIdentity> {
    const identity = await verifiedToken(headers);
    if (await signedOut(identity)) throw expired();
    return identity;
  }

  /**
   * Whether the account signed out everywhere after this token was issued. ID tokens are checked by
   * signature alone, so a global sign-out at the identity provider does not end them by itself: the
   * sign-outs are kept in the database (`IdentityState.signOuts`), written by the embedded provider's
   * GlobalSignOut and by the portal's own `signOutEverywhere` (the path that holds with a real Cognito,
   * whose sign-outs the portal never sees), and read here on every signed-in call (`donorOf` reads it
   * with the donor, in one statement). Nothing of it is kept between calls: a sign-out on any instance
   * refuses the token on every instance from the next call on.
   */
  async function signedOut(identity: VerifiedIdentity): Promise<boolean> {
    const token = identity.token;
    if (!token) return false;
    return (await records.identityState()).signOuts.revoked(
      token.username,
      token.issuedAt,
      token.id,
    );
  }

  /**
   * End every sign-in of the caller's account at the portal: ID tokens issued before this second are
   * refused from now on (the browser then revokes the tokens at the identity provider as well).
   */
  async function signOutEverywhere(identity: VerifiedIdentity, nowMs: number): Promise<void> {
    const username = identity.token?.username ?? identity.subject;
    await (
      await records.identityState()
    ).signOuts.signOut(username, Math.floor(nowMs / 1000), nowMs + SIGN_OUT_MEMORY_MS);
  }

  /**
   * The signed-in caller's donor record, or undefined while they have not registered one; `told`: what
   * completing the account's sign-up on this call has to tell it (`completeSignUp`).
   */
  async function donorOf(
    headers: RequestHeaders,
  ): Promise<{ identity: VerifiedIdentity } & SignUpCompletion> {
    const identity = await verifiedToken(headers);
    const { signedOut, donor } = await (await records.donors()).signedIn(identity);
    if (signedOut) throw expired();
    if (donor || !identity.emailVerified) return { identity, donor };
    return { identity, ...(await completeSignUp(identity)) };
  }

  /**
   * `donorOf` for a history list: the sign-out check, the donor and the version of the donor's list in
   * one read, the donor's record unsealed only when the list must be made (not when a kept one answers).
   */
  async function historyCaller(headers: RequestHeaders): Promise<HistoryCaller> {
    const identity = await verifiedToken(headers);
    const state = await (await records.donors()).signedInHistory(identity);
    if (state.signedOut) throw expired();
    const { donorId, historyVersion } = state;
    if (donorId || !identity.emailVerified)
      return { identity, donorId, historyVersion, donor: async () => state.donor() };
    return {
      identity,
      donorId,
      historyVersion,
      donor: async () => (await completeSignUp(identity)).donor,
    };
  }

  /**
   * A new account's first signed-in call: the details its sign-up recorded (the PreSignUp check) become
   * its donor link, once its e-mail is verified. A donor who gave as a guest is claimed only with that
   * donor's own e-mail (see `register`); a refused claim leaves the account unregistered and says why
   * (`told`: "NRIC/UEN already exists", only to whoever proved the mailbox, so a try costs a prober a
   * mailbox). The use case `completeSignUp` (src/server/app/account.ts).
   */
  const completeSignUp = (identity: VerifiedIdentity): Promise<SignUpCompletion> =>
    app.run(finishSignUp(identity));

  /** The signed-in caller's donor record; a sign-in without one gets 404 (nothing of theirs exists). */
  async function registeredDonor(headers: RequestHeaders): Promise<DonorView> {
    const { donor } = await donorOf(headers);
    if (!donor)
      throw new RequestError(
        404,
        "No donor is registered for this sign-in.",
        "donor.notRegistered",
      );
    return donor;
  }

  /** The caller's live guest session, if its cookie names one. */
  async function guestOf(headers: RequestHeaders): Promise<FoundGuestSession | undefined> {
    const token = cookie(headers, SESSION_COOKIE);
    return token ? (await records.sessions()).find(token) : undefined;
  }

  /** The caller's live guest session; without one, 401 `session.required`. */
  async function liveGuest(headers: RequestHeaders): Promise<FoundGuestSession> {
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
  /**
   * PORTAL_SIGN_IN_REQUIRED (spec §6, "login mandatory"): a guest may not give. Said in the page's
   * language when the request names it, else in both; the page shows its own words for the code.
   */
  const refuseGuestWhereSignInRequired = (headers: RequestHeaders, lang?: "en" | "ms"): void => {
    if (!services.config.signInRequired || hasSignIn(headers)) return;
    const said = (lang === undefined ? (["en", "ms"] as const) : [lang]).map((language) =>
      serverText(language)("assets_sign_in_required"),
    );
    throw new RequestError(403, said.join(" / "), "donation.signInRequired");
  };

  /**
   * The request's caller as the use cases ask it (`Caller`, src/server/app/caller.ts): a sign-in when
   * the request carries one (a registered donor, or refused), else the guest session (refused without
   * one). Each answer is looked up once, when first asked.
   */
  const of = (headers: RequestHeaders): CallerPort => {
    let donor: Promise<DonorView> | undefined;
    let guest: Promise<FoundGuestSession> | undefined;
    const registered = () => (donor ??= registeredDonor(headers));
    const live = () => (guest ??= liveGuest(headers));
    return {
      giver: async (lang) => {
        refuseGuestWhereSignInRequired(headers, lang);
        if (hasSignIn(headers)) {
          const { id, email } = await registered();
          return { kind: "donor", donorId: id, email };
        }
        const session = await live();
        return { kind: "guest", guestSessionId: session.id, enrolment: session.enrolment };
      },
      enrollee: async () => {
        if (!hasSignIn(headers)) return { kind: "guest", guestSessionId: (await live()).id };
        const { id, kind } = await registered();
        return { kind: "donor", donorId: id, donorKind: kind };
      },
      signedInDonor: async () => (hasSignIn(headers) ? registered() : undefined),
      signedInIdentity: async () => (hasSignIn(headers) ? identityOf(headers) : undefined),
    };
  };

  return {
    of,
    identityOf,
    signOutEverywhere,
    donorOf,
    historyCaller,
    registeredDonor,
    guestOf,
    liveGuest,
  };
}

/** The request's callers (`callers`). */
export type Callers = ReturnType<typeof callers>;
