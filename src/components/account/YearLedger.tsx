import { useCallback, useEffect, useState } from "react";
import { formatDate, formatMoney, type Cents, type HijriDay } from "@portal/domain";
import { fill } from "../../i18n/fill";
import { localizedPath, type Language } from "../../i18n/paths";
import { accountBridge, type AccountBridge } from "../auth/bridge";
import { callsOver, failureText } from "./api";
import { payOn } from "./pay-on";

type Values = Readonly<Record<string, string | number | boolean | null>>;

interface Row {
  readonly kind: "harta" | "fitrah" | "fidyah" | "kaffarah" | "wakaf";
  readonly assessed: number | null;
  readonly paid: number;
  readonly refunded: number;
  readonly remaining: number | null;
  readonly over: number;
  readonly notes: ReadonlyArray<{ readonly code: string; readonly values: Values }>;
  readonly gifts: ReadonlyArray<{
    readonly transactionNo: string;
    readonly receiptNo: string | null;
    readonly paidOn: string;
    readonly source: "online" | "counter" | "kiosk";
    readonly cents: number;
    readonly refundedCents: number;
  }>;
}

interface Ledger {
  readonly span: {
    readonly hijriYear: number;
    readonly start: string;
    readonly end: string;
    readonly startEstimated: boolean;
    readonly endEstimated: boolean;
  };
  readonly rows: ReadonlyArray<Row>;
  readonly hartaPayBase: number;
}

type State =
  | { readonly kind: "loading" }
  | { readonly kind: "signedOut"; readonly bridge: AccountBridge }
  | { readonly kind: "failed"; readonly message: string }
  | { readonly kind: "ready"; readonly ledger: Ledger };

/** Which notes explain which figure: the paid line and the remaining line; the rest the assessed. */
const PAID_NOTES = new Set(["ledger_paid"]);
const LEFT_NOTES = new Set(["ledger_remaining", "ledger_over", "ledger_settled"]);
const MONEY = new Set(["total", "counted", "amount", "perDay", "gross", "refunded", "paid"]);

/**
 * `/account/year` (docs/ledger.md): the donor's current Hijri year per kind, assessed, paid and
 * remaining, each figure explained in a line, with links to pay what remains.
 */
