import type { APIRoute } from "astro";
import { finishStaffLogin, StaffSignInError } from "@portal/adapters/console";
import { portalNow } from "../../server/clock";
import { audit } from "../../server/console/audit";
import { isHttps, sessionCookieName } from "../../server/console/guard";
import { consoleSessionRecords, redirectUriFor, staffDirectory } from "../../server/console/setup";
import { callerAddress } from "../../server/rate-limit";
import { CONSOLE_IDLE_MINUTES } from "@portal/adapters/console";

export const prerender = false;

const back = (path: string, reason?: string) =>
  new Response(null, {
    status: 302,
    headers: {
      location: reason ? `${path}?signin=${reason}` : path,
      "cache-control": "no-store",
    },
  });

/**
 * The directory's answer: the sign-in in progress is taken by its state (once), the code redeemed
 * (PKCE, nonce, ID token checks), the officer's roles read from the group claim. An officer with no
 * console role is refused; otherwise a console session starts in an HttpOnly, SameSite=Strict cookie.
 */
export const GET: APIRoute = async ({ request, url, clientAddress }) => {
  const directory = staffDirectory();
  if (!directory)
    return new Response("The console has no staff directory configured.", { status: 503 });
  const now = new Date(portalNow());
  const sessions = await consoleSessionRecords();
  const state = url.searchParams.get("state") ?? "";
  const login = await sessions.takeLogin(state, now);
  if (!login) return back("/console", "expired");
  if (url.searchParams.has("error")) return back(login.returnTo, "cancelled");
  const config = { ...directory.config, redirectUri: redirectUriFor(directory.config, url.host) };
  // The redirect URI registered, with the directory's parameters (the server may see another host).
  const callback = new URL(config.redirectUri);
  callback.search = url.search;
  let officer;
  try {
    officer = await finishStaffLogin(
      await directory.client(),
      config,
      { ...login, state },
      callback,
    );
  } catch (error) {
    const reason = error instanceof StaffSignInError ? error.message : "unknown";
    console.error(`[console] sign-in refused: ${reason}`);
    return back(login.returnTo, "failed");
  }
  if (officer.roles.length === 0) return back(login.returnTo, "no-role");
  const { token } = await sessions.start(officer, now);
  await audit(
    { officer, ip: callerAddress(request.headers, clientAddress), now },
    {
      action: "console.sign_in",
      entity: "officer",
      entityId: officer.id,
      after: { roles: officer.roles },
    },
  );
  const cookie = [
    `${sessionCookieName(request)}=${token}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Strict",
    // The browser forgets it too once idle long enough; the server's idle check is the rule.
    `Max-Age=${CONSOLE_IDLE_MINUTES * 60 * 48}`,
    ...(isHttps(request) ? ["Secure"] : []),
  ].join("; ");
  const response = back(login.returnTo);
  response.headers.append("set-cookie", cookie);
  return response;
};
