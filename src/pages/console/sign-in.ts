import type { APIRoute } from "astro";
import { startStaffLogin } from "@portal/adapters/console";
import { portalNow } from "../../server/clock";
import { consoleSessionRecords, redirectUriFor, staffDirectory } from "../../server/console/setup";

export const prerender = false;

/** Where an officer may be sent back to after signing in: a console page of either language. */
const returnPath = (value: string | null): string =>
  value !== null && /^\/(?:ms\/)?console(?:\/[a-z-]*)*$/.test(value) ? value : "/console";

/**
 * Start an officer's sign-in at the council's staff directory (never the donors' pool): a new state,
 * nonce and PKCE verifier kept server-side under the state's hash, then the directory's login page.
 */
export const GET: APIRoute = async ({ url }) => {
  const directory = staffDirectory();
  if (!directory)
    return new Response("The console has no staff directory configured.", { status: 503 });
  const config = { ...directory.config, redirectUri: redirectUriFor(directory.config, url.host) };
  const login = await startStaffLogin(await directory.client(), config);
  await (
    await consoleSessionRecords()
  ).beginLogin(
    { ...login, returnTo: returnPath(url.searchParams.get("return")) },
    new Date(portalNow()),
  );
  return new Response(null, {
    status: 302,
    headers: { location: login.url.toString(), "cache-control": "no-store" },
  });
};
