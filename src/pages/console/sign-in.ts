import type { APIRoute } from "astro";
import { consoleServices } from "../../server/console/services";
import { CONSOLE_LOGIN_MINUTES, startStaffLogin } from "@portal/adapters/console";
import { portalNow } from "../../server/clock";
import { loginCookie } from "../../server/console/guard";
import { redirectUriFor, staffDirectory } from "../../server/console/setup";

export const prerender = false;

/** Where an officer may be sent back to after signing in: a console page of either language. */
const returnPath = (value: string | null): string =>
  value !== null && /^\/(?:ms\/)?console(?:\/[a-z-]*)*$/.test(value) ? value : "/console";

/**
 * Start an officer's sign-in at the council's staff directory (never the donors' pool): a new state,
 * nonce and PKCE verifier kept server-side under the state's hash, then the directory's login page.
 * The browser gets a sign-in cookie whose hash is kept with them: only it can finish this sign-in.
 */
export const GET: APIRoute = async (context) => {
  const { url, request } = context;
  const directory = staffDirectory();
  if (!directory)
    return new Response("The console has no staff directory configured.", { status: 503 });
  const config = { ...directory.config, redirectUri: redirectUriFor(directory.config, url.host) };
  const login = await startStaffLogin(await directory.client(), config);
  const browser = await (
    await consoleServices(context).sessions()
  ).beginLogin(
    { ...login, returnTo: returnPath(url.searchParams.get("return")) },
    new Date(portalNow()),
  );
  const response = new Response(null, {
    status: 302,
    headers: { location: login.url.toString(), "cache-control": "no-store" },
  });
  response.headers.append("set-cookie", loginCookie(request, browser, CONSOLE_LOGIN_MINUTES * 60));
  return response;
};
