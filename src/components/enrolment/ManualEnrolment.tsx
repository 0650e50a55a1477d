import { useState } from "react";
import {
  CONTACT_PERSON_MAX_LENGTH,
  NAME_MAX_LENGTH,
  validateCompanyName,
  validateContactPerson,
  validateFirstName,
  validateNric,
  validatePastDate,
  validateRegisteredAddress,
  validateUen,
  cleanTextFields,
  TERMS_VERSION,
  type Validation,
} from "@portal/domain";
import { postJson, ensureGuest } from "./api";
import type { FieldErrors } from "./contact";
import type { CountryOption } from "../address/countries";
import { EnrolmentDone, EnrolmentFormView, useEnrolmentForm } from "./form";
import { RadioGroup } from "../ui/RadioGroup";
import { binder } from "../ui/bind";
import type { DialCountry } from "./dial-code";
import { TextField } from "../ui/TextField";
import type { ManualLabels } from "./labels";
import type { Language } from "../../i18n/paths";

type Kind = "individual" | "corporate";
const blank = { name: "", nric: "", companyName: "", uen: "", dateOfBirth: "" };

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
  const [values, setValues] = useState(blank);
  const { name, nric, companyName, uen, dateOfBirth } = values;
  const s = useEnrolmentForm(labels, props.dialCountries);
  const shown = Object.fromEntries(Object.keys(blank).map((key) => [key, s.error(key)]));
  // §5's text helper on the free-text fields as they are typed (the server applies it again).
  const { text } = binder(values, shown, (next: typeof blank) =>
    setValues(cleanTextFields(next, ["name", "companyName"])),
  );

  const validate = (): FieldErrors => {
    const found: FieldErrors = {};
    const put = (field: string, validation: Validation) => {
      if (validation) found[field] = validation;
    };
    if (kind === "individual") {
      // §5: blank is 'Enter full name'; a name that is no name is 'Enter Valid First Name'.
      put(
        "name",
        name.trim() === "" ? "validation.fullName.enter" : validateFirstName(name.trim()),
      );
      put("nric", validateNric(nric.trim()));
      put("dateOfBirth", validatePastDate(dateOfBirth, Date.now()));
    } else {
      put("name", validateContactPerson(name));
      put("companyName", validateCompanyName(companyName, { allowDot: true }));
      put("uen", validateUen(uen));
      put("address", validateRegisteredAddress(s.address));
    }
    return found;
  };

  const submit = async () => {
    if (!s.check(validate())) return;
    const contact = s.body();
    const body =
      kind === "individual"
        ? {
            kind,
            name: name.trim(),
            nric: nric.trim(),
            ...contact,
            profile: { dateOfBirth: dateOfBirth.trim(), marketingConsent: s.consent },
            termsVersion: TERMS_VERSION,
          }
        : {
            kind,
            name: name.trim(),
            companyName: companyName.trim(),
            uen: uen.trim(),
            ...contact,
            profile: { representativeName: name.trim(), marketingConsent: s.consent },
            termsVersion: TERMS_VERSION,
          };
    await s.send(async () => {
      await ensureGuest();
      return postJson("enrollDonorManuallyPreDonation", body);
    });
  };

  if (s.done) return <EnrolmentDone {...props} />;
  return (
    <EnrolmentFormView
      state={s}
      labels={labels}
      countries={props.countries}
      submitLabel={labels.enrol_submit}
      {...(kind === "corporate"
        ? {
            addressLegend: labels.donorlast_registered_address,
            addressHint: labels.donorlast_registered_address_hint,
          }
        : {})}
      onSubmit={submit}
    >
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
          s.setErrors({});
        }}
      />
      <div className="enrol-grid">
        {kind === "corporate" ? (
          <>
            <TextField
              {...text("companyName")}
              label={labels.enrol_company}
              maxLength={NAME_MAX_LENGTH}
              limitNote={labels.validation_name_tooLong}
              autoComplete="organization"
              required
            />
            <TextField
              {...text("uen")}
              label={labels.enrol_uen}
              maxLength={10}
              uppercase
              required
            />
          </>
        ) : null}
        <TextField
          {...text("name")}
          label={kind === "individual" ? labels.enrol_name : labels.enrol_contact_person}
          maxLength={kind === "individual" ? NAME_MAX_LENGTH : CONTACT_PERSON_MAX_LENGTH}
          limitNote={
            kind === "individual"
              ? labels.validation_name_tooLong
              : labels.validation_contactPerson_tooLong
          }
          autoComplete="name"
          required
        />
        {kind === "individual" ? (
          <>
            <TextField
              {...text("nric")}
              label={labels.enrol_nric}
              maxLength={9}
              uppercase
              required
            />
            <TextField
              {...text("dateOfBirth")}
              label={labels.enrol_dob_required}
              hint={labels.enrol_dob_hint}
              maxLength={10}
              inputMode="numeric"
              autoComplete="bday"
              required
            />
          </>
        ) : null}
        {s.contactFields}
      </div>
    </EnrolmentFormView>
  );
}
