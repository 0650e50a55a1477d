import { fundNameKey } from "../../i18n/funds";
import { useCallback, useEffect, useId, useState, type FormEvent } from "react";
import {
  formatDate,
  formatMoney,
  validateNric,
  validateUen,
  type Cents,
  type FlowType,
} from "@portal/domain";
import { fill, labelKeyOf } from "../../i18n/fill";
import { localizedPath, type Language } from "../../i18n/paths";
import { accountBridge, type AccountBridge } from "../auth/bridge";
import { callsOver, failureText, type Call } from "./api";
import { takeTaxRegistrationState } from "./tax-state";

interface TaxDeduction {
  readonly transactionNo: string;
  readonly flow: FlowType;
  readonly amountCents: number;
  readonly donatedAt: string;
  readonly receiptNo: string | null;
  readonly eligible: boolean;
  readonly registered: { readonly idKind: "NRIC" | "FIN" | "UEN"; readonly idShown: string } | null;
}

type State =
  | { readonly kind: "loading" }
  | { readonly kind: "signedOut"; readonly bridge: AccountBridge }
  | { readonly kind: "noTransaction" }
  | { readonly kind: "failed"; readonly message: string }
  | { readonly kind: "ready"; readonly call: Call; readonly view: TaxDeduction };

/**
 * `/register/tax-deduction` (spec §2, §6): include one of the donor's own paid zakat or wakaf gifts in
 * IRAS's records under an NRIC/FIN or UEN. Reached with the transaction number as navigation state.
 */
export default function TaxRegistration(props: {
  readonly lang: Language;
  readonly labels: Readonly<Record<string, string>>;
}) {
  const t = useCallback(
    (key: string, values: Readonly<Record<string, string>> = {}) =>
      fill(props.labels[key] ?? key, values),
    [props.labels],
  );
  const id = useId();
  const [state, setState] = useState<State>({ kind: "loading" });
  const [idType, setIdType] = useState<"NRIC" | "UEN">("NRIC");
  const [idNumber, setIdNumber] = useState("");
  const [fieldError, setFieldError] = useState<string>();
  const [done, setDone] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const history = localizedPath("/profile", props.lang) + "#account-history";

  useEffect(() => {
    void (async () => {
      const transactionNo = takeTaxRegistrationState();
      const bridge = await accountBridge();
      if (!(await bridge.signedIn())) return setState({ kind: "signedOut", bridge });
      if (!transactionNo) return setState({ kind: "noTransaction" });
      const call = callsOver(bridge);
      try {
        const answer = await call<{ data: TaxDeduction }>("getTaxDeductionStatus", {
          transactionNo,
        });
        setState({ kind: "ready", call, view: answer.data });
      } catch (failure) {
        setState({ kind: "failed", message: failureText(failure, t) });
      }
    })();
  }, [t]);

  if (state.kind === "loading") return <p role="status">{t("account_loading")}</p>;
  if (state.kind === "signedOut") {
    return (
      <div className="account-signed-out">
        <p>{t("tax_register_sign_in")}</p>
        <button type="button" className="button" onClick={() => state.bridge.open("LOGIN")}>
          {t("account_sign_in_button")}
        </button>
      </div>
    );
  }
  if (state.kind === "noTransaction" || state.kind === "failed") {
    return (
      <div>
        <p role="alert">
          {state.kind === "failed" ? state.message : t("tax_register_no_transaction")}
        </p>
        <a className="button" href={history}>
          {t("tax_register_back")}
        </a>
      </div>
    );
  }
  const { view, call } = state;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = idNumber.trim().toUpperCase();
    const issue = idType === "NRIC" ? validateNric(value) : validateUen(value);
    setFieldError(issue ? t(labelKeyOf(issue)) : undefined);
    if (issue) return;
    setBusy(true);
    setError(undefined);
    try {
      const answer = await call<{ data: TaxDeduction }>("registerTaxDeduction", {
        transactionNo: view.transactionNo,
        idType,
        idNumber: value,
      });
      setState({ ...state, view: answer.data });
      setDone(t("tax_register_done", { id: answer.data.registered?.idShown ?? "" }));
    } catch (failure) {
      setError(failureText(failure, t));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="tax-register">
      <dl className="account-facts" aria-label={t("tax_register_gift")}>
        <div>
          <dt>{t("account_col_fund")}</dt>
          <dd>{t(fundNameKey(view.flow))}</dd>
        </div>
        <div>
          <dt>{t("account_col_date")}</dt>
          <dd>{formatDate(Date.parse(view.donatedAt), props.lang)}</dd>
        </div>
        <div>
          <dt>{t("account_col_amount")}</dt>
          <dd>{formatMoney(view.amountCents as Cents)}</dd>
        </div>
        <div>
          <dt>{t("account_col_receipt")}</dt>
          <dd>{view.receiptNo ?? "-"}</dd>
        </div>
      </dl>
      <p className="account-done" role="status">
        {done}
      </p>
      {view.registered ? (
        <p data-testid="tax-registered">
          {t("tax_register_registered", {
            kind: t(`tax_id_kind_${view.registered.idKind}`),
            id: view.registered.idShown,
          })}
        </p>
      ) : !view.eligible ? (
        <p role="alert">{t("tax_register_not_eligible")}</p>
      ) : (
        <form className="account-form" onSubmit={(event) => void submit(event)} noValidate>
          <fieldset className="choice">
            <legend>{t("tax_register_id_type")}</legend>
            {(["NRIC", "UEN"] as const).map((kind) => (
              <label key={kind} className="choice-option">
                <input
                  type="radio"
                  name="idType"
                  value={kind}
                  checked={idType === kind}
                  onChange={() => {
                    setIdType(kind);
                    setFieldError(undefined);
                  }}
                />
                {t(`tax_register_type_${kind}`)}
              </label>
            ))}
          </fieldset>
          <div className="calc-field">
            <label htmlFor={`${id}-number`}>
              {idType === "NRIC" ? t("tax_register_nric") : t("tax_register_uen")}
            </label>
            <input
              id={`${id}-number`}
              name="idNumber"
              autoComplete="off"
              maxLength={idType === "NRIC" ? 9 : 10}
              value={idNumber}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? `${id}-error` : `${id}-hint`}
              onChange={(event) => setIdNumber(event.currentTarget.value.toUpperCase())}
            />
            <p id={`${id}-hint`} className="field-hint">
              {t("tax_register_hint")}
            </p>
            {fieldError ? (
              <p id={`${id}-error`} className="calc-error">
                {fieldError}
              </p>
            ) : null}
          </div>
          <button type="submit" className="button" disabled={busy}>
            {t("tax_register_submit")}
          </button>
          {error ? (
            <p className="calc-error" role="alert">
              {error}
            </p>
          ) : null}
        </form>
      )}
      <p>
        <a href={history}>{t("tax_register_back")}</a>
      </p>
    </div>
  );
}
