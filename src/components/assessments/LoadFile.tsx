import { useId, useRef, useState, type ChangeEvent } from "react";
import { ASSESSMENT_BYTES_MAX, readAssessmentFile, type Assessment } from "@portal/domain";
import type { Language } from "../../i18n/paths";
import { dayText, Figures, type Label } from "./Figures";

/**
 * Loading a downloaded assessment again: read in the page, never sent anywhere. A file refused (not
 * JSON, another kind or version, too large, figures edited) says why and leaves the page as it was.
 */
export function LoadFile(props: {
  readonly t: Label;
  readonly lang: Language;
  readonly onLoaded: (date: string) => void;
  readonly onUse: (assessment: Assessment) => void;
}) {
  const { t, lang } = props;
  const id = useId();
  const [loaded, setLoaded] = useState<{ assessment: Assessment; assessedOn: string }>();
  const [fileError, setFileError] = useState("");
  const fileInput = useRef<HTMLInputElement>(null);

  const load = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    setFileError("");
    const text = file.size > ASSESSMENT_BYTES_MAX ? undefined : await file.text();
    const read =
      text === undefined ? ({ ok: false, problem: "tooLarge" } as const) : readAssessmentFile(text);
    if (!read.ok) {
      setFileError(`${t(`assess_load_error_${read.problem}`)} ${t("assess_load_kept")}`);
      fileInput.current?.focus();
      return;
    }
    setLoaded({ assessment: read.value, assessedOn: read.value.assessedOn });
    props.onLoaded(dayText(read.value.assessedOn, lang));
  };

  return (
    <section className="account-section" aria-labelledby={`${id}-load`}>
      <h2 id={`${id}-load`}>{t("assess_load_heading")}</h2>
      <p className="account-note">{t("assess_load_text")}</p>
      <div className="assess-file">
        <label htmlFor={`${id}-file`}>{t("assess_load_label")}</label>
        <input
          ref={fileInput}
          id={`${id}-file`}
          type="file"
          accept="application/json,.json"
          data-testid="assess-file"
          aria-describedby={fileError ? `${id}-file-error` : undefined}
          aria-invalid={fileError ? true : undefined}
          onChange={(event) => void load(event)}
        />
        {fileError ? (
          <p className="calc-error" id={`${id}-file-error`} role="alert">
            {fileError}
          </p>
        ) : null}
      </div>
      {loaded ? (
        <div className="assess-view" data-testid="assess-loaded">
          <h3>{t("assess_view_heading", { date: dayText(loaded.assessedOn, lang) })}</h3>
          <Figures
            assessment={loaded.assessment}
            t={t}
            caption={t("assess_view_heading", { date: dayText(loaded.assessedOn, lang) })}
            testId="assess-loaded-figures"
          />
          <div className="account-buttons">
            <button type="button" className="button" onClick={() => props.onUse(loaded.assessment)}>
              {t("assess_use")}
            </button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
