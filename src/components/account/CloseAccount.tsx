import { useState } from "react";
import type { AccountBridge } from "../auth/bridge";
import { CallFailed, type Call } from "./api";
import type { Label } from "./AccountArea";
import { Outcome, useOutcome } from "./Outcome";

/**
 * Closing the account (PDPA; docs/account.md): what is deleted and what stays (receipts, five years,
 * for the tax rules), a confirmation step, then closeAccount, which needs a sign-in of the last ten
 * minutes. Afterwards the sign-in itself is deleted at the identity provider and the donor is signed
 * out.
 */
export function CloseAccount({
  call,
  t,
  bridge,
  onClosed,
}: {
  call: Call;
  t: Label;
  bridge: AccountBridge;
  onClosed: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [reauth, setReauth] = useState(false);
  const { outcome, setOutcome, busy, run } = useOutcome(t);
  const close = () =>
    run(async () => {
      try {
        await call("closeAccount", { confirm: true });
      } catch (error) {
        if (error instanceof CallFailed && error.code === "account.reauth") setReauth(true);
        throw error;
      }
      // The portal has closed the record and ended the account's tokens; the sign-in goes too.
      await bridge.deleteAccount();
      onClosed();
      return t("account_close_done");
    });
  return (
    <section id="account-close" className="account-section" aria-labelledby="account-close-h">
      <h2 id="account-close-h">{t("account_close_heading")}</h2>
      <p>{t("account_close_deleted")}</p>
      <p>{t("account_close_kept")}</p>
      {confirming ? (
        <div className="account-confirm" role="group" aria-labelledby="account-close-ask">
          <p id="account-close-ask">
            <strong>{t("account_close_confirm")}</strong>
          </p>
          <div className="account-buttons">
            <button
              type="button"
              className="button account-danger"
              disabled={busy}
              onClick={() => void close()}
            >
              {t("account_close_yes")}
            </button>
            <button
              type="button"
              className="account-link-button"
              onClick={() => {
                setConfirming(false);
                setOutcome({});
              }}
            >
              {t("account_cancel")}
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="button" onClick={() => setConfirming(true)}>
          {t("account_close_button")}
        </button>
      )}
      <Outcome {...outcome} />
      {reauth ? (
        <button
          type="button"
          className="account-link-button"
          onClick={() =>
            document.dispatchEvent(
              new CustomEvent("portal:auth-popup", { detail: { kind: "LOGOUT_CONFIRM" } }),
            )
          }
        >
          {t("account_close_sign_out")}
        </button>
      ) : null}
    </section>
  );
}
