import { useCallback, useEffect, useState, type FormEvent } from "react";
import { consoleCall, fill, type ConsoleSessionInfo } from "./api";
import ConsoleGate from "./ConsoleGate";
import DraftList, { type ListedDraft } from "./DraftList";
import { NoticeLine, useDecisions } from "./decisions";
import TableRegion from "./TableRegion";

type Labels = Readonly<Record<string, string>>;

interface Month {
  year: number;
  month: number;
  start: string;
}
interface Draft extends Month, ListedDraft {}
interface CalendarData {
  months: Month[];
  drafts: Draft[];
}

const PROBLEMS: Record<string, string> = {
  "calendar.invalid": "console_calendar_invalid",
  "calendar.implausible": "console_calendar_implausible",
  "calendar.month_length": "console_calendar_month_length",
  "calendar.unchanged": "console_calendar_unchanged",
  "calendar.own_draft": "console_calendar_own_draft",
  "calendar.not_pending": "console_calendar_not_pending",
  "calendar.too_many_drafts": "console_calendar_too_many",
  "console.forbidden": "console_forbidden",
};

/** A calendar day (`YYYY-MM-DD`) written in the page's language: `19 Feb 2026`. */
const dayText = (iso: string, lang: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString(lang === "ms" ? "ms-SG" : "en-SG", {
    timeZone: "UTC",
    dateStyle: "medium",
  });

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

interface Props {
  readonly lang: "en" | "ms";
  readonly labels: Labels;
}

function Calendar({ lang, labels, session }: Props & { session: ConsoleSessionInfo }) {
  const [data, setData] = useState<CalendarData | undefined>();
  const [form, setForm] = useState({ year: "1447", month: "10", start: "" });
  const l = (key: string) => labels[key] ?? key;
  const { notice, busy, send } = useDecisions(l, PROBLEMS);
  const monthName = (month: number) => l(`hijri_month_${month}`);

  const load = useCallback(async () => {
    const reply = await consoleCall<CalendarData>("/console/api/calendar");
    if (!reply.data) return;
    setData(reply.data);
    // The form offers the month after the last published one.
    const last = reply.data.months.at(-1);
    if (last) {
      const next = last.year * 12 + last.month;
      setForm({ year: String(Math.floor(next / 12)), month: String((next % 12) + 1), start: "" });
    }
  }, []);
  useEffect(() => void load(), [load]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const reply = await send<Draft>(
      "/console/api/calendar",
      { year: Number(form.year), month: Number(form.month), start: form.start },
      "console_calendar_saved",
    );
    if (reply.ok) await load();
  };

  const act = async (draft: Draft, verb: "approve" | "withdraw") => {
    await send(
      `/console/api/calendar/${draft.id}?do=${verb}`,
      {},
      verb === "approve" ? "console_calendar_approved" : "console_calendar_withdrawn",
    );
    await load();
  };

  if (!data) return <p>{l("console_loading")}</p>;
  const may = (action: string) => session.actions.includes(action as never);
  const lengthOf = (at: number) => {
    const month = data.months[at]!;
    const next = data.months[at + 1];
    const consecutive = next && next.year * 12 + next.month === month.year * 12 + month.month + 1;
    return consecutive
      ? String(daysBetween(month.start, next.start))
      : l("console_calendar_length_open");
  };
  return (
    <section className="console-calendar" aria-labelledby="calendar-heading">
      <h2 id="calendar-heading">{l("console_calendar_heading")}</h2>
      <p>{l("console_calendar_intro")}</p>
      <NoticeLine notice={notice} />
      <section className="console-card" aria-labelledby="calendar-published">
        <h3 id="calendar-published">{l("console_calendar_published")}</h3>
        {data.months.length === 0 ? (
          <p>{l("console_calendar_none")}</p>
        ) : (
          <TableRegion label={l("console_calendar_published")}>
            <table className="console-table" data-calendar="published">
              <thead>
                <tr>
                  <th scope="col">{l("console_calendar_col_month")}</th>
                  <th scope="col">{l("console_calendar_col_start")}</th>
                  <th scope="col">{l("console_calendar_col_length")}</th>
                </tr>
              </thead>
              <tbody>
                {data.months.map((month, at) => (
                  <tr key={`${month.year}-${month.month}`}>
                    <th scope="row">{`${monthName(month.month)} ${month.year}`}</th>
                    <td>{dayText(month.start, lang)}</td>
                    <td>{lengthOf(at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
        )}
      </section>
      {may("calendar.draft") ? (
        <section className="console-card" aria-labelledby="calendar-new">
          <h3 id="calendar-new">{l("console_calendar_new")}</h3>
          <p>{l("console_calendar_new_intro")}</p>
          <form onSubmit={(event) => void submit(event)}>
            <div className="console-fields">
              <div className="console-field">
                <label htmlFor="calendar-year">{l("console_calendar_year")}</label>
                <input
                  id="calendar-year"
                  inputMode="numeric"
                  required
                  pattern="\d{4}"
                  maxLength={4}
                  value={form.year}
                  onChange={(event) => setForm({ ...form, year: event.target.value })}
                />
              </div>
              <div className="console-field">
                <label htmlFor="calendar-month">{l("console_calendar_month")}</label>
                <select
                  id="calendar-month"
                  value={form.month}
                  onChange={(event) => setForm({ ...form, month: event.target.value })}
                >
                  {Array.from({ length: 12 }, (_, at) => at + 1).map((month) => (
                    <option key={month} value={String(month)}>
                      {`${month} · ${monthName(month)}`}
                    </option>
                  ))}
                </select>
              </div>
              <div className="console-field">
                <label htmlFor="calendar-start">{l("console_calendar_start")}</label>
                <input
                  id="calendar-start"
                  type="date"
                  required
                  value={form.start}
                  onChange={(event) => setForm({ ...form, start: event.target.value })}
                />
              </div>
            </div>
            <div className="console-actions">
              <button className="console-button" type="submit" disabled={busy}>
                {l("console_calendar_submit")}
              </button>
            </div>
          </form>
        </section>
      ) : null}
      <DraftList
        kind="calendar"
        drafts={data.drafts}
        lang={lang}
        l={l}
        title={(draft) =>
          fill(l("console_calendar_draft_title"), {
            id: draft.id,
            month: monthName(draft.month),
            year: draft.year,
            start: dayText(draft.start, lang),
            status: l(`console_calendar_status_${draft.status}`),
          })
        }
        mayApprove={may("calendar.approve")}
        mayDraft={may("calendar.draft")}
        officerId={session.officer.id}
        busy={busy}
        act={(draft, verb) => void act(draft, verb)}
      />
    </section>
  );
}

/** The council's Hijri calendar: the published month starts, a draft form, drafts and approval. */
export default function CalendarPanel(props: Props) {
  return (
    <ConsoleGate
      action="calendar.view"
      labels={{
        loading: props.labels["console_loading"] ?? "",
        forbidden: props.labels["console_forbidden"] ?? "",
      }}
    >
      {(session) => <Calendar {...props} session={session} />}
    </ConsoleGate>
  );
}
