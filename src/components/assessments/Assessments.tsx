import { useCallback, useEffect, useId, useRef, useState } from "react";
import {
  assess,
  assessmentFile,
  assessmentInputsOf,
  assessmentRatesOf,
  formatMoney,
  hasEntries,
  lastYearsAssessment,
  sgtDate,
  withResults,
  zakatStateOf,
  type Assessment,
  type RateConfig,
  type SavedAssessment,
} from "@portal/domain";
import { fill } from "../../i18n/fill";
import { localizedPath, type Language } from "../../i18n/paths";
import { $calculator, restoreCalculator, saveCalculator } from "../../stores/calculator";
import { accountBridge, type AccountBridge } from "../auth/bridge";
import { CallFailed, callsOver, type Call } from "../account/api";
import { useLiveRates } from "../calculator/rates";
import { Comparison, dayText, Figures, type Label, type Summary } from "./Figures";
import { LoadFile } from "./LoadFile";

export interface AssessmentsProps {
  readonly lang: Language;
  readonly initialRates: RateConfig;
  readonly labels: Readonly<Record<string, string>>;
}

type Account =
  | { readonly kind: "loading" }
  | { readonly kind: "off" }
  | { readonly kind: "signedOut"; readonly bridge: AccountBridge }
  | { readonly kind: "failed" }
  | { readonly kind: "ready"; readonly call: Call };

/**
 * Zakat assessments (issue 33): the calculator's figures saved to the donor's account or downloaded as
 * a file, listed, reopened, compared with last year's, deleted and paid from. Guests download and load
 * files; signing in keeps them on the server. The calculator itself links here and ships none of it.
 */