export default function YearLedger(props: {
  readonly lang: Language;
  readonly labels: Readonly<Record<string, string>>;
}) {
  const { lang } = props;
  const t = useCallback(
    (key: string, values: Readonly<Record<string, string>> = {}) =>
      fill(props.labels[key] ?? key, values),
    [props.labels],
  );
  const [state, setState] = useState<State>({ kind: "loading" });

  useEffect(() => {
    void (async () => {
      const bridge = await accountBridge();
      if (!(await bridge.signedIn())) return setState({ kind: "signedOut", bridge });
      try {
        const answer = await callsOver(bridge)<{ data: Ledger }>("getYearLedger", {});
        setState({ kind: "ready", ledger: answer.data });
      } catch (error) {
        setState({ kind: "failed", message: failureText(error, t) });
      }
    })();
  }, [t]);

  if (state.kind === "loading") return <p role="status">{t("account_loading")}</p>;
  if (state.kind === "signedOut") {
    return (
      <div className="account-signed-out">
        <p>{t("ledger_sign_in")}</p>
        <button type="button" className="button" onClick={() => state.bridge.open("LOGIN")}>
          {t("account_sign_in_button")}
        </button>
      </div>
    );
  }
  if (state.kind === "failed") return <p role="alert">{state.message}</p>;
  const { ledger } = state;
  const { span } = ledger;

  const money = (cents: number) => formatMoney(cents as Cents);
  const date = (value: string) => formatDate(Date.parse(`${value}T00:00:00+08:00`), lang);
  const dated = (value: string, estimated: boolean) =>
    estimated ? `${date(value)} (${t("ledger_estimated")})` : date(value);
  const hijri = (day: HijriDay) =>
    t(day.estimated ? "hijri_date_estimated" : "hijri_date", {
      day: String(day.day),
      month: t(`hijri_month_${day.month}`),
      year: String(day.year),
    });
  /** A note in words: money as dollars, dates as dates, a haul's Hijri due day, the wealth's name. */
  const note = ({ code, values }: Row["notes"][number]) => {
    const words: Record<string, string> = {};
    for (const [key, value] of Object.entries(values)) {
      if (value === null) continue;
      words[key] =
        MONEY.has(key) && typeof value === "number"
          ? money(value)
          : key === "date" && typeof value === "string"
            ? date(value)
            : String(value);
    }
    if (typeof values["wealth"] === "string")
      words["wealth"] = t(`haul_wealth_${values["wealth"]}`);
    if (typeof values["hijriYear"] === "number") {
      words["hijri"] = hijri({
        year: values["hijriYear"],
        month: Number(values["hijriMonth"]),
        day: Number(values["hijriDay"]),
        estimated: values["estimated"] === true,
      });
    } else words["hijri"] = "";
    const text = t(code, words);
    return values["replaces"] === true ? `${text} ${t("ledger_harta_haul_replaces")}` : text;
  };

  return (
    <div className="ledger" data-testid="ledger">
      <p className="ledger-year" data-testid="ledger-year">
        {t("ledger_year", {
          year: String(span.hijriYear),
          start: dated(span.start, span.startEstimated),
          end: dated(span.end, span.endEstimated),
        })}
      </p>
      {span.startEstimated || span.endEstimated ? (
        <p className="account-note">{t("ledger_year_estimated")}</p>
      ) : null}
      {ledger.rows.map((row) => {
        const heading = `ledger-${row.kind}-h`;
        const assessedNotes = row.notes.filter(
          (n) => !PAID_NOTES.has(n.code) && !LEFT_NOTES.has(n.code),
        );
        const paidNotes = row.notes.filter((n) => PAID_NOTES.has(n.code));
        const leftNotes = row.notes.filter((n) => LEFT_NOTES.has(n.code));
        return (
          <section
            key={row.kind}
            className="account-section ledger-kind"
            aria-labelledby={heading}
            data-testid={`ledger-${row.kind}`}
          >
            <h2 id={heading}>{t(`ledger_kind_${row.kind}`)}</h2>
            <dl className="ledger-figures">
              {row.kind === "wakaf" ? null : (
                <div>
                  <dt>{t("ledger_col_assessed")}</dt>
                  <dd data-testid="ledger-assessed">
                    {row.assessed === null ? t("ledger_not_assessed") : money(row.assessed)}
                  </dd>
                  {assessedNotes.map((n, i) => (
                    <dd key={i} className="ledger-note">
                      {note(n)}
                    </dd>
                  ))}
                </div>
              )}
              <div>
                <dt>{t(row.kind === "wakaf" ? "ledger_col_given" : "ledger_col_paid")}</dt>
                <dd data-testid="ledger-paid">{money(row.paid)}</dd>
                {row.kind === "wakaf"
                  ? assessedNotes.map((n, i) => (
                      <dd key={i} className="ledger-note">
                        {note(n)}
                      </dd>
                    ))
                  : null}
                {paidNotes.map((n, i) => (
                  <dd key={i} className="ledger-note">
                    {note(n)}
                  </dd>
                ))}
              </div>
              {row.remaining === null ? null : (
                <div>
                  <dt>{t("ledger_col_remaining")}</dt>
                  <dd data-testid="ledger-remaining">{money(row.remaining)}</dd>
                  {leftNotes.map((n, i) => (
                    <dd key={i} className="ledger-note">
                      {note(n)}
                    </dd>
                  ))}
                </div>
              )}
            </dl>
            {row.kind === "harta" && (row.remaining ?? 0) > 0 && ledger.hartaPayBase > 0 ? (
              <p>
                <a
                  className="button"
                  data-testid="ledger-pay-harta"
                  href={`${localizedPath("/checkout", lang)}?flow=zakat`}
                  onClick={() => payOn("savings", ledger.hartaPayBase as Cents)}
                >
                  {t("ledger_pay_harta", { amount: money(row.remaining ?? 0) })}
                </a>
                <span className="ledger-note">
                  {" "}
                  {t("ledger_pay_harta_note", { base: money(ledger.hartaPayBase) })}
                </span>
              </p>
            ) : null}
            {row.kind === "fidyah" && (row.remaining ?? 0) > 0 ? (
              <p>
                <a
                  className="button"
                  data-testid="ledger-pay-fidyah"
                  href={`${localizedPath("/profile", lang)}#account-fasts`}
                >
                  {t("ledger_pay_fidyah")}
                </a>
              </p>
            ) : null}
            {row.gifts.length === 0 ? (
              <p className="account-note">{t("ledger_gifts_none")}</p>
            ) : (
              <details className="ledger-gifts">
                <summary>{t("ledger_gifts")}</summary>
                <ul>
                  {row.gifts.map((g) => (
                    <li key={g.transactionNo}>
                      {t("ledger_gift_line", {
                        date: date(g.paidOn),
                        receipt: g.receiptNo ?? g.transactionNo,
                        source: t(`ledger_source_${g.source}`),
                        amount: money(g.cents),
                      })}
                      {g.refundedCents > 0
                        ? ` (${t("ledger_gift_refunded", { amount: money(g.refundedCents) })})`
                        : ""}
                    </li>
                  ))}
                </ul>
              </details>
            )}
          </section>
        );
      })}
      <p className="account-note">{t("ledger_counter_note")}</p>
    </div>
  );
}
