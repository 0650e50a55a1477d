import { readFileSync } from "node:fs";
import path from "node:path";
import { CookieJar } from "./cookies";

/** A console role's seeded officer in a portal's embedded staff directory. */
export const officerOf = (dataDir: string, username: string) => {
  const file = path.join(dataDir, "staff-directory", "directory.json");
  const state = JSON.parse(readFileSync(file, "utf8")) as {
    officers: Array<{ id: string; username: string; password: string; name: string }>;
  };
  const officer = state.officers.find((one) => one.username === username);
  if (!officer) throw new Error(`no officer ${username}`);
  return officer;
};

/** A signed-in officer: the console cookie, the CSRF token and a way to call the console. */
export interface ConsoleOfficer {
  readonly cookie: string;
  readonly csrf: string;
  readonly setCookie: string;
  call(
    url: string,
    init?: { method?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; body: Record<string, unknown> }>;
}

/**
 * Sign in at `/console` as the seeded officer `username` the way a browser does: the portal's
 * sign-in, the directory's login form, the callback; returns the console session.
 */
export async function signInOfficer(
  base: string,
  dataDir: string,
  username: string,
  password = officerOf(dataDir, username).password,
): Promise<ConsoleOfficer> {
  const { portalJar, callback, hop } = await toCallback(base, dataDir, username, password);
  const response = await hop(callback);
  const setCookie = response.headers.getSetCookie().join("\n");
  const landing = response.headers.get("location") ?? "";
  return consoleOf(base, portalJar.header(), setCookie, landing);
}

/**
 * A sign-in up to the directory's answer, not yet delivered: the callback URL (its code and state)
 * and the cookies the portal set in this browser on the way.
 */
export async function toCallback(
  base: string,
  dataDir: string,
  username: string,
  password = officerOf(dataDir, username).password,
) {
  const portalJar = new CookieJar();
  const directoryJar = new CookieJar();
  const hop = (url: string, init: RequestInit = {}) =>
    (url.startsWith(base) ? portalJar : directoryJar).hop(url, init);
  let response = await hop(`${base}/console/sign-in?return=/console/rates`);
  let url = response.headers.get("location") ?? "";
  const directory = new URL(url).origin;
  // Follow the directory's redirects to its login page.
  for (let step = 0; step < 5 && !url.includes("/interaction/"); step++) {
    response = await hop(url);
    url = new URL(response.headers.get("location") ?? "", directory).toString();
  }
  await hop(url);
  response = await hop(`${url}/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username, password }).toString(),
  });
  if (response.status === 401) throw new Error(`wrong password for ${username}`);
  for (let step = 0; step < 6; step++) {
    const location = response.headers.get("location");
    if (!location) throw new Error(`sign-in stopped: ${response.status} ${await response.text()}`);
    const next = new URL(location, url).toString();
    url = next;
    if (next.startsWith(`${base}/console/callback`)) break;
    response = await hop(next);
  }
  return { portalJar, callback: url, hop };
}

/** The console as a browser holding `cookie` sees it (throws if it holds no console session). */
export async function consoleOf(
  base: string,
  cookie: string,
  setCookie = "",
  landing = "",
): Promise<ConsoleOfficer> {
  const session = await fetch(`${base}/console/api/session`, { headers: { cookie } });
  const body = (await session.json()) as { data?: { csrfToken: string } };
  if (!body.data) throw new Error(`no console session (landed on ${landing})`);
  const csrf = body.data.csrfToken;
  return {
    cookie,
    csrf,
    setCookie,
    call: async (path, init = {}) => {
      const method = init.method ?? (init.body === undefined ? "GET" : "POST");
      const reply = await fetch(`${base}${path}`, {
        method,
        headers: {
          cookie,
          ...(method === "GET"
            ? {}
            : { "content-type": "application/json", origin: base, "x-console-csrf": csrf }),
          ...init.headers,
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      });
      return { status: reply.status, body: (await reply.json()) as Record<string, unknown> };
    },
  };
}

/**
 * The officer's counter shift opened at a mosque with a float (issue 32: a counter receipt is
 * recorded within its amil's open shift); an officer who has one open keeps it.
 */
export async function openCounterShift(
  officer: ConsoleOfficer,
  mosqueName = "Masjid Sultan",
  floatCents = 0,
): Promise<void> {
  const opened = await officer.call("/console/api/counter/shift", {
    body: { mosqueName, floatCents },
  });
  if (opened.status !== 201 && opened.body["code"] !== "shift.alreadyOpen")
    throw new Error(`shift not opened: ${opened.status} ${JSON.stringify(opened.body)}`);
}