export default function Assessments({ lang, initialRates, labels }: AssessmentsProps) {
  const t: Label = useCallback((key, values = {}) => fill(labels[key] ?? key, values), [labels]);
  const id = useId();
  const { rates, ratesVersion } = useLiveRates(
    initialRates,
    () => restoreCalculator(initialRates),
    (live) => void restoreCalculator(live.rates),
  );
  const [account, setAccount] = useState<Account>({ kind: "loading" });
  const [saved, setSaved] = useState<ReadonlyArray<Summary>>([]);
  const [open, setOpen] = useState<SavedAssessment>();
  const [comparing, setComparing] = useState<string>();
  const [deleting, setDeleting] = useState<string>();
  const [done, setDone] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  // A view opened from the list takes the focus, so a keyboard or screen-reader user lands on it.
  const viewHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => viewHeading.current?.focus(), [open, comparing]);
  const [snapshot, setSnapshot] = useState($calculator.get());
  useEffect(() => $calculator.subscribe(setSnapshot), []);

  const inputs = snapshot ? assessmentInputsOf(snapshot.state) : undefined;
  const current =
    inputs && hasEntries(inputs) ? assess(inputs, assessmentRatesOf(rates)) : undefined;

  const reload = useCallback(async (call: Call) => {
    const answer = await call<{ data: ReadonlyArray<Summary> }>("listAssessments");
    setSaved(answer.data);
  }, []);

  useEffect(() => {
    void (async () => {
      const bridge = await accountBridge();
      if (!bridge.enabled) return setAccount({ kind: "off" });
      if (!(await bridge.signedIn())) return setAccount({ kind: "signedOut", bridge });
      const call = callsOver(bridge);
      try {
        await reload(call);
        setAccount({ kind: "ready", call });
      } catch {
        setAccount({ kind: "failed" });
      }
    })();
  }, [reload]);

  /** Runs one call of the account; its sentence or its refusal becomes the status line. */
  const run = async (work: () => Promise<string>) => {
    setBusy(true);
    setDone("");
    setError("");
    try {
      setDone(await work());
    } catch (failure) {
      // The server's code names the sentence (assess_error_assessment_limit, ...); else the generic.
      const code = failure instanceof CallFailed ? failure.code : undefined;
      const key = `assess_error_${(code ?? "generic").replace(/\./g, "_")}`;
      setError(t(labels[key] === undefined ? "assess_error_generic" : key));
      if (code === "assessment.notFound" && account.kind === "ready") {
        await reload(account.call).catch(() => undefined);
      }
    } finally {
      setBusy(false);
    }
  };

  /** The calculator filled from an assessment's entries, priced at today's rates; then `path`. */
  const fillCalculator = (a: Assessment, path: string) => {
    saveCalculator({ state: withResults(zakatStateOf(a.inputs), rates), ratesVersion });
    window.location.assign(path);
  };
  const calculatorPath = localizedPath("/calculator", lang);
  const checkoutPath = `${localizedPath("/checkout", lang)}?flow=zakat`;

  const download = (a: Assessment, assessedOn: string) => {
    const file = JSON.stringify(assessmentFile(a, assessedOn), null, 2);
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([file], { type: "application/json" }));
    link.download = `${t("assess_file_name")}-${assessedOn}.json`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 1_000);
  };

  const today = sgtDate(Date.now());
  const signedIn = account.kind === "ready" ? account : undefined;

  return (
    <div className="account-area assess">
      <p className="account-done" role="status">
        {done}
      </p>
      {error ? (
        <p className="calc-error" role="alert">
          {error}
        </p>
      ) : null}

      <section className="account-section" aria-labelledby={`${id}-current`}>
        <h2 id={`${id}-current`}>{t("assess_current_heading")}</h2>
        {current ? (
          <>
            <Figures
              assessment={current}
              t={t}
              caption={t("assess_current_heading")}
              testId="assess-current"
            />
            <div className="account-buttons">
              {signedIn ? (
                <button
                  type="button"
                  className="button"
                  disabled={busy}
                  data-testid="assess-save"
                  onClick={() =>
                    void run(async () => {
                      const answer = await signedIn.call<{ data: SavedAssessment }>(
                        "saveAssessment",
                        { inputs: current.inputs },
                      );
                      await reload(signedIn.call);
                      return t("assess_saved", {
                        date: dayText(answer.data.assessedOn, lang),
                        amount: formatMoney(answer.data.total),
                      });
                    })
                  }
                >
                  {t("assess_save")}
                </button>
              ) : null}
              <button
                type="button"
                className="account-link-button"
                data-testid="assess-download"
                onClick={() => download(current, today)}
              >
                {t("assess_download")}
              </button>
              <a href={calculatorPath}>{t("assess_back_to_calculator")}</a>
            </div>
          </>
        ) : (
          <p className="account-note">
            {t("assess_current_none")} <a href={calculatorPath}>{t("assess_to_calculator")}</a>
          </p>
        )}
      </section>

      <LoadFile
        t={t}
        lang={lang}
        onLoaded={(date) => setDone(t("assess_loaded", { date }))}
        onUse={(assessment) => fillCalculator(assessment, calculatorPath)}
      />

      <section className="account-section" aria-labelledby={`${id}-saved`}>
        <h2 id={`${id}-saved`}>{t("assess_saved_heading")}</h2>
        {account.kind === "loading" ? (
          <p className="account-note" role="status">
            {t("account_loading")}
          </p>
        ) : account.kind === "off" ? (
          <p className="account-note">{t("account_off")}</p>
        ) : account.kind === "failed" ? (
          <p className="account-note" role="alert">
            {t("assess_error_generic")}
          </p>
        ) : account.kind === "signedOut" ? (
          <>
            <p className="account-note">{t("assess_sign_in_text")}</p>
            <button type="button" className="button" onClick={() => account.bridge.open("LOGIN")}>
              {t("account_sign_in_button")}
            </button>
          </>
        ) : saved.length === 0 ? (
          <p className="account-note">{t("assess_saved_none")}</p>
        ) : (
          <div className="account-table-wrap">
            <table className="account-table" data-testid="assess-list">
              <caption className="visually-hidden">{t("assess_saved_heading")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("assess_col_date")}</th>
                  <th scope="col">{t("assess_col_hijri")}</th>
                  <th scope="col">{t("assess_col_zakat")}</th>
                  <th scope="col">{t("assess_col_actions")}</th>
                </tr>
              </thead>
              <tbody>
                {saved.map((s) => {
                  const date = dayText(s.assessedOn, lang);
                  const previous = lastYearsAssessment(saved, s);
                  return (
                    <tr key={s.id} data-assessment={s.id}>
                      <td>{date}</td>
                      <td>{t("assess_hijri_year", { year: String(s.hijriYear) })}</td>
                      <td className="account-amount">{formatMoney(s.total)}</td>
                      <td>
                        <div className="assess-actions">
                          <button
                            type="button"
                            className="account-link-button"
                            aria-label={t("assess_view_named", { date })}
                            disabled={busy}
                            onClick={() =>
                              void run(async () => {
                                const answer = await account.call<{ data: SavedAssessment }>(
                                  "getAssessment",
                                  { id: s.id },
                                );
                                setOpen(answer.data);
                                setComparing(undefined);
                                return "";
                              })
                            }
                          >
                            {t("assess_view")}
                          </button>
                          {previous ? (
                            <button
                              type="button"
                              className="account-link-button"
                              aria-label={t("assess_compare_named", { date })}
                              onClick={() => {
                                setComparing(s.id);
                                setOpen(undefined);
                              }}
                            >
                              {t("assess_compare")}
                            </button>
                          ) : null}
                          <button
                            type="button"
                            className="account-link-button"
                            aria-label={t("assess_delete_named", { date })}
                            onClick={() => setDeleting(s.id)}
                          >
                            {t("assess_delete")}
                          </button>
                        </div>
                        {deleting === s.id ? (
                          <div
                            className="account-confirm"
                            role="group"
                            aria-label={t("assess_delete")}
                          >
                            <p>{t("assess_delete_confirm", { date })}</p>
                            <div className="account-buttons">
                              <button
                                type="button"
                                className="button button-danger"
                                disabled={busy}
                                onClick={() =>
                                  void run(async () => {
                                    await account.call("deleteAssessment", { id: s.id });
                                    setDeleting(undefined);
                                    if (open?.id === s.id) setOpen(undefined);
                                    if (comparing === s.id) setComparing(undefined);
                                    await reload(account.call);
                                    return t("assess_deleted", { date });
                                  })
                                }
                              >
                                {t("assess_delete_yes")}
                              </button>
                              <button
                                type="button"
                                className="account-link-button"
                                onClick={() => setDeleting(undefined)}
                              >
                                {t("assess_keep")}
                              </button>
                            </div>
                          </div>
                        ) : null}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        {open && signedIn ? (
          <div className="assess-view" data-testid="assess-open">
            <h3 ref={viewHeading} tabIndex={-1}>
              {t("assess_view_heading", { date: dayText(open.assessedOn, lang) })}
            </h3>
            <Figures
              assessment={open}
              t={t}
              caption={t("assess_view_heading", { date: dayText(open.assessedOn, lang) })}
              testId="assess-open-figures"
            />
            <p className="account-note">{t("assess_pay_note")}</p>
            <div className="account-buttons">
              <button
                type="button"
                className="button"
                data-testid="assess-pay"
                onClick={() => fillCalculator(open, checkoutPath)}
              >
                {t("assess_pay")}
              </button>
              <button
                type="button"
                className="account-link-button"
                onClick={() => fillCalculator(open, calculatorPath)}
              >
                {t("assess_use")}
              </button>
              <button
                type="button"
                className="account-link-button"
                onClick={() => download(open, open.assessedOn)}
              >
                {t("assess_download")}
              </button>
              <button
                type="button"
                className="account-link-button"
                onClick={() => setOpen(undefined)}
              >
                {t("assess_close")}
              </button>
            </div>
          </div>
        ) : null}
        {comparing && signedIn ? (
          <Comparison
            saved={saved}
            id={comparing}
            t={t}
            lang={lang}
            headingRef={viewHeading}
            onClose={() => setComparing(undefined)}
          />
        ) : null}
      </section>
    </div>
  );
}
