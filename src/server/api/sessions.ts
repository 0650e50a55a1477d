import { GUEST_SESSION_MINUTES } from "@portal/adapters/db";
import { sessionRecords } from "../records";
import { config } from "../root";
import { guestOf, SESSION_COOKIE } from "./auth";
import { success } from "./envelope";
import type { Handler } from "./types";

/**
 * A guest's session, issued by the server (architecture, "departures": no service credentials in the
 * browser). The token travels only in an HttpOnly, SameSite cookie scoped to the services; a request
 * that already holds a live session keeps it (spec §4: a token is created when absent).
 */
const guest: Handler = async ({ headers }) => {
  const current = await guestOf(headers);
  if (current) return success({ data: { expiresAt: current.expiresAt.toISOString() } });
  const { token, session } = await (await sessionRecords()).start();
  const secure = config().cookieSecure || headers.get("x-forwarded-proto") === "https";
  const cookie = [
    `${SESSION_COOKIE}=${token}`,
    "Path=/svc",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${GUEST_SESSION_MINUTES * 60}`,
    ...(secure ? ["Secure"] : []),
  ].join("; ");
  return success(
    { data: { expiresAt: session.expiresAt.toISOString() } },
    { "set-cookie": cookie },
  );
};

export const sessionHandlers = { guest } satisfies Record<string, Handler>;
