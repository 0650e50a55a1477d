import type { APIRoute } from "astro";
import { consoleServices } from "../../../../server/console/services";
import { audit } from "../../../../server/console/audit";
import { requireOfficer, refusal } from "../../../../server/console/guard";
import { consoleBody, ok } from "../../../../server/console/respond";
import { YearBody } from "../../../../server/console/bodies";
import { download } from "../../../../server/finance";
import { yearParam } from "../../../../server/finance-params";

export const prerender = false;

/** `GET ?year=`: the year's gifts that cannot be filed (anonymous, no identification). */
export const GET: APIRoute = async (context) => {
  const call = await requireOfficer(context, "iras.records");
  if (call instanceof Response) return call;
  const year = yearParam(context.url.searchParams.get("year"));
  if (!year) return refusal("finance.bad_year", "Give a year");
  return ok({ year, unfiled: await (await consoleServices(context).finance()).iras.unfiled(year) });
};

/**
 * `POST { year }`: the year's IRAS donation records as CSV, made while it is sent and kept nowhere.
 * A POST with the session's CSRF token (no address to guess or share); finance role only; audited
 * before the first byte.
 */
export const POST: APIRoute = async (context) => {
  const call = await requireOfficer(context, "iras.records");
  if (call instanceof Response) return call;
  const body = await consoleBody(context.request, YearBody, "finance.bad_year");
  if (body instanceof Response) return body;
  const year = yearParam(body.year);
  if (!year) return refusal("finance.bad_year", "Give a year");
  await audit(call, { action: "iras.records", entity: "iras_year", entityId: String(year) });
  return download(
    (await consoleServices(context).finance()).iras.file(year),
    "text/csv; charset=utf-8",
    `iras-donations-${year}.csv`,
    context.locals.writable,
  );
};
