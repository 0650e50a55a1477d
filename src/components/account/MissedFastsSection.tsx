import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import {
  fidyahCategoryOf,
  fidyahFlow,
  formatMoney,
  MISSED_FAST_REASONS,
  MISSED_FASTS_MAX,
  missedFastProblems,
  type Cents,
  type MissedFast,
  type MissedFastReason,
} from "@portal/domain";
import { localizedPath, type Language } from "../../i18n/paths";
import { readStored, removeStored, storageKeys, writeStored } from "../../stores/session-storage";
import { CallFailed, type Call } from "./api";
import { faultOf, KeptButtons, KeptField, KeptList, KeptOptions } from "./KeptList";
import { Outcome, useOutcome } from "./Outcome";
import type { Label } from "./AccountArea";

/** The entries being paid at checkout from this tab (their ids), until the payment is recorded. */
const PAYING = "portal.missedFastsPaying";

interface Log {
  readonly entries: ReadonlyArray<MissedFast>;
  readonly fidyahPerDayCents: number | null;
  readonly owedDays: number | null;
  readonly owedCents: number | null;
}

/**
 * Missed fasts (issue 33, docs/missed-fasts.md): the fasts of Ramadan the donor missed, by Hijri year
 * and reason; the fidyah owed for the unpaid days at the current rate; paying them at the fidyah
 * checkout, after which the days show as paid (recorded when the donor is back in the account).
 */
