import type { ConsoleRoute } from "../../../route";
import { consoleServices } from "../../../services";
import { requireOfficer, refusal } from "../../../guard";
import { ok } from "../../../respond";
import { filterParams } from "../../../../finance-params";

/** `GET ?from=YYYY-MM-DD&to=YYYY-MM-DD[&fund=]`: the dashboard's figures, Singapore days. */
export const GET: ConsoleRoute = async (context) => {
  const call = await requireOfficer(context, "finance.view");
  if (call instanceof Response) return call;
  const finance = await consoleServices(context).finance();
  const filter = filterParams(context.url.searchParams, finance.funds);
  if (!filter) return refusal("finance.bad_range", "Give a range of real days, oldest first");
  const figures = await finance.dashboard(filter);
  return ok(figures);
};
