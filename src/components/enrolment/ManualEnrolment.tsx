import { useRef, useState } from "react";
import {
  validateCompanyName,
  validateContactPerson,
  validateNric,
  validatePastDate,
  validateUen,
  emptyAddress,
  TERMS_VERSION,
  type Address,
  type Validation,
} from "@portal/domain";
import { continuePath, enrolmentEnded, messageOf, postJson, ensureGuest } from "./api";
import { contactErrors, fieldOfCode, focusFirstError, type FieldErrors } from "./contact";
import { AddressFields, addressBody } from "../address/AddressFields";
import type { CountryOption } from "../address/countries";
import { Checkbox } from "../ui/Checkbox";
import { TermsCheck } from "../ui/TermsCheck";
import { ContactFields, useContact } from "./ContactFields";
import { ErrorSummary } from "../ui/ErrorSummary";
import { RadioGroup } from "../ui/RadioGroup";
import type { DialCountry } from "./dial-code";
import { TextField } from "../ui/TextField";
import type { ManualLabels } from "./labels";
import type { Language } from "../../i18n/paths";

type Kind = "individual" | "corporate";

/** Manual enrolment (spec §2 `/enrollment/enroll-individual`): an individual or a company. */
export default function ManualEnrolment(props: {
  readonly lang: Language;
  readonly labels: ManualLabels;
  readonly productRoute: string;
  readonly countries: ReadonlyArray<CountryOption>;
  readonly initialKind?: Kind;
  /** §3's country list for the dial code, sorted by name in the page's language (at build time). */
  readonly dialCountries: ReadonlyArray<DialCountry>;
}) {
  const { labels } = props;
  const [kind, setKind] = useState<Kind>(props.initialKind ?? "individual");
  const [name, setName] = useState("");
  const [nric, setNric] = useState("");
  const [companyName, setCompanyName] = useState("");
  const [uen, setUen] = useState("");
  const [dateOfBirth, setDateOfBirth] = useState("");
  const contact = useContact(props.dialCountries);
  const { email, dialCode, mobile } = contact;
  const [address, setAddress] = useState<Address>(emptyAddress);
  const [consent, setConsent] = useState(false);
  // Spec §5: the donor agrees to the terms (iAgree), required; the version goes with the enrolment.
  const [agreed, setAgreed] = useState(false);
  const [termsMissing, setTermsMissing] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [done, setDone] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const error = (field: string) => {
    const key = errors[field];
    return key ? messageOf(labels, key) : undefined;
  };

  const validate = (): FieldErrors => {
    const found: FieldErrors = contactErrors({ email, dialCode, mobile });
    const put = (field: string, validation: Validation) => {
      if (validation) found[field] = validation;
    };
    if (kind === "individual") {
      if (name.trim() === "") found["name"] = "validation.fullName.enter";
      put("nric", validateNric(nric.trim()));
      put("dateOfBirth", validatePastDate(dateOfBirth, Date.now()));
    } else {
      put("name", validateContactPerson(name));
      put("companyName", validateCompanyName(companyName, { allowDot: true }));
      put("uen", validateUen(uen));
    }
    return found;
  };

  const submit = async () => {
    const found = validate();
    setErrors(found);
    setFailed(false);
    setTermsMissing(!agreed);
    if (Object.keys(found).length > 0 || !agreed) return focusFirstError(form.current);
    setBusy(true);
    await ensureGuest();
    const contact = {
      email: email.trim(),
      ...(mobile.trim() === ""
        ? {}
        : { countryCode: dialCode.trim(), mobile: mobile.replace(/\s/g, "") }),
      address: addressBody(address),
    };
    const body =
      kind === "individual"
        ? {
            kind,
            name: name.trim(),
            nric: nric.trim(),
            ...contact,
            profile: { dateOfBirth: dateOfBirth.trim(), marketingConsent: consent },
            termsVersion: TERMS_VERSION,
          }
        : {
            kind,
            name: name.trim(),
            companyName: companyName.trim(),
            uen: uen.trim(),
            ...contact,
            profile: { representativeName: name.trim(), marketingConsent: consent },
            termsVersion: TERMS_VERSION,
          };
    const answer = await postJson("enrollDonorManuallyPreDonation", body);
    setBusy(false);
    if (answer.status === 200) {
      enrolmentEnded();
      return setDone(true);
    }
    const code = typeof answer.body["code"] === "string" ? answer.body["code"] : "";
    const field = fieldOfCode(code);
    if (field) {
      setErrors({ [field]: code });
      focusFirstError(form.current);
    } else setFailed(true);
  };

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
      <ErrorSummary
        message={
          failed ? labels.enrol_error_generic : hasErrors ? labels.enrol_errors_heading : null
        }
      />
      <RadioGroup
        legend={labels.enrol_kind}
        name="kind"
        className="enrol-fieldset"
        optionsClassName="enrol-kinds"
        value={kind}
        options={[
          { value: "individual", label: labels.enrol_kind_individual },
          { value: "corporate", label: labels.enrol_kind_corporate },
        ]}
        onChange={(option) => {
          setKind(option);
          setErrors({});
        }}
      />
      <div className="enrol-grid">
        {kind === "corporate" ? (
          <>
            <TextField
              name="companyName"
              label={labels.enrol_company}
              value={companyName}
              onChange={setCompanyName}
              error={error("companyName")}
              maxLength={66}
              autoComplete="organization"
              required
            />
            <TextField
              name="uen"
              label={labels.enrol_uen}
              value={uen}
              onChange={setUen}
              error={error("uen")}
              maxLength={10}
              uppercase
              required
            />
          </>
        ) : null}
        <TextField
          name="name"
          label={kind === "individual" ? labels.enrol_name : labels.enrol_contact_person}
          value={name}
          onChange={setName}
          error={error("name")}
          maxLength={66}
          autoComplete="name"
          required
        />
        {kind === "individual" ? (
          <TextField
            name="nric"
            label={labels.enrol_nric}
            value={nric}
            onChange={setNric}
            error={error("nric")}
            maxLength={9}
            uppercase
            required
          />
        ) : null}
        {kind === "individual" ? (
          <TextField
            name="dateOfBirth"
            label={labels.enrol_dob_required}
            hint={labels.enrol_dob_hint}
            value={dateOfBirth}
            onChange={setDateOfBirth}
            error={error("dateOfBirth")}
            maxLength={10}
            inputMode="numeric"
            autoComplete="bday"
            required
          />
        ) : null}
        <ContactFields
          labels={labels}
          dialCountries={props.dialCountries}
          {...contact.fields}
          error={error}
        />
      </div>
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
        {labels.enrol_submit}
      </button>
    </form>
  );
}
