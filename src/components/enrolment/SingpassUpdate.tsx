import { useEffect, useRef, useState } from "react";
import { emptyAddress, TERMS_VERSION, type Address } from "@portal/domain";
import { continuePath, enrolmentEnded, messageOf, postJson } from "./api";
import { contactErrors, fieldOfCode, focusFirstError, type FieldErrors } from "./contact";
import { AddressFields, addressBody } from "../address/AddressFields";
import type { CountryOption } from "../address/countries";
import { Checkbox } from "../ui/Checkbox";
import { TermsCheck } from "../ui/TermsCheck";
import { ContactFields, useContact } from "./ContactFields";
import { regionOfDialCode, type DialCodeRegions, type DialCountry } from "./dial-code";
import type { SingpassUpdateLabels } from "./labels";
import type { Language } from "../../i18n/paths";

interface Person {
  readonly name: string;
  readonly nricMasked: string;
  readonly email?: string;
  readonly countryCode?: string;
  readonly mobile?: string;
  readonly dateOfBirth?: string;
  readonly sex?: string;
  readonly race?: string;
  readonly nationality?: string;
  readonly address: Partial<Address>;
}

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
  const contact = useContact(props.dialCountries);
  const { email, dialCode, mobile } = contact;
  const [address, setAddress] = useState<Address>(emptyAddress);
  const [consent, setConsent] = useState(false);
  // Spec §5: the donor agrees to the terms (iAgree), required; the version goes with the confirmation.
  const [agreed, setAgreed] = useState(false);
  const [termsMissing, setTermsMissing] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [done, setDone] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    void postJson("getSingpassPerson", {}, { keepPage: false }).then((answer) => {
      const data = answer.body["data"] as Person | undefined;
      if (answer.status !== 200 || !data) return setPerson("none");
      setPerson(data);
      contact.setAll({
        email: data.email ?? "",
        region: regionOfDialCode(props.dialCountries, props.dialCodeRegions, data.countryCode),
        mobile: data.mobile ?? "",
      });
      setAddress({ ...emptyAddress, ...data.address });
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
  if (done) {
    return (
      <section className="enrol-done" role="status" aria-live="polite">
        <h2>{labels.enrol_done_heading}</h2>
        <p>{labels.enrol_done_text}</p>
        <a className="button" href={continuePath(props.lang, props.productRoute)}>
          {labels.enrol_continue}
        </a>
      </section>
    );
  }

  const error = (field: string) => {
    const key = errors[field];
    return key ? messageOf(labels, key) : undefined;
  };
  const submit = async () => {
    const found = contactErrors({ email, dialCode, mobile });
    setErrors(found);
    setFailed(false);
    setTermsMissing(!agreed);
    if (Object.keys(found).length > 0 || !agreed) return focusFirstError(form.current);
    setBusy(true);
    const answer = await postJson("confirmSingpassPreDonation", {
      email: email.trim(),
      ...(mobile.trim() === ""
        ? {}
        : { countryCode: dialCode.trim(), mobile: mobile.replace(/\s/g, "") }),
      address: addressBody(address),
      marketingConsent: consent,
      termsVersion: TERMS_VERSION,
    });
    setBusy(false);
    if (answer.status === 200) {
      enrolmentEnded();
      return setDone(true);
    }
    const code = typeof answer.body["code"] === "string" ? answer.body["code"] : "";
    if (code === "singpass.none") return setPerson("none");
    if (code === "terms.required") {
      setAgreed(false);
      setTermsMissing(true);
      return focusFirstError(form.current);
    }
    const field = fieldOfCode(code);
    if (field && field !== "nric") {
      setErrors({ [field]: code });
      focusFirstError(form.current);
    } else setFailed(true);
  };

  const fromMyinfo: ReadonlyArray<readonly [string, string | undefined]> = [
    [labels.enrol_name, person.name],
    [labels.enrol_nric, person.nricMasked],
    [labels.enrol_dob, person.dateOfBirth],
    [labels.enrol_sex, person.sex],
    [labels.enrol_race, person.race],
    [labels.enrol_nationality, person.nationality],
  ];
  const hasErrors = Object.keys(errors).length > 0;
  return (
    <form
      ref={form}
      className="enrol-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {hasErrors || failed ? (
        <p className="enrol-alert" role="alert">
          {failed ? labels.enrol_error_generic : labels.enrol_errors_heading}
        </p>
      ) : null}
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
        <div className="enrol-grid">
          <ContactFields
            labels={labels}
            dialCountries={props.dialCountries}
            {...contact.fields}
            error={error}
          />
        </div>
      </fieldset>
      <AddressFields
        labels={labels}
        countries={props.countries}
        value={address}
        onChange={setAddress}
      />
      <Checkbox label={labels.consent_zakatUpdates} checked={consent} onChange={setConsent} />
      <TermsCheck
        label={labels.trust_fe_terms_agree}
        checked={agreed}
        onChange={setAgreed}
        error={termsMissing && !agreed ? labels.trust_fe_terms_required : undefined}
      />
      <button className="button" type="submit" disabled={busy} aria-busy={busy}>
        {labels.enrol_confirm}
      </button>
    </form>
  );
}
