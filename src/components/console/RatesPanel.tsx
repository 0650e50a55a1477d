import { useCallback, useEffect, useState, type FormEvent } from "react";
import { DRAFTABLE_RATES, PERSON_RATES, type DraftableRate, type RateConfig } from "@portal/domain";
import { consoleCall, fill, sgTime, type ConsoleSessionInfo } from "./api";
import ConsoleGate from "./ConsoleGate";
import { NoticeLine, useDecisions } from "./decisions";
import TableRegion from "./TableRegion";

type Labels = Readonly<Record<string, string>>;

interface Draft {
  id: number;
  status: "pending" | "approved" | "published" | "withdrawn";
  changes: Partial<Record<DraftableRate, number>>;
  effectiveAt: string;
  draftedBy: { id: string; name: string; at: string };
  approvedBy: { id: string; name: string; at: string } | null;
  publishedAt: string | null;
  publishedVersion: number | null;
  diff: Array<{ field: DraftableRate; inForce: number; drafted: number }>;
}
interface RatesData {
  inForce: RateConfig;
  version: number;
  drafts: Draft[];
}

/** A rate as typed: dollars for money (the gold rate to four places), whole persons. */
const asText = (field: DraftableRate, value: number): string =>
  PERSON_RATES.has(field)
    ? String(value)
    : field === "goldRate"
      ? String(Math.round(value * 100) / 10_000)
      : (value / 100).toFixed(2);
const fromText = (field: DraftableRate, text: string): number =>
  PERSON_RATES.has(field) ? Number(text) : Math.round(Number(text) * 100 * 100) / 100;
const shown = (field: DraftableRate, value: number, lang: string): string =>
  PERSON_RATES.has(field)
    ? String(value)
    : new Intl.NumberFormat(lang === "ms" ? "ms-SG" : "en-SG", {
        style: "currency",
        currency: "SGD",
        maximumFractionDigits: field === "goldRate" ? 4 : 2,
      }).format(value / 100);

const PROBLEMS: Record<string, string> = {
  "rates.own_draft": "console_rates_own_draft",
  "rates.unchanged": "console_rates_unchanged",
  "rates.invalid": "console_rates_invalid",
  "rates.out_of_range": "consolefix_rates_out_of_range",
  "rates.fitrah_range": "console_rates_fitrah_range",
  "rates.effective_past": "console_rates_effective_past",
  "rates.not_pending": "console_rates_not_pending",
  "console.forbidden": "console_forbidden",
};

interface Props {
  readonly lang: "en" | "ms";
  readonly labels: Labels;
}

function Rates({ lang, labels, session }: Props & { session: ConsoleSessionInfo }) {
  const [data, setData] = useState<RatesData | undefined>();
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [effective, setEffective] = useState("");
  const l = (key: string) => labels[key] ?? key;
  const { notice, busy, send } = useDecisions(l, PROBLEMS);

  const load = useCallback(async () => {
    const reply = await consoleCall<RatesData>("/console/api/rates");
    if (!reply.data) return;
    setData(reply.data);
    setTexts(
      Object.fromEntries(DRAFTABLE_RATES.map((f) => [f, asText(f, reply.data!.inForce[f])])),
    );
  }, []);
  useEffect(() => void load(), [load]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!data) return;
    const changes: Partial<Record<DraftableRate, number>> = {};
    for (const field of DRAFTABLE_RATES) {
      const text = (texts[field] ?? "").trim();
      if (text !== asText(field, data.inForce[field])) changes[field] = fromText(field, text);
    }
    const reply = await send<Draft>(
      "/console/api/rates",
      // Empty: the server's now (this browser's clock may be behind it).
      effective === ""
        ? { changes }
        : { changes, effectiveAt: new Date(`${effective}:00+08:00`).toISOString() },
      "console_rates_saved",
    );
    if (reply.ok) await load();
  };

  const act = async (draft: Draft, verb: "approve" | "withdraw") => {
    await send(
      `/console/api/rates/${draft.id}?do=${verb}`,
      {},
      verb === "approve" ? "console_rates_approved" : "console_rates_withdrawn",
    );
    await load();
  };

  if (!data) return <p>{l("console_loading")}</p>;
  const may = (action: string) => session.actions.includes(action as never);
  return (
    <>
      <NoticeLine notice={notice} />
      <section className="console-card" aria-labelledby="rates-in-force">
        <h2 id="rates-in-force">{fill(l("console_rates_in_force"), { version: data.version })}</h2>
        <dl className="console-fields">
          {DRAFTABLE_RATES.map((field) => (
            <div key={field} className="console-field">
              <dt>{l(`console_rate_${field}`)}</dt>
              <dd data-rate={field}>{shown(field, data.inForce[field], lang)}</dd>
            </div>
          ))}
        </dl>
      </section>
      {may("rates.draft") ? (
        <section className="console-card" aria-labelledby="rates-new">
          <h2 id="rates-new">{l("console_rates_new")}</h2>
          <p>{l("console_rates_new_intro")}</p>
          <form onSubmit={(event) => void submit(event)}>
            <div className="console-fields">
              {DRAFTABLE_RATES.map((field) => (
                <div key={field} className="console-field">
                  <label htmlFor={`rate-${field}`}>{l(`console_rate_${field}`)}</label>
                  <input
                    id={`rate-${field}`}
                    name={field}
                    inputMode="decimal"
                    required
                    pattern={PERSON_RATES.has(field) ? "\\d+" : "\\d+(\\.\\d{1,4})?"}
                    value={texts[field] ?? ""}
                    onChange={(event) => setTexts({ ...texts, [field]: event.target.value })}
                  />
                </div>
              ))}
              <div className="console-field">
                <label htmlFor="rate-effective">{l("console_rates_effective")}</label>
                <input
                  id="rate-effective"
                  type="datetime-local"
                  aria-describedby="rate-effective-hint"
                  value={effective}
                  onChange={(event) => setEffective(event.target.value)}
                />
                <small id="rate-effective-hint">{l("console_rates_effective_hint")}</small>
              </div>
            </div>
            <div className="console-actions">
              <button className="console-button" type="submit" disabled={busy}>
                {l("console_rates_submit")}
              </button>
            </div>
          </form>
        </section>
      ) : null}
      <section aria-labelledby="rates-history">
        <h2 id="rates-history">{l("console_rates_history")}</h2>
        {data.drafts.length === 0 ? <p>{l("console_rates_none")}</p> : null}
        {data.drafts.map((draft) => (
          <DraftCard
            key={draft.id}
            draft={draft}
            lang={lang}
            l={l}
            busy={busy}
            mayApprove={may("rates.approve") && draft.draftedBy.id !== session.officer.id}
            mayWithdraw={may("rates.draft")}
            act={(verb) => void act(draft, verb)}
          />
        ))}
      </section>
    </>
  );
}

