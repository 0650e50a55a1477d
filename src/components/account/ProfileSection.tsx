import { useState, type FormEvent } from "react";
import {
  cleanText,
  CONTACT_PERSON_MAX_LENGTH,
  NAME_MAX_LENGTH,
  cleanTextFields,
  emptyAddress,
  formatMobile,
  MOBILE_MASK,
  TYPED_ADDRESS_PARTS,
  validateEmail,
  validateFullName,
  validateMobile,
  type Address,
  type Validation,
} from "@portal/domain";
import { labelKeyOf } from "../../i18n/fill";
import type { AccountBridge } from "../auth/bridge";
import { AddressFields, addressBody } from "../address/AddressFields";
import type { CountryOption } from "../address/countries";
import { addressLabelKeys, type AddressLabels } from "../address/labels";
import { ContactFields } from "../ui/ContactFields";
import {
  dialCodeOf,
  regionOfDialCode,
  type DialCodeRegions,
  type DialCountry,
} from "../enrolment/dial-code";
import { TextField } from "../ui/TextField";
import { CallFailed, type Call } from "./api";
import { Outcome, useOutcome } from "./Outcome";
import type { Label } from "./AccountArea";
import { EmailField } from "../ui/EmailField";
import { MyData } from "./MyData";

/** Spec §3's signed-in user data, as getSignInUserDetails answers it (the NRIC masked). */
export interface UserData {
  readonly name: string;
  readonly email: string;
  readonly countryCode: string;
  readonly mobile: string;
  readonly nric: string;
  readonly uen: string;
  readonly companyName: string;
  readonly donorType: "individual" | "corporate";
  readonly address: Partial<Address>;
  readonly dateofbirth: string;
  readonly sex: string;
  readonly race: string;
  readonly nationality: string;
  readonly countryofbirth: string;
  readonly dialect: string;
  /** The representative (spec §3 `aliasname`). */
  readonly aliasname: string;
  readonly registeredAddress: string;
  /** The fields Singpass / Myinfo gave: shown, not corrected here (the donor corrects them at Singpass). */
  readonly singpassFields: ReadonlyArray<string>;
}

/** The address as one line, for the identity provider's `address` attribute (spec §3). */
const addressLine = (a: Partial<Address>) =>
  [
    a.blockNumber,
    a.streetName,
    a.floorNo || a.unitNo ? `#${a.floorNo ?? ""}-${(a.unitNo ?? "").replace(/^#/, "")}` : "",
    a.buildingName,
    a.country,
    a.postalCode,
  ]
    .filter(Boolean)
    .join(" ");

interface Props {
  readonly call: Call;
  readonly t: Label;
  readonly user: UserData;
  readonly bridge: AccountBridge;
  readonly countries: ReadonlyArray<CountryOption>;
  readonly dialCountries: ReadonlyArray<DialCountry>;
  readonly dialRegions: DialCodeRegions;
  readonly onChanged: (user: UserData) => void;
}

/** The address island's strings, from the page's labels. */
const labelsOf = (t: Label): AddressLabels =>
  Object.fromEntries(addressLabelKeys.map((key) => [key, t(key)])) as AddressLabels;

const message = (t: Label, validation: Validation) =>
  validation === null ? undefined : t(labelKeyOf(validation));

