import type { APIRoute } from "astro";
import { consoleServices } from "../../../../server/console/services";
import { requireOfficer, refusal } from "../../../../server/console/guard";
import { ok } from "../../../../server/console/respond";
import { filterParams } from "../../../../server/finance-params";

export const prerender = false;

/** `GET ?from=YYYY-MM-DD&to=YYYY-MM-DD[&fund=]`: the dashboard's figures, Singapore days. */
export const GET: APIRoute = async (context) => {
  const call = await requireOfficer(context, "finance.view");
  if (call instanceof Response) return call;
  const finance = await consoleServices(context).finance();
  const filter = filterParams(context.url.searchParams, finance.funds);
  if (!filter) return refusal("finance.bad_range", "Give a range of real days, oldest first");
  const figures = await finance.dashboard(filter);
  return ok(figures);
};
