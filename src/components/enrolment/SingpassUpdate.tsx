import { useEffect, useState } from "react";
import { emptyAddress, TERMS_VERSION } from "@portal/domain";
import type { SingpassPerson } from "@portal/adapters/responses";
import { postJson } from "./api";
import { fieldOfCode, focusFirstError } from "./contact";
import type { CountryOption } from "../address/countries";
import { EnrolmentDone, EnrolmentFormView, useEnrolmentForm } from "./form";
import { regionOfDialCode, type DialCodeRegions, type DialCountry } from "./dial-code";
import type { SingpassUpdateLabels } from "./labels";
import type { Language } from "../../i18n/paths";

/** What getSingpassPerson answers: MyInfo's details, the NRIC masked. */
type Person = typeof SingpassPerson.Type;

/**
 * `/enrollment/singpass-update`: the MyInfo details pre-filled. Name, NRIC (masked), date of birth,
 * sex, race and nationality are MyInfo's and shown only; e-mail, mobile and address may be corrected.
 * The mobile's country is the manual enrolment's dial-code select, chosen from MyInfo's country code.
 */
export default function SingpassUpdate(props: {
  readonly lang: Language;
  readonly labels: SingpassUpdateLabels;
  readonly productRoute: string;
  readonly countries: ReadonlyArray<CountryOption>;
  /** §3's country list for the dial code, sorted by name in the page's language (at build time). */
  readonly dialCountries: ReadonlyArray<DialCountry>;
  /** The main region of each shared dial code, for choosing the country from MyInfo's code. */
  readonly dialCodeRegions: DialCodeRegions;
  readonly startPath: string;
}) {
  const { labels } = props;
  const [person, setPerson] = useState<Person | "loading" | "none">("loading");
  const s = useEnrolmentForm(labels, props.dialCountries);

  useEffect(() => {
    void postJson("getSingpassPerson", {}, { keepPage: false }).then((answer) => {
      const data = answer.body["data"] as Person | undefined;
      if (answer.status !== 200 || !data) return setPerson("none");
      setPerson(data);
      s.setContact({
        email: data.email ?? "",
        region: regionOfDialCode(props.dialCountries, props.dialCodeRegions, data.countryCode),
        mobile: data.mobile ?? "",
      });
      s.setAddress({ ...emptyAddress, ...data.address });
    });
  }, []);

  if (person === "loading") {
    return (
      <p role="status" aria-live="polite">
        {labels.enrol_loading}
      </p>
    );
  }
  if (person === "none") {
    return (
      <div className="enrol-alert-box">
        <p role="alert">{labels.enrol_none}</p>
        <a className="button" href={props.startPath}>
          {labels.enrol_sp_try_again}
        </a>
      </div>
    );
  }
  if (s.done) return <EnrolmentDone {...props} />;

  const submit = async () => {
    if (!s.check()) return;
    await s.send(
      () =>
        postJson("confirmSingpassPreDonation", {
          ...s.body(),
          marketingConsent: s.consent,
          termsVersion: TERMS_VERSION,
        }),
      (code) => {
        if (code === "singpass.none") {
          setPerson("none");
          return true;
        }
        if (code === "terms.required") {
          s.setAgreed(false);
          s.setTermsMissing(true);
          focusFirstError(s.form.current);
          return true;
        }
        // The NRIC is MyInfo's, not a field here: its refusal is the generic failure.
        if (fieldOfCode(code) === "nric") {
          s.setFailed(true);
          return true;
        }
        return false;
      },
    );
  };

  const fromMyinfo: ReadonlyArray<readonly [string, string | undefined]> = [
    [labels.enrol_name, person.name],
    [labels.enrol_nric, person.nricMasked],
    [labels.enrol_dob, person.dateOfBirth],
    [labels.enrol_sex, person.sex],
    [labels.enrol_race, person.race],
    [labels.enrol_nationality, person.nationality],
  ];
  return (
    <EnrolmentFormView
      state={s}
      labels={labels}
      countries={props.countries}
      submitLabel={labels.enrol_confirm}
      onSubmit={submit}
    >
      <section className="enrol-fieldset" aria-labelledby="from-myinfo">
        <h2 id="from-myinfo" className="enrol-legend">
          {labels.enrol_from_myinfo}
        </h2>
        <dl className="enrol-facts" data-testid="myinfo-facts">
          {fromMyinfo.map(([term, value]) => (
            <div key={term}>
              <dt>{term.replace(/\s*\*$/, "")}</dt>
              <dd>{value ?? "-"}</dd>
            </div>
          ))}
        </dl>
      </section>
      <fieldset className="enrol-fieldset">
        <legend>{labels.enrol_contact}</legend>
        <div className="enrol-grid">{s.contactFields}</div>
      </fieldset>
    </EnrolmentFormView>
  );
}
