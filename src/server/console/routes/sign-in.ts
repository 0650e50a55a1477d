import type { ConsoleRoute } from "../route";
import { portalServices } from "../services";
import { CONSOLE_LOGIN_MINUTES, startStaffLogin } from "@portal/adapters/console";
import { loginCookie } from "../guard";
import { redirectUriFor } from "../setup";
import { limitSignIn } from "../../rate-limits/console-sign-in";
import { callerAddress } from "../../rate-limits/memory";

/** Where an officer may be sent back to after signing in: a console page of either language. */
const returnPath = (value: string | null): string =>
  value !== null && /^\/(?:ms\/)?console(?:\/[a-z-]*)*$/.test(value) ? value : "/console";

/**
 * Start an officer's sign-in at the council's staff directory (never the donors' pool): a new state,
 * nonce and PKCE verifier kept server-side under the state's hash, then the directory's login page.
 * The browser gets a sign-in cookie whose hash is kept with them: only it can finish this sign-in.
 * Starts are limited per caller address (src/server/rate-limits/console-sign-in.ts): each keeps a row until it expires.
 */
export const GET: ConsoleRoute = async (context) => {
  const { url, request, clientAddress } = context;
  const services = portalServices(context);
  const directory = services.staff;
  if (!directory)
    return new Response("The console has no staff directory configured.", { status: 503 });
  const asked = url.searchParams.get("return");
  const limited = await limitSignIn(
    services,
    "start",
    callerAddress(request.headers, clientAddress, services.config.trustProxy),
    asked === null ? ["en", "ms"] : returnPath(asked).startsWith("/ms/") ? ["ms"] : ["en"],
  );
  if (limited) return limited;
  const config = { ...directory.config, redirectUri: redirectUriFor(directory.config, url.host) };
  const login = await startStaffLogin(await directory.client(), config);
  const browser = await (
    await services.console.sessions()
  ).beginLogin({ ...login, returnTo: returnPath(asked) }, new Date(services.clock.nowMs()));
  const response = new Response(null, {
    status: 302,
    headers: { location: login.url.toString(), "cache-control": "no-store" },
  });
  response.headers.append(
    "set-cookie",
    loginCookie(request, services.config, browser, CONSOLE_LOGIN_MINUTES * 60),
  );
  return response;
};