export function MissedFastsSection(props: {
  readonly call: Call;
  readonly t: Label;
  readonly lang: Language;
}) {
  const { call, t, lang } = props;
  const id = useId();
  const [log, setLog] = useState<Log | null>(null);
  const [editing, setEditing] = useState<MissedFast | null>(null);
  const [year, setYear] = useState("");
  const [reason, setReason] = useState<MissedFastReason | "">("");
  const [days, setDays] = useState("");
  const [problems, setProblems] = useState<ReadonlyArray<string>>([]);
  const yearRef = useRef<HTMLInputElement>(null);
  const reasonRef = useRef<HTMLSelectElement>(null);
  const daysRef = useRef<HTMLInputElement>(null);
  const { outcome, setOutcome, busy, run } = useOutcome(t);

  const load = async () => setLog((await call<{ data: Log }>("getMissedFasts")).data);

  useEffect(() => {
    void (async () => {
      // Back from paying at checkout: the days are marked paid by that payment.
      const paying = readStored(PAYING);
      let done: string | undefined;
      if (Array.isArray(paying) && paying.length > 0) {
        try {
          const answer = await call<{ data: { transactionNo: string } }>("recordMissedFastsPaid", {
            ids: paying,
          });
          removeStored(PAYING);
          done = t("account_fasts_recorded", { transactionNo: answer.data.transactionNo });
        } catch (error) {
          // Not paid yet (409): kept for when it is; entries gone or paid (404): forgotten.
          if (error instanceof CallFailed && error.httpStatus === 404) removeStored(PAYING);
        }
      }
      await load();
      if (done) setOutcome({ done });
    })().catch(() => setOutcome({ error: t("account_error_generic") }));
    // Loaded once; every change loads the log again.
  }, []);

  const clear = () => {
    setEditing(null);
    setYear("");
    setReason("");
    setDays("");
    setProblems([]);
  };
  const startEdit = (entry: MissedFast) => {
    setEditing(entry);
    setYear(String(entry.hijriYear));
    setReason(entry.reason);
    setDays(String(entry.days));
    setProblems([]);
    yearRef.current?.focus();
  };

  const number = (text: string) => (/^\d{1,4}$/.test(text.trim()) ? Number(text.trim()) : NaN);
  const save = (event: FormEvent) => {
    event.preventDefault();
    const entry = { hijriYear: number(year), reason, days: number(days) };
    const found = missedFastProblems(entry);
    setProblems(found);
    if (found[0] === "missedFast.year") return yearRef.current?.focus();
    if (found[0] === "missedFast.reason") return reasonRef.current?.focus();
    if (found[0] === "missedFast.days") return daysRef.current?.focus();
    void run(async () => {
      await call("saveMissedFast", { ...(editing ? { id: editing.id } : {}), ...entry });
      clear();
      await load();
      return t(editing ? "account_fasts_changed" : "account_fasts_added");
    });
  };

  const remove = (entry: MissedFast) =>
    void run(async () => {
      await call("removeMissedFast", { id: entry.id });
      if (editing?.id === entry.id) clear();
      await load();
      return t("account_fasts_removed");
    });

  const unpaid = log?.entries.filter((entry) => entry.paidTransactionNo === null) ?? [];
  const pay = () => {
    // The fidyah page's entries, one row of days per entry under its reason's category: checkout
    // prices them again at the current rate (as it does the fidyah page's own).
    const rows = (category: string) =>
      unpaid
        .filter((entry) => fidyahCategoryOf(entry.reason) === category)
        .map((entry) => ({ year: "", noOfDays: entry.days }));
    writeStored(storageKeys.fidyah, {
      state: {
        haid: { years: rows("haid"), totalAmount: 0 },
        pregnancy: { years: rows("pregnancy"), totalAmount: 0 },
        illness: { years: rows("illness"), yearsCalc: [], remark: "", totalAmount: 0 },
      },
      ratesVersion: null,
    });
    writeStored(
      PAYING,
      unpaid.map((entry) => entry.id),
    );
    window.location.assign(`${localizedPath("/checkout", lang)}?flow=${fidyahFlow()}`);
  };

  const errorOf = (name: string, problem: string) =>
    problems.includes(problem) ? t(`missedFast_${name}`) : undefined;
  const yearError = errorOf("year", "missedFast.year");
  const reasonError = errorOf("reason", "missedFast.reason");
  const daysError = errorOf("days", "missedFast.days");
  const full = (log?.entries.length ?? 0) >= MISSED_FASTS_MAX && !editing;

  return (
    <section id="account-fasts" className="account-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t("account_fasts_heading")}</h2>
      <p>{t("account_fasts_text")}</p>
      {log === null ? null : log.entries.length === 0 ? (
        <p className="account-note">{t("account_fasts_none")}</p>
      ) : (
        <KeptList
          rows={log.entries.map((entry) => ({
            id: entry.id,
            what: t("account_fasts_entry", {
              year: String(entry.hijriYear),
              reason: t(`account_fasts_reason_${entry.reason}`),
              days: String(entry.days),
            }),
            tag: entry.paidTransactionNo
              ? t("account_fasts_paid", { transactionNo: entry.paidTransactionNo })
              : t("account_fasts_unpaid"),
            // A paid entry stands as paid: it may be removed, not changed.
            editable: entry.paidTransactionNo === null,
          }))}
          testId="fasts-entries"
          dataName="entry"
          busy={busy}
          t={t}
          onEdit={(key) => startEdit(log.entries.find((entry) => entry.id === key)!)}
          onRemove={(key) => remove(log.entries.find((entry) => entry.id === key)!)}
        />
      )}
      {log && log.owedDays !== null && log.owedCents !== null && log.fidyahPerDayCents !== null ? (
        <div className="account-buttons">
          <p data-testid="fasts-owed">
            {log.owedDays === 0
              ? t("account_fasts_owed_none")
              : t("account_fasts_owed", {
                  days: String(log.owedDays),
                  rate: formatMoney(log.fidyahPerDayCents as Cents),
                  amount: formatMoney(log.owedCents as Cents),
                })}
          </p>
          {log.owedDays > 0 ? (
            <button type="button" className="button" disabled={busy} onClick={pay}>
              {t("account_fasts_pay", { amount: formatMoney(log.owedCents as Cents) })}
            </button>
          ) : null}
        </div>
      ) : null}
      {full ? (
        <p className="account-note">{t("missedFast_full")}</p>
      ) : (
        <form className="account-form account-household-form" onSubmit={save} noValidate>
          <KeptField id={`${id}-year`} label={t("account_fasts_year")} error={yearError}>
            <input
              ref={yearRef}
              id={`${id}-year`}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              maxLength={4}
              value={year}
              {...faultOf(`${id}-year`, yearError)}
              onChange={(event) => setYear(event.currentTarget.value)}
            />
          </KeptField>
          <KeptField id={`${id}-reason`} label={t("account_fasts_reason")} error={reasonError}>
            <select
              ref={reasonRef}
              id={`${id}-reason`}
              value={reason}
              {...faultOf(`${id}-reason`, reasonError)}
              onChange={(event) => setReason(event.currentTarget.value as MissedFastReason | "")}
            >
              <KeptOptions
                values={MISSED_FAST_REASONS}
                words={(r) => t(`account_fasts_reason_${r}`)}
              />
            </select>
          </KeptField>
          <KeptField id={`${id}-days`} label={t("account_fasts_days")} error={daysError}>
            <input
              ref={daysRef}
              id={`${id}-days`}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              maxLength={2}
              value={days}
              {...faultOf(`${id}-days`, daysError)}
              onChange={(event) => setDays(event.currentTarget.value)}
            />
          </KeptField>
          <KeptButtons
            busy={busy}
            editing={editing !== null}
            addLabel={t("account_fasts_add")}
            t={t}
            onCancel={clear}
          />
        </form>
      )}
      <Outcome {...outcome} />
    </section>
  );
}
