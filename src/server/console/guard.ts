import { timingSafeEqual } from "node:crypto";
import { mayDo, type ConsoleAction } from "@portal/domain";
import type { Officer } from "@portal/adapters/console";
import { portalNow } from "../clock";
import { callerAddress } from "../rate-limit";
import { forwardedScheme } from "../forwarded";
import { fromConsoleOrigin } from "./origin";
import { consoleServices } from "./services";
import { audit } from "./audit";
import { config } from "../root";
import { refusalAnswer, wireCode } from "../api/errors";

/** What a console route needs of Astro's context (its APIContext has all three). */
export interface ConsoleRequest {
  readonly request: Request;
  readonly clientAddress?: string | undefined;
  /** The started portal (`locals.portal`), whose console sessions the guard reads. */
  readonly locals: App.Locals;
}

/** An officer allowed to do the action asked, with what the audit log needs of the call. */
export interface OfficerCall {
  readonly officer: Officer;
  /** The caller's address (PORTAL_TRUST_PROXY rule), for the audit log. */
  readonly ip: string;
  readonly now: Date;
}

/** Whether this request came over https (directly, or through a trusted proxy). */
export const isHttps = (request: Request): boolean =>
  new URL(request.url).protocol === "https:" ||
  config().cookieSecure ||
  forwardedScheme(request.headers) === "https";

/** The session cookie's name: `__Host-` over https (Secure, Path=/, no Domain: this origin only). */
export const sessionCookieName = (request: Request): string =>
  isHttps(request) ? "__Host-console_session" : "console_session";

/**
 * The sign-in cookie (login CSRF): ties a sign-in in progress to the browser that started it. Lax,
 * since the directory's redirect back is a cross-site navigation; `__Host-` and Secure over https.
 */
export const loginCookieName = (request: Request): string =>
  isHttps(request) ? "__Host-console_login" : "console_login";

/** Set (`value`, for `maxAgeSeconds`) or clear (no value) the sign-in cookie. */
export const loginCookie = (request: Request, value?: string, maxAgeSeconds = 0): string =>
  [
    `${loginCookieName(request)}=${value ?? ""}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${value ? maxAgeSeconds : 0}`,
    ...(isHttps(request) ? ["Secure"] : []),
  ].join("; ");

export const readCookie = (request: Request, name: string): string | undefined => {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
};

/**
 * A console refusal: the JSON answer every console call gives, with a stable code; its HTTP status
 * is the code's in the edge's table (src/server/api/errors.ts).
 */
export const refusal = (
  code: string,
  message: string,
  extra: Readonly<Record<string, unknown>> = {},
) =>
  Response.json(
    { status: 0, code: wireCode(code), message, ...extra },
    { status: refusalAnswer(code).status, headers: { "cache-control": "no-store" } },
  );

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

const SAFE = new Set(["GET", "HEAD"]);

/**
 * The one guard of every console call. The officer comes from the console session cookie alone (a
 * donor's token, a bearer header, the donors' session are never read here); the action is checked
 * against the role table on the server; a changing call (any method but GET/HEAD) must come from the
 * console's origins (Origin header: `fromConsoleOrigin`) and carry the session's CSRF token in
 * `x-console-csrf`. Answers the officer, or the 401/403 Response to return as is.
 */
async function checkOfficer(
  context: ConsoleRequest,
  action: ConsoleAction,
  seen: { officer: Officer | undefined },
): Promise<OfficerCall | Response> {
  const { request } = context;
  const now = new Date(portalNow());
  const token = readCookie(request, sessionCookieName(request));
  const sessions = await consoleServices(context).sessions();
  const session = token ? await sessions.find(token, now) : undefined;
  seen.officer = session?.officer;
  if (!session) {
    return refusal("console.signed_out", "Sign in to the console (or again after 15 idle minutes)");
  }
  if (!SAFE.has(request.method)) {
    const csrf = request.headers.get("x-console-csrf") ?? "";
    if (!fromConsoleOrigin(request, config()) || !sameText(csrf, session.csrfToken)) {
      return refusal("console.csrf", "This request did not come from the console");
    }
  }
  if (!mayDo(session.officer.roles, action)) {
    return refusal("console.forbidden", "Your role does not allow this");
  }
  return {
    officer: session.officer,
    ip: callerAddress(request.headers, context.clientAddress),
    now,
  };
}

/**
 * `checkOfficer`, and a signed-in officer's refusal (403: the CSRF check or the role) is written to the
 * audit log as `console.refused` with the action asked and the reason: theirs to answer for, as their
 * changes are. (A 401 has no officer: nothing is written.)
 */
export async function requireOfficer(
  context: ConsoleRequest,
  action: ConsoleAction,
): Promise<OfficerCall | Response> {
  const seen: { officer: Officer | undefined } = { officer: undefined };
  const answer = await checkOfficer(context, action, seen);
  if (answer instanceof Response && answer.status === 403 && seen.officer) {
    const { code } = (await answer.clone().json()) as { code?: unknown };
    const { request } = context;
    await audit(
      {
        officer: seen.officer,
        ip: callerAddress(request.headers, context.clientAddress),
        now: new Date(portalNow()),
      },
      {
        action: "console.refused",
        after: {
          asked: action,
          reason: code,
          request: `${request.method} ${new URL(request.url).pathname}`,
        },
      },
    );
  }
  return answer;
}

/** The session behind a request, without an action (the session call itself): or a 401. */
export async function currentSession(context: ConsoleRequest) {
  const { request } = context;
  const token = readCookie(request, sessionCookieName(request));
  const session = token
    ? await (await consoleServices(context).sessions()).find(token, new Date(portalNow()))
    : undefined;
  return session ?? refusal("console.signed_out", "Sign in to the console");
}
