import { useMemo, useState, type FormEvent } from "react";
import {
  cleanTextFields,
  CONTACT_PERSON_MAX_LENGTH,
  NAME_MAX_LENGTH,
  passwordIssues,
  signUpErrorOutcome,
  TERMS_VERSION,
  validateCompanyName,
  validateContactPerson,
  validateEmail,
  validateFullName,
  validateMobile,
  validateNric,
  validateUen,
} from "@portal/domain";
import { $authPopup } from "../../stores/auth-popup";
import type { AuthContext } from "./context";
import { dialCountries } from "../enrolment/dial-countries";
import { dialCodeOf, HOME_REGION } from "../enrolment/dial-code";
import { TermsCheck } from "../ui/TermsCheck";
import { ContactFields } from "../ui/ContactFields";
import { binder } from "../ui/bind";
import { TextField } from "../ui/TextField";
import { FormMessage, NewPasswordField, SubmitButton, useSubmit } from "./fields";
import { failureOf, validationText } from "./messages";
import { SocialButtons } from "./SignInForms";

type Kind = "individual" | "corporate";
type Values = Record<
  "name" | "nric" | "companyName" | "uen" | "email" | "mobile" | "password",
  string
>;

export function SignUpForm({ context }: { readonly context: AuthContext }) {
  const [kind, setKind] = useState<Kind>("individual");
  const countries = useMemo(() => dialCountries(context.lang), [context.lang]);
  // Several countries share a dial code (+1, +7, +44...): the choice is the country, not its code.
  const [region, setRegion] = useState(HOME_REGION);
  const [values, setValues] = useState<Values>({
    name: "",
    nric: "",
    companyName: "",
    uen: "",
    email: "",
    mobile: "",
    password: "",
  });
  const [errors, setErrors] = useState<Partial<Record<keyof Values | "terms", string>>>({});
  const [agreed, setAgreed] = useState(false);
  const { busy, error, setError, submit } = useSubmit();
  // §5's text helper on the names as they are typed.
  const { text } = binder(values, errors, (next: Values) =>
    setValues(cleanTextFields(next, ["name", "companyName"])),
  );
  const accounts = context.accounts;
  const v = (key: Parameters<typeof validationText>[1]) => validationText(context, key);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const corporate = kind === "corporate";
    const found: Partial<Record<keyof Values | "terms", string | undefined>> = {
      name: v(corporate ? validateContactPerson(values.name) : validateFullName(values.name)),
      nric: corporate ? undefined : v(validateNric(values.nric.trim())),
      companyName: corporate
        ? v(validateCompanyName(values.companyName, { allowDot: true }))
        : undefined,
      uen: corporate ? v(validateUen(values.uen)) : undefined,
      email: v(validateEmail(values.email)),
      mobile: v(validateMobile(values.mobile)),
      password: v(passwordIssues(values.password)[0] ?? null),
      // Spec §5: iAgree must be true, with its message.
      terms: agreed ? undefined : context.t("trust_fe_terms_required"),
    };
    const shown = Object.fromEntries(Object.entries(found).filter(([, text]) => text));
    setErrors(shown);
    if (Object.keys(shown).length > 0 || !accounts) return;
    void submit(
      async () => {
        await context.run(
          accounts.signUp({
            kind,
            name: values.name.trim(),
            email: values.email,
            password: values.password,
            countryCode: dialCodeOf(countries, region),
            mobile: values.mobile.replace(/\s/g, ""),
            termsVersion: TERMS_VERSION,
            ...(corporate
              ? { uen: values.uen, companyName: values.companyName.trim() }
              : { nric: values.nric.trim() }),
          }),
        );
        $authPopup.set({ kind: "VERIFY_PENDING", email: values.email.trim().toLowerCase() });
      },
      (cause) => {
        const { name, message } = failureOf(cause);
        if (name === "Error") return context.t("auth_error");
        const outcome = signUpErrorOutcome(name, message);
        if (outcome.kind === "popup") {
          queueMicrotask(() =>
            $authPopup.set({
              kind: "ALREADY_HAVE_ACCOUNT",
              email: values.email.trim().toLowerCase(),
            }),
          );
          return "";
        }
        return outcome.kind === "message" ? context.t(outcome.key) : outcome.message;
      },
    );
  };

  const radio = (value: Kind, label: string) => (
    <label className="auth-choice">
      <input
        type="radio"
        name="account-type"
        value={value}
        checked={kind === value}
        onChange={() => {
          setKind(value);
          setErrors({});
          setError(null);
        }}
      />{" "}
      {label}
    </label>
  );

  return (
    <form noValidate onSubmit={onSubmit} className="auth-form">
      <fieldset className="auth-kind">
        <legend>{context.t("auth_account_type")}</legend>
        {radio("individual", context.t("auth_signup_individual"))}
        {radio("corporate", context.t("auth_signup_corporate"))}
      </fieldset>
      <FormMessage error={error || null} />
      {kind === "corporate" ? (
        <>
          <TextField
            {...text("companyName")}
            name="company-name"
            autoComplete="organization"
            label={context.t("auth_company_name")}
            maxLength={NAME_MAX_LENGTH}
            limitNote={context.t("validation_name_tooLong")}
          />
          <TextField {...text("uen")} label={context.t("auth_uen")} uppercase maxLength={10} />
        </>
      ) : null}
      <TextField
        {...text("name")}
        autoComplete="name"
        label={context.t(kind === "corporate" ? "auth_contact_person" : "auth_full_name")}
        maxLength={kind === "corporate" ? CONTACT_PERSON_MAX_LENGTH : NAME_MAX_LENGTH}
        limitNote={context.t(
          kind === "corporate" ? "validation_contactPerson_tooLong" : "validation_name_tooLong",
        )}
      />
      {kind === "individual" ? (
        <TextField {...text("nric")} label={context.t("auth_nric")} uppercase maxLength={9} />
      ) : null}
      <ContactFields
        labels={{
          email: context.t("auth_email"),
          dialCode: context.t("auth_dial_code"),
          mobile: context.t("auth_mobile"),
        }}
        dialCountries={countries}
        dialName="dial-code"
        email={text("email")}
        mobile={text("mobile")}
        region={region}
        onRegion={setRegion}
      />
      <NewPasswordField
        context={context}
        label={context.t("auth_password")}
        value={values.password}
        onChange={text("password").onChange}
        error={errors.password}
      />
      {/* Agreement to the terms (spec §5 iAgree): required; the version agreed to travels with the sign-up. */}
      <TermsCheck
        label={context.t("trust_fe_terms_agree")}
        checked={agreed}
        onChange={setAgreed}
        error={errors.terms}
      />
      <SubmitButton
        context={context}
        busy={busy}
        disabled={!accounts}
        label={context.t("auth_signup_submit")}
      />
      <p className="auth-links">
        {context.t("auth_have_account")}{" "}
        <button
          type="button"
          className="auth-link"
          onClick={() => $authPopup.set({ kind: "LOGIN" })}
        >
          {context.t("auth_login_submit")}
        </button>
      </p>
      <SocialButtons context={context} signUp />
    </form>
  );
}
