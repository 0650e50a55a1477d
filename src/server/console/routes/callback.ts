import type { ConsoleRoute } from "../route";
import { portalServices } from "../services";
import { finishStaffLogin, StaffSignInError } from "@portal/adapters/console";
import { audit } from "../audit";
import { isHttps, loginCookie, loginCookieName, readCookie, sessionCookieName } from "../guard";
import { redirectUriFor } from "../setup";
import { limitSignIn } from "../../rate-limits/console-sign-in";
import { callerAddress } from "../../rate-limits/memory";
import { CONSOLE_IDLE_MINUTES } from "@portal/adapters/console";
import type { PortalConfig } from "../../config";

/** Back to a console page (with `cookie`, the session's); the sign-in cookie is spent either way. */
const back = (
  request: Request,
  settings: PortalConfig,
  path: string,
  reason?: string,
  cookie?: string,
) => {
  const response = new Response(null, {
    status: 302,
    headers: {
      location: reason ? `${path}?signin=${reason}` : path,
      "cache-control": "no-store",
    },
  });
  if (cookie) response.headers.append("set-cookie", cookie);
  response.headers.append("set-cookie", loginCookie(request, settings));
  return response;
};

/**
 * The directory's answer: the sign-in in progress is taken by its state (once), the code redeemed
 * (PKCE, nonce, ID token checks), the officer's roles read from the group claim. An officer with no
 * console role is refused; otherwise a console session starts in an HttpOnly, SameSite=Strict cookie.
 * Only the browser that started the sign-in (its sign-in cookie) may finish it: a callback link sent
 * to someone else signs no one in (login CSRF). Callbacks are limited per caller address
 * (src/server/rate-limits/console-sign-in.ts). A refused sign-in of an officer the directory named is written to the audit
 * log; one of no known officer, which anyone can cause, is counted per address and hour instead
 * (`console_sign_in_refusal`, shown on the audit page), so no one without an account writes the log.
 */
export const GET: ConsoleRoute = async (context) => {
  const { request, url, clientAddress } = context;
  const services = portalServices(context);
  const settings = services.config;
  const directory = services.staff;
  if (!directory)
    return new Response("The console has no staff directory configured.", { status: 503 });
  const now = new Date(services.clock.nowMs());
  const sessions = await services.console.sessions();
  const ip = callerAddress(request.headers, clientAddress, settings.trustProxy);
  // The directory's redirect does not say the page's language: the refusal is said in both.
  const limited = await limitSignIn(services, "callback", ip, ["en", "ms"]);
  if (limited) return limited;
  const refusedAnonymously = async (reason: string) =>
    (await services.console.signInRefusals()).count(ip, reason, now);
  const state = url.searchParams.get("state") ?? "";
  const browser = readCookie(request, loginCookieName(request, settings)) ?? "";
  const login = await sessions.takeLogin(state, browser, now);
  if (!login) {
    await refusedAnonymously("no_sign_in");
    return back(request, settings, "/console", "expired");
  }
  if (!login.sameBrowser) {
    // Another browser's sign-in (a link sent to a colleague): spent, and refused.
    await refusedAnonymously("another_browser");
    return back(request, settings, "/console", "expired");
  }
  if (url.searchParams.has("error")) return back(request, settings, login.returnTo, "cancelled");
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
    await refusedAnonymously(reason);
    return back(request, settings, login.returnTo, "failed");
  }
  if (officer.roles.length === 0) {
    // The directory named them: theirs to answer for, a line of the audit log.
    await audit(
      { officer, ip, now, services },
      {
        action: "console.sign_in_refused",
        entity: "officer",
        entityId: officer.id,
        after: { reason: "no_role" },
      },
    );
    return back(request, settings, login.returnTo, "no-role");
  }
  const { token } = await sessions.start(officer, now);
  await audit(
    { officer, ip, now, services },
    {
      action: "console.sign_in",
      entity: "officer",
      entityId: officer.id,
      after: { roles: officer.roles },
    },
  );
  const cookie = [
    `${sessionCookieName(request, settings)}=${token}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Strict",
    // The browser forgets it too once idle long enough; the server's idle check is the rule.
    `Max-Age=${CONSOLE_IDLE_MINUTES * 60 * 48}`,
    ...(isHttps(request, settings) ? ["Secure"] : []),
  ].join("; ");
  return back(request, settings, login.returnTo, undefined, cookie);
};
