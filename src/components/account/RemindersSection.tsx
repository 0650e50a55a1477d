import { useEffect, useState } from "react";
import type { Language } from "../../i18n/paths";
import { Checkbox } from "../ui/Checkbox";
import type { Call } from "./api";
import { Outcome, useOutcome } from "./Outcome";
import type { Label } from "./AccountArea";

interface Preferences {
  readonly haul: boolean;
  readonly ramadan: boolean;
  readonly lang: Language;
  readonly saved: boolean;
}

/**
 * Reminders by e-mail (issue 33, docs/reminders.md): opt in to a reminder before each haul due date and
 * before Ramadan (fitrah, and fidyah owed). Saving sets the reminders' language to this page's. Each
 * reminder mail carries a one-click unsubscribe link.
 */
export function RemindersSection(props: {
  readonly call: Call;
  readonly t: Label;
  readonly lang: Language;
}) {
  const { call, t, lang } = props;
  const [choice, setChoice] = useState<{ haul: boolean; ramadan: boolean } | null>(null);
  const { outcome, setOutcome, busy, run } = useOutcome(t);

  useEffect(() => {
    call<{ data: Preferences }>("getReminderPreferences").then(
      (answer) => setChoice({ haul: answer.data.haul, ramadan: answer.data.ramadan }),
      () => {
        setChoice({ haul: false, ramadan: false });
        setOutcome({ error: t("account_error_generic") });
      },
    );
  }, [call, t, setOutcome]);

  return (
    <section
      id="account-reminders"
      className="account-section"
      aria-labelledby="account-reminders-h"
    >
      <h2 id="account-reminders-h">{t("reminders_title")}</h2>
      <p>{t("reminders_intro")}</p>
      {choice === null ? (
        <p className="account-note" role="status">
          {t("reminders_loading")}
        </p>
      ) : (
        <form
          className="account-reminders"
          onSubmit={(event) => {
            event.preventDefault();
            void run(async () => {
              await call("setReminderPreferences", { ...choice, lang });
              return t("reminders_saved");
            });
          }}
        >
          <fieldset className="choice-group">
            <legend className="visually-hidden">{t("reminders_title")}</legend>
            <Checkbox
              name="haul"
              testId="reminder-haul"
              label={t("reminders_haul")}
              checked={choice.haul}
              onChange={(haul) => setChoice({ ...choice, haul })}
            />
            <Checkbox
              name="ramadan"
              testId="reminder-ramadan"
              label={t("reminders_ramadan")}
              checked={choice.ramadan}
              onChange={(ramadan) => setChoice({ ...choice, ramadan })}
            />
          </fieldset>
          <div className="account-buttons">
            <button type="submit" className="button" disabled={busy}>
              {t("reminders_save")}
            </button>
          </div>
        </form>
      )}
      <Outcome {...outcome} />
    </section>
  );
}
