import type { ConsoleAction, ConsoleRole } from "@portal/domain";

/** The signed-in officer as `/console/api/session` gives it. */
export interface ConsoleSessionInfo {
  readonly officer: { readonly id: string; readonly name: string; readonly roles: ConsoleRole[] };
  readonly actions: ConsoleAction[];
  readonly csrfToken: string;
}

let session: Promise<ConsoleSessionInfo | undefined> | undefined;

/** The session, asked once per page for every island (undefined: signed out or idle too long). */
export const loadSession = (): Promise<ConsoleSessionInfo | undefined> => {
  session ??= fetch("/console/api/session", { credentials: "same-origin" }).then(
    async (response) =>
      response.ok ? ((await response.json()) as { data: ConsoleSessionInfo }).data : undefined,
  );
  return session;
};

export interface ConsoleReply<T> {
  readonly status: number;
  readonly ok: boolean;
  readonly code?: string;
  readonly data?: T;
}

/**
 * A console call: JSON both ways, the session's CSRF token on every changing call. A 401 means the
 * session ended (idle 15 minutes): the page says so and offers to sign in again.
 */
export async function consoleCall<T>(
  path: string,
  options: { method?: "GET" | "POST"; body?: unknown } = {},
): Promise<ConsoleReply<T>> {
  const method = options.method ?? "GET";
  const csrf = method === "GET" ? undefined : (await loadSession())?.csrfToken;
  const response = await fetch(path, {
    method,
    credentials: "same-origin",
    headers: {
      accept: "application/json",
      ...(method === "GET" ? {} : { "content-type": "application/json" }),
      ...(csrf ? { "x-console-csrf": csrf } : {}),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const body = (await response.json().catch(() => ({}))) as { code?: string; data?: T };
  if (response.status === 401) window.dispatchEvent(new Event("console:signed-out"));
  return {
    status: response.status,
    ok: response.ok,
    ...(body.code === undefined ? {} : { code: body.code }),
    ...(body.data === undefined ? {} : { data: body.data }),
  };
}

/** `{{name}}` placeholders filled from `values`. */
export const fill = (text: string, values: Record<string, string | number>): string =>
  text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );

/** A time as Singapore time, in the page's language. */
export const sgTime = (iso: string | Date, lang: string): string =>
  new Date(iso).toLocaleString(lang === "ms" ? "ms-SG" : "en-SG", {
    timeZone: "Asia/Singapore",
    dateStyle: "medium",
    timeStyle: "short",
  });
