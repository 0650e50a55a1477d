import { useRef, useState, type ReactNode } from "react";
import { cleanTextFields, emptyAddress, TYPED_ADDRESS_PARTS, type Address } from "@portal/domain";
import { continuePath, enrolmentEnded, messageOf, type Answer } from "./api";
import { contactErrors, fieldOfCode, focusFirstError, type FieldErrors } from "./contact";
import { dialCodeOf, HOME_REGION, type DialCountry } from "./dial-code";
import type { ManualLabels, SingpassUpdateLabels } from "./labels";
import { AddressFields, addressBody } from "../address/AddressFields";
import type { CountryOption } from "../address/countries";
import { Checkbox } from "../ui/Checkbox";
import { ContactFields } from "../ui/ContactFields";
import { ErrorSummary } from "../ui/ErrorSummary";
import { TermsCheck } from "../ui/TermsCheck";
import type { Language } from "../../i18n/paths";

/** What both enrolment forms show (the labels they share). */
type Labels = ManualLabels | SingpassUpdateLabels;

/**
 * The state both enrolment forms share: contact, address, marketing consent, the terms (spec §5
 * iAgree, required; the version goes with the enrolment), the fields in error, sending and done.
 */
export function useEnrolmentForm(labels: Labels, dialCountries: ReadonlyArray<DialCountry>) {
  const [email, setEmail] = useState("");
  const [region, setRegion] = useState(HOME_REGION);
  const [mobile, setMobile] = useState("");
  const [address, setAddress] = useState<Address>(emptyAddress);
  const [consent, setConsent] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const [termsMissing, setTermsMissing] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [done, setDone] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const dialCode = dialCodeOf(dialCountries, region);
  const error = (field: string) => {
    const key = errors[field];
    return key ? messageOf(labels, key) : undefined;
  };
  return {
    form,
    address,
    /** The address as typed, §5's text helper on its free-text parts (the server applies it again). */
    setAddress: (next: Address) => setAddress(cleanTextFields(next, TYPED_ADDRESS_PARTS)),
    consent,
    setConsent,
    agreed,
    setAgreed,
    termsMissing,
    setTermsMissing,
    errors,
    setErrors,
    error,
    busy,
    setBusy,
    failed,
    setFailed,
    done,
    setDone,
    contact: { email, region, mobile, dialCode },
    setContact: (next: { email: string; region: string; mobile: string }) => {
      setEmail(next.email);
      setRegion(next.region);
      setMobile(next.mobile);
    },
    /** Fields whose values the form checks itself: the contact's, with `more` (its own). */
    check: (more: FieldErrors = {}): boolean => {
      const found = { ...contactErrors({ email, dialCode, mobile }), ...more };
      setErrors(found);
      setFailed(false);
      setTermsMissing(!agreed);
      if (Object.keys(found).length === 0 && agreed) return true;
      focusFirstError(form.current);
      return false;
    },
    /**
     * Send the form (`call`) and show its answer: done, a refusal the form explains itself
     * (`handled`), a field in error, or the generic failure.
     */
    send: async (call: () => Promise<Answer>, handled: (code: string) => boolean = () => false) => {
      setBusy(true);
      const answer = await call();
      setBusy(false);
      if (answer.status === 200) {
        enrolmentEnded();
        return setDone(true);
      }
      const code = typeof answer.body["code"] === "string" ? answer.body["code"] : "";
      if (handled(code)) return;
      const field = fieldOfCode(code);
      if (field) {
        setErrors({ [field]: code });
        focusFirstError(form.current);
      } else setFailed(true);
    },
    /** Contact and address as the enrolment calls take them. */
    body: () => ({
      email: email.trim(),
      ...(mobile.trim() === ""
        ? {}
        : { countryCode: dialCode.trim(), mobile: mobile.replace(/\s/g, "") }),
      address: addressBody(address),
    }),
    contactFields: (
      <ContactFields
        labels={{
          email: labels.enrol_email,
          dialCode: labels.enrol_country_dial,
          mobile: labels.enrol_mobile,
        }}
        dialCountries={dialCountries}
        email={{ value: email, onChange: setEmail, error: error("email") }}
        emailRequired
        mobile={{ value: mobile, onChange: setMobile, error: error("mobile") }}
        region={region}
        onRegion={setRegion}
      />
    ),
  };
}

export type EnrolmentForm = ReturnType<typeof useEnrolmentForm>;

/**
 * Both forms around their own fields (`children`): the alert, then the address, marketing consent,
 * the terms and the submit button.
 */
export function EnrolmentFormView(props: {
  readonly state: EnrolmentForm;
  readonly labels: Labels;
  readonly countries: ReadonlyArray<CountryOption>;
  readonly submitLabel: string;
  /** The address's name and hint when it is a company's registered address (required then). */
  readonly addressLegend?: string;
  readonly addressHint?: string;
  readonly onSubmit: () => Promise<void>;
  readonly children: ReactNode;
}) {
  const { state: s, labels } = props;
  const hasErrors = Object.keys(s.errors).length > 0;
  return (
    <form
      ref={s.form}
      className="enrol-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void props.onSubmit();
      }}
    >
      <ErrorSummary
        message={
          s.failed ? labels.enrol_error_generic : hasErrors ? labels.enrol_errors_heading : null
        }
      />
      {props.children}
      <AddressFields
        labels={labels}
        countries={props.countries}
        value={s.address}
        onChange={s.setAddress}
        legend={props.addressLegend}
        hint={props.addressHint}
        error={s.error("address")}
      />
      <Checkbox label={labels.consent_zakatUpdates} checked={s.consent} onChange={s.setConsent} />
      <TermsCheck
        label={labels.trust_fe_terms_agree}
        checked={s.agreed}
        onChange={s.setAgreed}
        error={s.termsMissing && !s.agreed ? labels.trust_fe_terms_required : undefined}
      />
      <button className="button" type="submit" disabled={s.busy} aria-busy={s.busy}>
        {props.submitLabel}
      </button>
    </form>
  );
}

/** The donor is enrolled: on to the flow they came from. */
export function EnrolmentDone(props: {
  readonly labels: Labels;
  readonly lang: Language;
  readonly productRoute: string;
}) {
  const { labels } = props;
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
