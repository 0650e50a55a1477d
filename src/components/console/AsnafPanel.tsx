import { useCallback, useEffect, useState, type FormEvent } from "react";
import { ASNAF, formatMoney, type Cents } from "@portal/domain";
import { consoleCall, fill, type ConsoleSessionInfo } from "./api";
import ConsoleGate from "./ConsoleGate";
import DraftList, { type ListedDraft } from "./DraftList";
import { NoticeLine, useDecisions } from "./decisions";
import TableRegion from "./TableRegion";

type Labels = Readonly<Record<string, string>>;
type AsnafCents = Record<(typeof ASNAF)[number], number>;

interface Published {
  year: number;
  cents: AsnafCents;
  publishedAt: string;
}
interface Draft extends ListedDraft {
  proposed: { year: number; cents: AsnafCents };
}
interface AsnafData {
  published: Published[];
  drafts: Draft[];
}

const PROBLEMS: Record<string, string> = {
  "asnaf.invalid": "console_asnaf_invalid",
  "asnaf.empty": "console_asnaf_empty",
  "asnaf.own_draft": "console_asnaf_own_draft",
  "asnaf.not_pending": "console_asnaf_not_pending",
  "asnaf.too_many_drafts": "console_asnaf_too_many",
  "console.forbidden": "console_forbidden",
};

/** Dollars as typed (`1,250,000.50`) in whole cents, without floating point; undefined if not money. */
const centsOf = (typed: string): number | undefined => {
  const text = typed.replace(/[,\s$]/g, "");
  const match = /^(\d{1,11})(?:\.(\d{1,2}))?$/.exec(text === "" ? "0" : text);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
};

const money = (cents: number) => formatMoney(cents as Cents);

interface Props {
  readonly lang: "en" | "ms";
  readonly labels: Labels;
}

