import { forOfficer, type ConsoleRoute } from "../../../route";
import { EXPORT_COLUMNS, csvChunks, donationRows, xlsxChunks } from "@portal/adapters/finance";
import { audit } from "../../../audit";
import { refusal } from "../../../guard";
import { download } from "../../../../finance";
import { filterParams } from "../../../../finance-params";

/**
 * `GET ?from&to[&fund&method&status]&format=csv|xlsx`: the filtered donations, streamed. Audited
 * with the filter.
 */
export const GET: ConsoleRoute = forOfficer("finance.export", async (context, call) => {
  const q = context.url.searchParams;
  const { sql, funds } = await call.services.finance();
  const filter = filterParams(q, funds);
  if (!filter) return refusal("finance.bad_range", "Give a range of real days, oldest first");
  const format = q.get("format") === "xlsx" ? "xlsx" : "csv";
  await audit(call, {
    action: "finance.export",
    entity: "donations",
    entityId: format,
    after: filter,
  });
  const name = `donations-${filter.from}-${filter.to}`;
  return format === "csv"
    ? download(
        csvChunks(EXPORT_COLUMNS, donationRows(sql, filter)),
        "text/csv; charset=utf-8",
        `${name}.csv`,
        context.locals.writable,
      )
    : download(
        xlsxChunks(EXPORT_COLUMNS, donationRows(sql, filter)),
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        `${name}.xlsx`,
        context.locals.writable,
      );
});