function DetailsForm({ call, t, user, bridge, countries, onChanged }: Props) {
  const [name, setName] = useState(user.name);
  const [dateOfBirth, setDateOfBirth] = useState(user.dateofbirth);
  const [representative, setRepresentative] = useState(user.aliasname);
  const [address, setAddress] = useState<Address>({ ...emptyAddress, ...user.address });
  const [nameError, setNameError] = useState<string>();
  const [dateError, setDateError] = useState<string>();
  const { outcome, setOutcome, busy, run } = useOutcome(t);
  // What Singpass gave is not typed over: the donor corrects it at Singpass (the server refuses too).
  const singpass = new Set(user.singpassFields);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const issue = singpass.has("name") ? undefined : message(t, validateFullName(name.trim()));
    setNameError(issue);
    setDateError(undefined);
    if (issue) return setOutcome({});
    await run(async () => {
      const body = addressBody(address);
      const profile = {
        representativeName: representative.trim(),
        ...(singpass.has("dateOfBirth") ? {} : { dateOfBirth: dateOfBirth.trim() }),
      };
      // The date of birth is checked by the server (the enrolment form's rule, validatePastDate, which
      // the account page does not ship again): its refusal marks the field.
      await call("updateDonorCognitoProfile", {
        ...(singpass.has("name") ? {} : { name: name.trim() }),
        address: body,
        profile,
      }).catch((error: unknown) => {
        const code = error instanceof CallFailed ? error.code : undefined;
        if (code?.startsWith("validation.date")) setDateError(t(labelKeyOf(code)));
        throw error;
      });
      // Spec §3: the identity provider's `address` attribute follows the profile's address.
      // (Best effort: the portal's record is the donor's data; the attribute mirrors it.)
      const line = addressLine(body);
      if (line) await bridge.updateAttributes({ address: line }).catch(() => undefined);
      onChanged({
        ...user,
        name: singpass.has("name") ? user.name : name.trim(),
        address: body,
        aliasname: profile.representativeName,
        dateofbirth: profile.dateOfBirth ?? user.dateofbirth,
      });
      return t("account_saved");
    });
  };
  return (
    <form className="account-form" onSubmit={(event) => void submit(event)} noValidate>
      <h3>{t("account_details_heading")}</h3>
      {singpass.has("name") ? null : (
        <TextField
          label={user.donorType === "corporate" ? t("account_contact_person") : t("account_name")}
          name="name"
          value={name}
          // §5's text helper as typed (the server applies it again).
          onChange={(typed) => setName(cleanText(typed))}
          error={nameError}
          maxLength={user.donorType === "corporate" ? CONTACT_PERSON_MAX_LENGTH : NAME_MAX_LENGTH}
          limitNote={t(
            user.donorType === "corporate"
              ? "validation_contactPerson_tooLong"
              : "validation_name_tooLong",
          )}
          autoComplete="name"
        />
      )}
      {singpass.has("dateOfBirth") ? null : (
        <TextField
          label={t("account_field_dateOfBirth")}
          name="dateOfBirth"
          value={dateOfBirth}
          onChange={setDateOfBirth}
          error={dateError}
          maxLength={10}
          inputMode="numeric"
          autoComplete="bday"
          hint={t("account_date_hint")}
        />
      )}
      <TextField
        label={t("account_field_representative")}
        name="representative"
        value={representative}
        onChange={(typed) => setRepresentative(cleanText(typed))}
        maxLength={NAME_MAX_LENGTH}
        limitNote={t("validation_name_tooLong")}
      />
      {singpass.size > 0 ? <p className="account-note">{t("account_singpass_why")}</p> : null}
      <AddressFields
        labels={labelsOf(t)}
        countries={countries}
        value={address}
        onChange={(next) => setAddress(cleanTextFields(next, TYPED_ADDRESS_PARTS))}
      />
      <button type="submit" className="button" disabled={busy}>
        {t("account_save_details")}
      </button>
      <Outcome {...outcome} />
    </form>
  );
}

function MobileForm({ call, t, user, onChanged, dialCountries, dialRegions }: Props) {
  // The country whose code the number has (the main one where several share it: +1 the US).
  const [region, setRegion] = useState(() =>
    regionOfDialCode(dialCountries, dialRegions, user.countryCode),
  );
  const countryCode = dialCodeOf(dialCountries, region);
  const [mobile, setMobile] = useState(user.mobile);
  const [error, setError] = useState<string>();
  const { outcome, setOutcome, run } = useOutcome(t);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const digits = mobile.replace(/\s/g, "");
    const issue = message(t, validateMobile(digits));
    setError(issue);
    if (issue) return setOutcome({});
    await run(async () => {
      await call("updateCognitoUser", { countryCode, mobile: digits });
      onChanged({ ...user, countryCode, mobile: digits });
      return t("account_saved");
    });
  };
  return (
    <form className="account-form" onSubmit={(event) => void submit(event)} noValidate>
      <h3>{t("account_mobile_heading")}</h3>
      <p>
        {t("account_current")}{" "}
        <span data-testid="account-mobile">
          {user.mobile ? formatMobile(`${user.countryCode}${user.mobile}`, MOBILE_MASK) : "-"}
        </span>
      </p>
      <ContactFields
        labels={{ dialCode: t("enrol_dial_code"), mobile: t("enrol_mobile") }}
        dialCountries={dialCountries}
        dialName="countryCode"
        mobile={{ value: mobile, onChange: setMobile, error }}
        region={region}
        onRegion={setRegion}
      />
      <button type="submit" className="button">
        {t("account_save_mobile")}
      </button>
      <Outcome {...outcome} />
    </form>
  );
}

