import { timingSafeEqual } from "node:crypto";
import { mayDo, type ConsoleAction } from "@portal/domain";
import type { Officer } from "@portal/adapters/console";
import type { PortalConfig } from "../config";
import { callerAddress } from "../rate-limits/memory";
import { forwardedScheme } from "../forwarded";
import type { Services } from "../main";
import { fromConsoleOrigin } from "./origin";
import { portalServices } from "./services";
import { audit } from "./audit";
import type { ConsoleContext } from "./route";
import { refusalAnswer, wireCode } from "../api/errors";

/** What the guard needs of a console route's context. */
export type ConsoleRequest = Pick<ConsoleContext, "request" | "clientAddress" | "locals">;

/** An officer allowed to do the action asked (or one of those), with what the audit log needs of the call. */
export interface OfficerCall {
  readonly officer: Officer;
  /** The caller's address (PORTAL_TRUST_PROXY rule), for the audit log. */
  readonly ip: string;
  readonly now: Date;
  /** The portal's services (the console router's), which the call's route uses. */
  readonly services: Services;
}

/** What the console's cookies need of the configuration. */
type CookieSettings = Pick<PortalConfig, "cookieSecure" | "trustProxy">;

/** Whether this request came over https (directly, or through a trusted proxy). */
export const isHttps = (request: Request, settings: CookieSettings): boolean =>
  new URL(request.url).protocol === "https:" ||
  settings.cookieSecure ||
  forwardedScheme(request.headers, settings.trustProxy) === "https";

/** The session cookie's name: `__Host-` over https (Secure, Path=/, no Domain: this origin only). */
export const sessionCookieName = (request: Request, settings: CookieSettings): string =>
  isHttps(request, settings) ? "__Host-console_session" : "console_session";

/**
 * The sign-in cookie (login CSRF): ties a sign-in in progress to the browser that started it. Lax,
 * since the directory's redirect back is a cross-site navigation; `__Host-` and Secure over https.
 */
export const loginCookieName = (request: Request, settings: CookieSettings): string =>
  isHttps(request, settings) ? "__Host-console_login" : "console_login";

/** Set (`value`, for `maxAgeSeconds`) or clear (no value) the sign-in cookie. */
export const loginCookie = (
  request: Request,
  settings: CookieSettings,
  value?: string,
  maxAgeSeconds = 0,
): string =>
  [
    `${loginCookieName(request, settings)}=${value ?? ""}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${value ? maxAgeSeconds : 0}`,
    ...(isHttps(request, settings) ? ["Secure"] : []),
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
  actions: ReadonlyArray<ConsoleAction>,
  seen: { officer: Officer | undefined },
): Promise<OfficerCall | Response> {
  const { request } = context;
  const services = portalServices(context);
  const { config } = services;
  const now = new Date(services.clock.nowMs());
  const token = readCookie(request, sessionCookieName(request, config));
  const sessions = await services.console.sessions();
  const session = token ? await sessions.find(token, now) : undefined;
  seen.officer = session?.officer;
  if (!session) {
    return refusal("console.signed_out", "Sign in to the console (or again after 15 idle minutes)");
  }
  if (!SAFE.has(request.method)) {
    const csrf = request.headers.get("x-console-csrf") ?? "";
    if (!fromConsoleOrigin(request, config) || !sameText(csrf, session.csrfToken)) {
      return refusal("console.csrf", "This request did not come from the console");
    }
  }
  if (!actions.some((action) => mayDo(session.officer.roles, action))) {
    return refusal("console.forbidden", "Your role does not allow this");
  }
  return {
    officer: session.officer,
    ip: callerAddress(request.headers, context.clientAddress, config.trustProxy),
    now,
    services,
  };
}

/**
 * `checkOfficer` (allowed when the roles permit the action, or any one of the actions given), and a signed-in officer's refusal (403: the CSRF check or the role) is written to the
 * audit log as `console.refused` with the action asked and the reason: theirs to answer for, as their
 * changes are. (A 401 has no officer: nothing is written.)
 */
export async function requireOfficer(
  context: ConsoleRequest,
  action: ConsoleAction | ReadonlyArray<ConsoleAction>,
): Promise<OfficerCall | Response> {
  const seen: { officer: Officer | undefined } = { officer: undefined };
  const actions: ReadonlyArray<ConsoleAction> = typeof action === "string" ? [action] : action;
  const answer = await checkOfficer(context, actions, seen);
  if (answer instanceof Response && answer.status === 403 && seen.officer) {
    const { code } = (await answer.clone().json()) as { code?: unknown };
    const { request } = context;
    const services = portalServices(context);
    await audit(
      {
        officer: seen.officer,
        ip: callerAddress(request.headers, context.clientAddress, services.config.trustProxy),
        now: new Date(services.clock.nowMs()),
        services,
      },
      {
        action: "console.refused",
        after: {
          asked: actions.join(" | "),
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
  const services = portalServices(context);
  const token = readCookie(request, sessionCookieName(request, services.config));
  const session = token
    ? await (await services.console.sessions()).find(token, new Date(services.clock.nowMs()))
    : undefined;
  return session ?? refusal("console.signed_out", "Sign in to the console");
}
