import { Schema } from "effect";
import { validateNric } from "@portal/domain";
import type { SocialNrics } from "@portal/adapters/db";
import { decode, Text } from "./decode";
import { check } from "./donor-input";
import { limitDonorCall } from "../rate-limits/donor-calls";
import { success } from "./envelope";
import { agreementTo } from "../app/enrolment";
import type { Handler, HandlerServices, RequestHeaders } from "./types";

const NricBody = Schema.Struct({ nric: Text(20), termsVersion: Schema.optionalKey(Text(20)) });

/**
 * holdSocialNric (ours; docs/api.md): the NRIC-only step before a social sign-up (spec §4
 * NIRC_UNIQUE) hands the NRIC to the server, which holds it sealed for the caller's guest session
 * (HttpOnly cookie) across the provider's redirect, for 15 minutes at most, instead of the browser
 * keeping it. Only its form is checked: whether it is registered is not answered here (a guest session
 * is cheap to get, so this must not tell anyone which NRICs exist); the registration after the return
 * decides. The donor agrees to the terms in the same step (`terms.required` otherwise), and the
 * agreement is held with the NRIC for the registration. Limited like the other NRIC checks: 10 an
 * hour per guest session, 30 per address.
 */
const holdSocialNric =
  ({ app, callers, services }: HandlerServices): Handler =>
  async ({ headers, body, clientAddress }) => {
    const guest = await callers.liveGuest(headers);
    await limitDonorCall(services, "holdSocialNric", guest.id, clientAddress);
    const request = decode(NricBody, body);
    const nric = request.nric.trim().toUpperCase();
    check(validateNric(nric));
    const terms = await app.run(agreementTo(request.termsVersion));
    const expiresAt = await (
      await services.records.socialNrics()
    ).hold(guest.id, nric, guest.expiresAt, {
      version: terms.version,
      agreedAt: new Date(terms.agreedAt),
    });
    return success({ data: { held: true, expiresAt: expiresAt.toISOString() } });
  };

/** socialNricHeld (ours): whether the caller's guest session holds an NRIC (never the NRIC itself). */
const socialNricHeld =
  ({ callers, services }: HandlerServices): Handler =>
  async ({ headers }) => {
    const guest = await callers.guestOf(headers);
    const held = guest ? await (await services.records.socialNrics()).held(guest.id) : false;
    return success({ data: { held } });
  };

/** forgetSocialNric (ours): let go of the held NRIC unused (a social return that registers nothing). */
const forgetSocialNric =
  ({ callers, services }: HandlerServices): Handler =>
  async ({ headers }) => {
    const guest = await callers.guestOf(headers);
    if (guest) await (await services.records.socialNrics()).forget(guest.id);
    return success({ message: "Forgotten" });
  };

/**
 * The NRIC the caller's guest session holds for a social sign-up, and the agreement to the terms given
 * with it, taken out (deleted) as they are read; undefined without a guest session or when none is
 * held any more (used, expired, never given).
 */
export async function takeSocialNric(
  { callers, services }: Pick<HandlerServices, "callers" | "services">,
  headers: RequestHeaders,
): Promise<Awaited<ReturnType<SocialNrics["take"]>>> {
  const guest = await callers.guestOf(headers);
  return guest ? (await services.records.socialNrics()).take(guest.id) : undefined;
}

export const socialNricHandlers = (given: HandlerServices) =>
  ({
    holdSocialNric: holdSocialNric(given),
    socialNricHeld: socialNricHeld(given),
    forgetSocialNric: forgetSocialNric(given),
  }) satisfies Record<string, Handler>;
