import type { APIRoute } from "astro";
import { permittedActions } from "@portal/domain";
import { currentSession } from "../../../server/console/guard";

export const prerender = false;

/**
 * Who is signed in to the console: the officer, the actions their roles permit (pages show only
 * those; the server checks each call again) and the session's CSRF token for changing calls.
 */
export const GET: APIRoute = async (context) => {
  const session = await currentSession(context);
  if (session instanceof Response) return session;
  return Response.json(
    {
      status: 1,
      data: {
        officer: session.officer,
        actions: permittedActions(session.officer.roles),
        csrfToken: session.csrfToken,
      },
    },
    { headers: { "cache-control": "no-store" } },
  );
};