/**
 * The sign-in e-mail changes only with the code sent to the new address (identity provider), and the
 * donor record follows once the provider says it is verified (updateDonorEmailCognitoProfile).
 */
function EmailForm({ call, t, user, bridge, onChanged }: Props) {
  const [email, setEmail] = useState("");
  const [code, setCode] = useState("");
  const [step, setStep] = useState<"enter" | "code">("enter");
  const [fieldError, setFieldError] = useState<string>();
  const { outcome, setOutcome, busy, run } = useOutcome(t);
  const send = (event: FormEvent) => {
    event.preventDefault();
    const next = email.trim().toLowerCase();
    const issue =
      message(t, validateEmail(next)) ??
      (next === user.email.toLowerCase() ? t("account_email_same") : undefined);
    setFieldError(issue);
    if (issue) return setOutcome({});
    void run(async () => {
      await bridge.requestEmailChange(next);
      setStep("code");
      return t("account_email_code_sent", { email: next });
    });
  };
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setFieldError(t("account_code_invalid"));
      return setOutcome({});
    }
    setFieldError(undefined);
    void run(async () => {
      await bridge.confirmEmailChange(code);
      const next = email.trim().toLowerCase();
      await call("updateDonorEmailCognitoProfile", { email: next });
      onChanged({ ...user, email: next });
      setStep("enter");
      setEmail("");
      setCode("");
      return t("account_email_changed", { email: next });
    });
  };
  return (
    <form
      className="account-form"
      onSubmit={step === "enter" ? send : confirm}
      noValidate
      aria-busy={busy}
    >
      <h3>{t("account_email_heading")}</h3>
      <p>
        {t("account_current")} <span data-testid="account-email">{user.email}</span>
      </p>
      {step === "enter" ? (
        <EmailField
          label={t("account_email_new")}
          value={email}
          onChange={setEmail}
          error={fieldError}
        />
      ) : (
        <TextField
          label={t("account_email_code")}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={setCode}
          error={fieldError}
          maxLength={6}
        />
      )}
      <div className="account-buttons">
        <button type="submit" className="button" disabled={busy}>
          {step === "enter" ? t("account_email_send") : t("account_email_confirm")}
        </button>
        {step === "code" ? (
          <>
            <button
              type="button"
              className="account-link-button"
              disabled={busy}
              onClick={() =>
                void run(async () => {
                  await bridge.resendEmailChangeCode();
                  return t("account_email_code_sent", { email: email.trim() });
                })
              }
            >
              {t("account_email_resend")}
            </button>
            <button
              type="button"
              className="account-link-button"
              onClick={() => {
                setStep("enter");
                setCode("");
                setOutcome({});
              }}
            >
              {t("account_cancel")}
            </button>
          </>
        ) : null}
      </div>
      <Outcome {...outcome} />
    </form>
  );
}

/** Profile (spec §3 profile, §7 profile updates): who the donor is, and the parts they may change. */
export function ProfileSection(props: Props) {
  const { t, user, bridge } = props;
  return (
    <section id="account-profile" className="account-section" aria-labelledby="account-profile-h">
      <h2 id="account-profile-h">{t("account_profile_heading")}</h2>
      <MyData call={props.call} t={t} user={user} />
      <div className="account-forms">
        <DetailsForm {...props} />
        <MobileForm {...props} />
        <EmailForm {...props} />
        <div className="account-form">
          <h3>{t("account_password_heading")}</h3>
          <button type="button" className="button" onClick={() => bridge.open("CHANGE_PASSWORD")}>
            {t("account_password_change")}
          </button>
        </div>
      </div>
    </section>
  );
}
