import { GUEST_SESSION_MINUTES, type GuestEnrolment } from "@portal/adapters/db";
import { attachGuestSession } from "../app/enrolment";
import { forwardedScheme } from "../forwarded";
import { SESSION_COOKIE } from "./auth";
import { success } from "./envelope";
import type { Handler, HandlerServices } from "./types";

/** The session cookie: HttpOnly, SameSite, scoped to the services, as long as the session lives. */
const sessionCookie = (token: string, secure: boolean) =>
  [
    `${SESSION_COOKIE}=${token}`,
    "Path=/svc",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${GUEST_SESSION_MINUTES * 60}`,
    ...(secure ? ["Secure"] : []),
  ].join("; ");

/**
 * What this guest's enrolment puts on their receipts, for checkout to show before they pay (#23: the
 * receipt never silently differs from what the donor saw). Only to the session's own holder; the
 * identity number masked.
 */
const enrolledAs = ({ particulars: p, idMasked }: GuestEnrolment) => ({
  enrolment: p.enrolment ?? "Manually",
  kind: p.kind ?? "individual",
  name: p.name ?? "",
  ...(p.email ? { email: p.email } : {}),
  ...(p.mobile ? { countryCode: p.countryCode ?? "+65", mobile: p.mobile } : {}),
  ...(p.companyName ? { companyName: p.companyName } : {}),
  ...(idMasked ? { idMasked } : {}),
});

/**
 * A guest's session, issued by the server (architecture, "departures": no service credentials in the
 * browser). The token travels only in an HttpOnly, SameSite cookie scoped to the services; a request
 * that already holds a live session keeps it (spec §4: a token is created when absent).
 */
export const sessionHandlers = ({ app, callers, services }: HandlerServices) =>
  ({
    guest: async ({ headers }) => {
      const { config } = services;
      const current = await callers.guestOf(headers);
      const { session, token } = await app.run(attachGuestSession(current));
      const expiresAt = session.expiresAt.toISOString();
      if (token === undefined) {
        // The session held is `current`, read with its enrolment.
        const enrolment = current?.enrolment;
        return success({
          data: {
            expiresAt,
            ...(enrolment
              ? {
                  enrolment: enrolledAs(
                    (await services.records.donors()).shownEnrolment(enrolment),
                  ),
                }
              : {}),
          },
        });
      }
      const data = { data: { expiresAt } };
      // Secure over https: configured so, or said by our own load balancer (PORTAL_TRUST_PROXY only).
      const secure = config.cookieSecure || forwardedScheme(headers, config.trustProxy) === "https";
      return success(data, { "set-cookie": sessionCookie(token, secure) });
    },
  }) satisfies Record<string, Handler>;
