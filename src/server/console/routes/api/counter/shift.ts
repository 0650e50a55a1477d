import { myShift, openShift } from "../../../../app/console/shifts";
import { ShiftOpenBody } from "../../../bodies";
import { forOfficer, type ConsoleRoute } from "../../../route";
import { consoleBody, ok, perform } from "../../../respond";

/** The officer's own open shift with its receipts, or null (the counter page starts from it). */
export const GET: ConsoleRoute = forOfficer("counter.record", (_context, call) =>
  perform(call, myShift()),
);

/** `{ mosqueName, floatCents }`: the amil opens a shift (one open at a time); 201 with it. */
export const POST: ConsoleRoute = forOfficer("counter.shift.open", async (context, call) => {
  const body = await consoleBody(context.request, ShiftOpenBody, "shift.invalid");
  if (body instanceof Response) return body;
  return perform(call, openShift(body), (shift) => ok(shift, 201));
});