function DraftCard(props: {
  draft: Draft;
  lang: string;
  l: (key: string) => string;
  busy: boolean;
  mayApprove: boolean;
  mayWithdraw: boolean;
  act: (verb: "approve" | "withdraw") => void;
}) {
  const { draft, lang, l } = props;
  const open = draft.status === "pending" || draft.status === "approved";
  const rows = open
    ? draft.diff
    : Object.entries(draft.changes).map(([field, drafted]) => ({
        field: field as DraftableRate,
        inForce: undefined,
        drafted: drafted,
      }));
  return (
    <article className="console-card" data-draft={draft.id} data-status={draft.status}>
      <h3>
        {fill(l("console_rates_draft_title"), {
          id: draft.id,
          status: l(`console_rates_status_${draft.status}`),
        })}
      </h3>
      <p className="console-meta">
        {fill(l("console_rates_effective_at"), { at: sgTime(draft.effectiveAt, lang) })}
      </p>
      <p className="console-meta">
        {fill(l("console_rates_drafted_by"), {
          name: draft.draftedBy.name,
          at: sgTime(draft.draftedBy.at, lang),
        })}
      </p>
      {draft.approvedBy ? (
        <p className="console-meta">
          {fill(l("console_rates_approved_by"), {
            name: draft.approvedBy.name,
            at: sgTime(draft.approvedBy.at, lang),
          })}
        </p>
      ) : null}
      {draft.publishedAt ? (
        <p className="console-meta">
          {fill(l("console_rates_published_at"), {
            at: sgTime(draft.publishedAt, lang),
            version: draft.publishedVersion ?? "",
          })}
        </p>
      ) : null}
      {rows.length === 0 ? (
        <p>{l("console_rates_no_diff")}</p>
      ) : (
        <TableRegion
          label={fill(l("console_rates_draft_title"), {
            id: draft.id,
            status: l(`console_rates_status_${draft.status}`),
          })}
        >
          <table className="console-table">
            <thead>
              <tr>
                <th scope="col">{l("console_rates_col_rate")}</th>
                {open ? <th scope="col">{l("console_rates_col_in_force")}</th> : null}
                <th scope="col">{l("console_rates_col_drafted")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.field}>
                  <th scope="row">{l(`console_rate_${row.field}`)}</th>
                  {open && row.inForce !== undefined ? (
                    <td>{shown(row.field, row.inForce, lang)}</td>
                  ) : null}
                  <td>{shown(row.field, row.drafted, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
      {open ? (
        <div className="console-actions">
          {draft.status === "pending" && props.mayApprove ? (
            <button
              className="console-button"
              type="button"
              disabled={props.busy}
              onClick={() => props.act("approve")}
            >
              {fill(l("console_rates_approve"), { id: draft.id })}
            </button>
          ) : null}
          {props.mayWithdraw ? (
            <button
              className="console-button console-button--quiet"
              type="button"
              disabled={props.busy}
              onClick={() => props.act("withdraw")}
            >
              {fill(l("console_rates_withdraw"), { id: draft.id })}
            </button>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}

/** The rates section: the rates in force, a draft form, drafts with their diff, approval, history. */
export default function RatesPanel(props: Props) {
  return (
    <ConsoleGate
      action="rates.view"
      labels={{
        loading: props.labels["console_loading"] ?? "",
        forbidden: props.labels["console_forbidden"] ?? "",
      }}
    >
      {(session) => <Rates {...props} session={session} />}
    </ConsoleGate>
  );
}
