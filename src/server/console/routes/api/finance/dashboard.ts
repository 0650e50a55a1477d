import { forOfficer, type ConsoleRoute } from "../../../route";
import { refusal } from "../../../guard";
import { ok } from "../../../respond";
import { filterParams } from "../../../../finance-params";

/** `GET ?from=YYYY-MM-DD&to=YYYY-MM-DD[&fund=]`: the dashboard's figures, Singapore days. */
export const GET: ConsoleRoute = forOfficer("finance.view", async (context, call) => {
  const finance = await call.services.finance();
  const filter = filterParams(context.url.searchParams, finance.funds);
  if (!filter) return refusal("finance.bad_range", "Give a range of real days, oldest first");
  const figures = await finance.dashboard(filter);
  return ok(figures);
});
