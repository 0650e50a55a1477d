import { hitLimit, type SharedLimit } from "./shared";
import type { Services } from "../main";
import { serverText, type Lang } from "../translations";

/**
 * Console sign-in starts per caller address per minute. An honest officer starts one sign-in, and an
 * office behind one address a few a minute; each start keeps a sign-in in progress (`console_login`,
 * ten minutes), so this also caps that table at about 200 rows per address.
 */
export const CONSOLE_SIGN_IN_STARTS_PER_MINUTE = 20;
/** The directory's answers (`/console/callback`) per caller address per minute: one per sign-in. */
export const CONSOLE_SIGN_IN_CALLBACKS_PER_MINUTE = 20;

const MINUTE = 60_000;
const limits: Readonly<Record<"start" | "callback", SharedLimit>> = {
  start: {
    name: "consoleSignIn:start",
    limit: CONSOLE_SIGN_IN_STARTS_PER_MINUTE,
    windowMs: MINUTE,
  },
  callback: {
    name: "consoleSignIn:callback",
    limit: CONSOLE_SIGN_IN_CALLBACKS_PER_MINUTE,
    windowMs: MINUTE,
  },
};

/**
 * Count one sign-in step from `address`, in the database as the donor limits are (`rate_window`,
 * shared by every instance, on the portal's clock). Over the limit, the 429 to answer: said in `langs`
 * (the page's language when the request names it, else English and Malay), with `retry-after`.
 */
export async function limitSignIn(
  services: Services,
  step: "start" | "callback",
  address: string,
  langs: ReadonlyArray<Lang>,
): Promise<Response | undefined> {
  const { allowed, retryAfterSeconds } = await hitLimit(
    services,
    limits[step],
    address,
    services.clock.nowMs(),
  );
  if (allowed) return undefined;
  return new Response(langs.map((lang) => serverText(lang)("console_signin_busy")).join("\n\n"), {
    status: 429,
    headers: {
      "content-type": "text/plain; charset=utf-8",
      "content-language": langs.join(", "),
      "retry-after": String(retryAfterSeconds),
      "cache-control": "no-store",
    },
  });
}