function Asnaf({ lang, labels, session }: Props & { session: ConsoleSessionInfo }) {
  const [data, setData] = useState<AsnafData | undefined>();
  const [year, setYear] = useState(String(new Date().getFullYear()));
  const [amounts, setAmounts] = useState<Record<string, string>>({});
  const [wrong, setWrong] = useState<string | undefined>();
  const l = (key: string) => labels[key] ?? key;
  const { notice, busy, send } = useDecisions(l, PROBLEMS);
  const name = (asnaf: string) => l(`asnaf_${asnaf}`);

  const load = useCallback(async () => {
    const reply = await consoleCall<AsnafData>("/console/api/asnaf");
    if (reply.data) setData(reply.data);
  }, []);
  useEffect(() => void load(), [load]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const cents: Record<string, number> = {};
    for (const asnaf of ASNAF) {
      const value = centsOf(amounts[asnaf] ?? "");
      if (value === undefined) {
        setWrong(asnaf);
        document.getElementById(`asnaf-${asnaf}`)?.focus();
        return;
      }
      cents[asnaf] = value;
    }
    setWrong(undefined);
    const reply = await send(
      "/console/api/asnaf",
      { year: Number(year), cents },
      "console_asnaf_saved",
    );
    if (reply.ok) {
      setAmounts({});
      await load();
    }
  };

  const act = async (draft: Draft, verb: "approve" | "withdraw") => {
    await send(
      `/console/api/asnaf/${draft.id}?do=${verb}`,
      {},
      verb === "approve" ? "console_asnaf_approved" : "console_asnaf_withdrawn",
    );
    await load();
  };

  if (!data) return <p>{l("console_loading")}</p>;
  const may = (action: string) => session.actions.includes(action as never);
  const figures = (cents: AsnafCents, caption: string, testId: string) => (
    <TableRegion label={caption}>
      <table className="console-table" data-asnaf={testId}>
        <thead>
          <tr>
            <th scope="col">{l("console_asnaf_col_asnaf")}</th>
            <th scope="col">{l("console_asnaf_col_amount")}</th>
          </tr>
        </thead>
        <tbody>
          {ASNAF.map((asnaf) => (
            <tr key={asnaf}>
              <th scope="row">{name(asnaf)}</th>
              <td>{money(cents[asnaf])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
  const draftTitle = (draft: Draft) =>
    fill(l("console_asnaf_draft_title"), {
      id: draft.id,
      year: draft.proposed.year,
      status: l(`console_asnaf_status_${draft.status}`),
    });
  const latest = data.published[0];
  return (
    <section className="console-asnaf" aria-labelledby="asnaf-heading">
      <h2 id="asnaf-heading">{l("console_asnaf_heading")}</h2>
      <p>{l("console_asnaf_intro")}</p>
      <NoticeLine notice={notice} />
      <section className="console-card" aria-labelledby="asnaf-published">
        <h3 id="asnaf-published">
          {latest
            ? fill(l("console_asnaf_published"), { year: latest.year })
            : l("console_asnaf_published_none_heading")}
        </h3>
        {latest ? (
          figures(
            latest.cents,
            fill(l("console_asnaf_published"), { year: latest.year }),
            "published",
          )
        ) : (
          <p>{l("console_asnaf_none")}</p>
        )}
      </section>
      {may("asnaf.draft") ? (
        <section className="console-card" aria-labelledby="asnaf-new">
          <h3 id="asnaf-new">{l("console_asnaf_new")}</h3>
          <p>{l("console_asnaf_new_intro")}</p>
          <form onSubmit={(event) => void submit(event)} noValidate>
            <div className="console-fields">
              <div className="console-field">
                <label htmlFor="asnaf-year">{l("console_asnaf_year")}</label>
                <input
                  id="asnaf-year"
                  inputMode="numeric"
                  required
                  pattern="\d{4}"
                  maxLength={4}
                  value={year}
                  onChange={(event) => setYear(event.target.value)}
                />
              </div>
              {ASNAF.map((asnaf) => (
                <div className="console-field" key={asnaf}>
                  <label htmlFor={`asnaf-${asnaf}`}>
                    {fill(l("console_asnaf_amount"), { asnaf: name(asnaf) })}
                  </label>
                  <input
                    id={`asnaf-${asnaf}`}
                    inputMode="decimal"
                    maxLength={18}
                    value={amounts[asnaf] ?? ""}
                    aria-invalid={wrong === asnaf ? true : undefined}
                    aria-describedby={wrong === asnaf ? "asnaf-wrong" : undefined}
                    onChange={(event) => setAmounts({ ...amounts, [asnaf]: event.target.value })}
                  />
                  {wrong === asnaf ? (
                    <p
                      id="asnaf-wrong"
                      className="console-notice console-notice--error"
                      role="alert"
                    >
                      {l("console_asnaf_not_money")}
                    </p>
                  ) : null}
                </div>
              ))}
            </div>
            <div className="console-actions">
              <button className="console-button" type="submit" disabled={busy}>
                {l("console_asnaf_submit")}
              </button>
            </div>
          </form>
        </section>
      ) : null}
      <DraftList
        kind="asnaf"
        drafts={data.drafts}
        lang={lang}
        l={l}
        title={draftTitle}
        body={(draft) => figures(draft.proposed.cents, draftTitle(draft), `draft-${draft.id}`)}
        mayApprove={may("asnaf.approve")}
        mayDraft={may("asnaf.draft")}
        officerId={session.officer.id}
        busy={busy}
        act={(draft, verb) => void act(draft, verb)}
      />
    </section>
  );
}

/** The asnaf distribution the collections page shows: published figures, a draft form, approval. */
export default function AsnafPanel(props: Props) {
  return (
    <ConsoleGate
      action="asnaf.view"
      labels={{
        loading: props.labels["console_loading"] ?? "",
        forbidden: props.labels["console_forbidden"] ?? "",
      }}
    >
      {(session) => <Asnaf {...props} session={session} />}
    </ConsoleGate>
  );
}
