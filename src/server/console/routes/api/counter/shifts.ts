import { SHIFT_GROUPINGS, type ShiftGrouping } from "@portal/domain";
import { shiftReport, shiftReportCsv } from "../../../../app/console/shifts";
import { dayParam } from "../../../../finance-params";
import { refusal } from "../../../guard";
import { forOfficer, type ConsoleRoute } from "../../../route";
import { perform } from "../../../respond";

/**
 * `GET ?from&to[&mosque][&amil][&by=mosque|night|amil][&format=csv]`: the shifts opened on those
 * nights (Singapore days, both inclusive, at most a year), a mosque's or an amil's if named, with
 * their totals per mosque, night or amil; as CSV (one row per shift, the download audited).
 */
export const GET: ConsoleRoute = forOfficer("counter.shifts.view", (context, call) => {
  const q = context.url.searchParams;
  const from = dayParam(q.get("from"));
  const to = dayParam(q.get("to"));
  if (!from || !to || from > to || Date.parse(to) - Date.parse(from) > 366 * 86_400_000)
    return Promise.resolve(
      refusal(
        "shift.bad_range",
        "Give a range of real nights (YYYY-MM-DD), oldest first, at most a year",
      ),
    );
  const text = (name: string) => q.get(name)?.trim().slice(0, 120) || undefined;
  const filter = { from, to, mosqueName: text("mosque"), amilId: text("amil") };
  const by = (SHIFT_GROUPINGS as ReadonlyArray<string>).includes(q.get("by") ?? "")
    ? (q.get("by") as ShiftGrouping)
    : "mosque";
  if (q.get("format") === "csv")
    return perform(
      call,
      shiftReportCsv(filter),
      (csv) =>
        new Response(csv, {
          headers: {
            "content-type": "text/csv; charset=utf-8",
            "content-disposition": `attachment; filename="counter-shifts-${from}-${to}.csv"`,
            "cache-control": "no-store",
          },
        }),
    );
  return perform(call, shiftReport(filter, by));
});
