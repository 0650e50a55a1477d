import { forOfficer, type ConsoleRoute } from "../route";
import { audit } from "../audit";
import { isHttps, readCookie, sessionCookieName } from "../guard";

/** End the officer's console session (CSRF-checked like every changing call). */
export const POST: ConsoleRoute = forOfficer("console.view", async (context, call) => {
  const { request } = context;
  const { config } = call.services;
  const name = sessionCookieName(request, config);
  await (await call.services.console.sessions()).end(readCookie(request, name) ?? "", call.now);
  await audit(call, { action: "console.sign_out", entity: "officer", entityId: call.officer.id });
  return Response.json(
    { status: 1, message: "Signed out" },
    {
      headers: {
        "cache-control": "no-store",
        "set-cookie": `${name}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0${isHttps(request, config) ? "; Secure" : ""}`,
      },
    },
  );
});
