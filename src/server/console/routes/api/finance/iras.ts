import { forOfficer, type ConsoleRoute } from "../../../route";
import { audit } from "../../../audit";
import { refusal } from "../../../guard";
import { consoleBody, ok } from "../../../respond";
import { YearBody } from "../../../bodies";
import { download } from "../../../../finance";
import { yearParam } from "../../../../finance-params";

/** `GET ?year=`: the year's gifts that cannot be filed (anonymous, no identification). */
export const GET: ConsoleRoute = forOfficer("iras.records", async (context, call) => {
  const year = yearParam(context.url.searchParams.get("year"));
  if (!year) return refusal("finance.bad_year", "Give a year");
  return ok({ year, unfiled: await (await call.services.finance()).iras.unfiled(year) });
});

/**
 * `POST { year }`: the year's IRAS donation records as CSV, made while it is sent and kept nowhere.
 * A POST with the session's CSRF token (no address to guess or share); finance role only; audited
 * before the first byte.
 */
export const POST: ConsoleRoute = forOfficer("iras.records", async (context, call) => {
  const body = await consoleBody(context.request, YearBody, "finance.bad_year");
  if (body instanceof Response) return body;
  const year = yearParam(body.year);
  if (!year) return refusal("finance.bad_year", "Give a year");
  await audit(call, { action: "iras.records", entity: "iras_year", entityId: String(year) });
  return download(
    (await call.services.finance()).iras.file(year),
    "text/csv; charset=utf-8",
    `iras-donations-${year}.csv`,
    context.locals.writable,
  );
});
