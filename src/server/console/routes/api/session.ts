import type { ConsoleRoute } from "../../route";
import { permittedActions } from "@portal/domain";
import { currentSession } from "../../guard";

/**
 * Who is signed in to the console: the officer, the actions their roles permit (pages show only
 * those; the server checks each call again) and the session's CSRF token for changing calls.
 */
export const GET: ConsoleRoute = async (context) => {
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
