import { urlProblem } from "../input";
import type { Services } from "../main";
import { refusal, requireOfficer } from "./guard";
import type { ConsoleContext, ConsoleRoute } from "./route";
import * as audit from "./routes/api/audit";
import * as calendar from "./routes/api/calendar/index";
import * as calendarDraft from "./routes/api/calendar/item";
import * as asnaf from "./routes/api/asnaf/index";
import * as asnafDraft from "./routes/api/asnaf/item";
import * as content from "./routes/api/content";
import * as counter from "./routes/api/counter/index";
import * as counterEntries from "./routes/api/counter/entries";
import * as counterShift from "./routes/api/counter/shift";
import * as counterShiftItem from "./routes/api/counter/shift-item";
import * as counterShifts from "./routes/api/counter/shifts";
import * as counterDevice from "./routes/api/devices/item";
import * as counterDevices from "./routes/api/devices/index";
import * as donation from "./routes/api/donations/item";
import * as donationSearch from "./routes/api/donations/search";
import * as financeDashboard from "./routes/api/finance/dashboard";
import * as financeDay from "./routes/api/finance/day";
import * as financeExport from "./routes/api/finance/export";
import * as financeIras from "./routes/api/finance/iras";
import * as financeSignOff from "./routes/api/finance/sign-off";
import * as plans from "./routes/api/plans/index";
import * as plan from "./routes/api/plans/item";
import * as rates from "./routes/api/rates/index";
import * as rate from "./routes/api/rates/item";
import * as reversals from "./routes/api/reversals/index";
import * as reversal from "./routes/api/reversals/item";
import * as session from "./routes/api/session";
import * as wall from "./routes/api/wall/item";
import * as callback from "./routes/callback";
import * as signIn from "./routes/sign-in";
import * as signOut from "./routes/sign-out";

type Methods = Partial<Record<"GET" | "POST", ConsoleRoute>>;

/** Every console route: its path (`:name` is a parameter of one segment) and its methods. */
const ROUTES: ReadonlyArray<readonly [string, Methods]> = [
  ["/console/sign-in", signIn],
  ["/console/callback", callback],
  ["/console/sign-out", signOut],
  ["/console/api/session", session],
  ["/console/api/audit", audit],
  ["/console/api/calendar", calendar],
  ["/console/api/calendar/:id", calendarDraft],
  ["/console/api/asnaf", asnaf],
  ["/console/api/asnaf/:id", asnafDraft],
  ["/console/api/content", content],
  ["/console/api/counter", counter],
  ["/console/api/counter/devices", counterDevices],
  ["/console/api/counter/devices/:id", counterDevice],
  ["/console/api/counter/entries", counterEntries],
  ["/console/api/counter/shift", counterShift],
  ["/console/api/counter/shifts", counterShifts],
  ["/console/api/counter/shifts/:id", counterShiftItem],
  ["/console/api/donations/search", donationSearch],
  ["/console/api/donations/:transactionNo", donation],
  ["/console/api/finance/dashboard", financeDashboard],
  ["/console/api/finance/day", financeDay],
  ["/console/api/finance/export", financeExport],
  ["/console/api/finance/iras", financeIras],
  ["/console/api/finance/sign-off", financeSignOff],
  ["/console/api/plans", plans],
  ["/console/api/plans/:id", plan],
  ["/console/api/rates", rates],
  ["/console/api/rates/:id", rate],
  ["/console/api/reversals", reversals],
  ["/console/api/reversals/:id", reversal],
  ["/console/api/wall/:transactionNo", wall],
];

const compiled = ROUTES.map(([path, methods]) => {
  const names: Array<string> = [];
  const pattern = path.replace(/:(\w+)/g, (_, name: string) => {
    names.push(name);
    return "([^/]+)";
  });
  return { pattern: new RegExp(`^${pattern}/?$`), names, methods };
});

/** Whether a path is the console's to answer (its API and its sign-in, callback and sign-out). */
export const isConsolePath = (pathname: string): boolean =>
  pathname.startsWith("/console/api/") ||
  ["/console/sign-in", "/console/callback", "/console/sign-out"].includes(
    pathname.replace(/\/$/, ""),
  );

/**
 * The console's router, in the services bundle beside the /svc router, over the same services: finds
 * the route and its parameters, refuses a broken address (the edge's text rule, src/server/input.ts),
 * an unknown path (404) or method (405) with the console's JSON refusal, resolves the officer for the
 * action an officer's route declares (401/403 otherwise), and runs the route.
 */
export function consoleRouter(services: Services) {
  return async (
    request: Request,
    clientAddress: string | undefined,
    writable?: () => Promise<void> | undefined,
  ): Promise<Response> => {
    const url = new URL(request.url);
    const problem = urlProblem(url);
    if (problem) return refusal("request.invalid", problem);
    for (const { pattern, names, methods } of compiled) {
      const match = pattern.exec(url.pathname);
      if (!match) continue;
      const params: Record<string, string> = {};
      try {
        names.forEach((name, at) => (params[name] = decodeURIComponent(match[at + 1] ?? "")));
      } catch {
        return refusal("request.invalid", "The address is not well formed");
      }
      const method = request.method === "HEAD" ? "GET" : request.method;
      const route = methods[method as keyof Methods];
      if (!route) {
        const allow = Object.keys(methods).join(", ");
        const answer = refusal("console.method", "Method not allowed");
        answer.headers.set("allow", allow);
        return answer;
      }
      const context: ConsoleContext = {
        request,
        url,
        params,
        clientAddress,
        locals: { services, writable },
      };
      if (typeof route === "function") return route(context);
      // The officer, resolved here for the action the route declares, never by the route itself.
      const action = typeof route.action === "function" ? route.action(context) : route.action;
      if (action instanceof Response) return action;
      const call = await requireOfficer(context, action);
      if (call instanceof Response) return call;
      return route.handle(context, call);
    }
    return refusal("console.not_found", "No such call");
  };
}
