import { closeShift, signOffShift, viewShift } from "../../../../app/console/shifts";
import { isUuid } from "../../../../input";
import { ShiftCloseBody } from "../../../bodies";
import { refusal } from "../../../guard";
import { forOfficer, type ConsoleContext, type ConsoleRoute } from "../../../route";
import { consoleBody, perform } from "../../../respond";

const idOf = (context: ConsoleContext) => String(context.params["id"] ?? "");
const verbOf = (context: ConsoleContext) => context.url.searchParams.get("do");

/** One shift: its float, what it took, its receipts, its close and sign-off. */
export const GET: ConsoleRoute = forOfficer("counter.shifts.view", (context, call) =>
  isUuid(idOf(context))
    ? perform(call, viewShift(idOf(context)))
    : Promise.resolve(refusal("shift.notFound", "No such shift.")),
);

/**
 * `?do=close` `{ cash: { "10000": pieces, ... }, chequeCount, chequeCents, netsCents, reason? }`: the
 * amil closes their shift with the count; `?do=approve` `{}`: another officer signs it off.
 */
export const POST: ConsoleRoute = forOfficer(
  (context) => {
    const what = verbOf(context);
    if (what === "close") return "counter.shift.close";
    if (what === "approve") return "counter.shift.approve";
    return refusal("console.not_found", "No such action");
  },
  async (context, call) => {
    const id = idOf(context);
    if (!isUuid(id)) return refusal("shift.notFound", "No such shift.");
    if (verbOf(context) === "approve") return perform(call, signOffShift(id));
    const body = await consoleBody(context.request, ShiftCloseBody, "shift.invalid");
    if (body instanceof Response) return body;
    return perform(call, closeShift(id, body));
  },
);
