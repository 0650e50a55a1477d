import { useId, type ReactNode } from "react";
import {
  validateCompanyName,
  validateEmail,
  validateFullName,
  validateMobile,
  validateNric,
  validateOnBehalfOf,
  validateUen,
  type Validation,
} from "@portal/domain";
import { labelKeyOf } from "../../i18n/fill";
import { DialCodeSelect } from "../enrolment/DialCodeSelect";
import { dialCodeOf, HOME_REGION, type DialCountry } from "../enrolment/dial-code";
import type { CheckoutLabels } from "./labels";

/** The donor's details as typed. Kept in the page only: never in storage, never in a URL. */
export interface DonorEntry {
  readonly name: string;
  readonly email: string;
  /** The mobile number's country (ISO code: several share a dial code) and its dial code. */
  readonly region: string;
  readonly countryCode: string;
  readonly mobile: string;
  readonly anonymous: boolean;
  readonly others: boolean;
  readonly othersName: string;
  readonly deceased: boolean;
  readonly business: boolean;
  readonly companyName: string;
  readonly uen: string;
  readonly iras: boolean;
  readonly taxId: string;
}

export const emptyDonor: DonorEntry = {
  name: "",
  email: "",
  region: HOME_REGION,
  countryCode: "+65",
  mobile: "",
  anonymous: false,
  others: false,
  othersName: "",
  deceased: false,
  business: false,
  companyName: "",
  uen: "",
  iras: false,
  taxId: "",
};

export type DonorErrors = Partial<Record<keyof DonorEntry, string>>;

const message = (l: CheckoutLabels, validation: Validation): string | undefined => {
  if (validation === null) return undefined;
  const key = labelKeyOf(validation) as keyof CheckoutLabels;
  return l[key] ?? validation;
};

/** The domain's validators (§5) over the entered details; the server checks them again. */
export const checkDonor = (donor: DonorEntry, l: CheckoutLabels): DonorErrors => {
  const errors: Record<string, string | undefined> = {
    name:
      donor.name.trim() === ""
        ? l.validation_fullName_enter
        : message(l, validateFullName(donor.name.trim())),
    email: message(l, validateEmail(donor.email.trim())),
    mobile:
      donor.mobile.trim() === ""
        ? undefined
        : message(l, validateMobile(donor.mobile.replace(/\s/g, ""))),
    othersName: donor.others
      ? donor.othersName.trim() === ""
        ? l.validation_onBehalfOf_invalid
        : message(l, validateOnBehalfOf(donor.othersName.trim()))
      : undefined,
    companyName: donor.business
      ? message(l, validateCompanyName(donor.companyName, { allowDot: true }))
      : undefined,
    uen: donor.business ? message(l, validateUen(donor.uen.trim().toUpperCase())) : undefined,
    taxId: donor.iras
      ? message(
          l,
          donor.business
            ? validateUen(donor.taxId.trim().toUpperCase())
            : validateNric(donor.taxId.trim().toUpperCase()),
        )
      : undefined,
  };
  return Object.fromEntries(Object.entries(errors).filter(([, v]) => v !== undefined));
};

/** The details as the create call takes them (docs/payment-api.md). */
export const donorPayload = (donor: DonorEntry) => ({
  name: donor.name.trim(),
  email: donor.email.trim(),
  anonymous: donor.anonymous,
  ...(donor.mobile.trim() === ""
    ? {}
    : { countryCode: donor.countryCode, mobile: donor.mobile.replace(/\s/g, "") }),
  ...(donor.others ? { onBehalfOf: donor.othersName.trim() } : {}),
  ...(donor.others && donor.deceased ? { isDeceased: true } : {}),
  ...(donor.business
    ? { business: { companyName: donor.companyName.trim(), uen: donor.uen.trim().toUpperCase() } }
    : {}),
  ...(donor.iras ? { taxId: donor.taxId.trim().toUpperCase() } : {}),
});

function TextField(props: {
  readonly label: string;
  readonly value: string;
  readonly error: string | undefined;
  readonly onChange: (value: string) => void;
  readonly autoComplete: string;
  readonly type?: "text" | "email" | "tel";
  readonly maxLength: number;
  readonly hint?: string;
  readonly testId: string;
  readonly upper?: boolean;
}) {
  const id = useId();
  const describedBy =
    [props.hint ? `${id}-hint` : null, props.error ? `${id}-error` : null]
      .filter((x) => x !== null)
      .join(" ") || undefined;
  return (
    <div className="calc-field">
      <label htmlFor={id}>{props.label}</label>
      {props.hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {props.hint}
        </p>
      ) : null}
      <input
        id={id}
        type={props.type ?? "text"}
        autoComplete={props.autoComplete}
        maxLength={props.maxLength}
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy}
        data-testid={props.testId}
        onChange={(event) =>
          props.onChange(
            props.upper ? event.currentTarget.value.toUpperCase() : event.currentTarget.value,
          )
        }
      />
      {props.error ? (
        <p id={`${id}-error`} className="calc-error">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

function Check(props: {
  readonly label: string;
  readonly checked: boolean;
  readonly onChange: (checked: boolean) => void;
  readonly testId: string;
  /** A sentence under the box, read with it by screen readers. */
  readonly hint?: string | undefined;
  readonly children?: ReactNode;
}) {
  const hintId = useId();
  return (
    <>
      <label className="choice-option">
        <input
          type="checkbox"
          checked={props.checked}
          data-testid={props.testId}
          aria-describedby={props.hint ? hintId : undefined}
          onChange={(event) => props.onChange(event.currentTarget.checked)}
        />
        <span>{props.label}</span>
      </label>
      {props.hint ? (
        <p className="field-hint checkout-check-hint" id={hintId}>
          {props.hint}
        </p>
      ) : null}
      {props.checked ? <div className="checkout-indent">{props.children}</div> : null}
    </>
  );
}

/** Name, e-mail and mobile; anonymous giving; on behalf of others or the deceased; business; IRAS. */
export function DonorFields(props: {
  readonly donor: DonorEntry;
  readonly errors: DonorErrors;
  readonly labels: CheckoutLabels;
  readonly zakatLike: boolean;
  /** Whether this gift can be included in IRAS's records (zakat, the wakaf funds; not fidyah or kaffarah). */
  readonly taxIncluded: boolean;
  /** The dial-code list (built into the page), shared with the enrolment forms. */
  readonly dialCountries: ReadonlyArray<DialCountry>;
  readonly onChange: (donor: DonorEntry) => void;
}) {
  const { donor, errors, labels: l, onChange } = props;
  const set =
    <K extends keyof DonorEntry>(key: K) =>
    (value: DonorEntry[K]) =>
      onChange({ ...donor, [key]: value });
  return (
    <div className="checkout-donor">
      <TextField
        label={l.checkout_name}
        value={donor.name}
        error={errors.name}
        onChange={set("name")}
        autoComplete="name"
        maxLength={66}
        testId="donor-name"
      />
      <TextField
        label={l.checkout_email}
        hint={l.checkout_details_hint}
        type="email"
        value={donor.email}
        error={errors.email}
        onChange={set("email")}
        autoComplete="email"
        maxLength={254}
        testId="donor-email"
      />
      <div className="enrol-mobile">
        <DialCodeSelect
          label={l.checkout_dial_code}
          name="countryCode"
          value={donor.region}
          countries={props.dialCountries}
          onChange={(region) =>
            onChange({
              ...donor,
              region,
              countryCode: dialCodeOf(props.dialCountries, region),
            })
          }
        />
        <TextField
          label={l.checkout_mobile}
          type="tel"
          value={donor.mobile}
          error={errors.mobile}
          onChange={set("mobile")}
          autoComplete="tel-national"
          maxLength={20}
          testId="donor-mobile"
        />
      </div>
      <Check
        label={l.checkout_anonymous}
        checked={donor.anonymous}
        onChange={set("anonymous")}
        testId="donor-anonymous"
        // The wakaf funds list their donors publicly (the donor wall); zakat, fidyah and kaffarah do not.
        hint={props.zakatLike ? undefined : l.checkout_anonymous_wall}
      />
      {props.zakatLike ? (
        <Check
          label={l.checkout_others}
          checked={donor.others}
          onChange={set("others")}
          testId="donor-others"
        >
          <TextField
            label={l.checkout_others_name}
            value={donor.othersName}
            error={errors.othersName}
            onChange={set("othersName")}
            autoComplete="off"
            maxLength={66}
            testId="donor-others-name"
          />
          <Check
            label={l.checkout_deceased}
            checked={donor.deceased}
            onChange={set("deceased")}
            testId="donor-deceased"
          />
        </Check>
      ) : null}
      <Check
        label={l.checkout_business}
        checked={donor.business}
        onChange={set("business")}
        testId="donor-business"
      >
        <TextField
          label={l.checkout_company}
          value={donor.companyName}
          error={errors.companyName}
          onChange={set("companyName")}
          autoComplete="organization"
          maxLength={66}
          testId="donor-company"
        />
        <TextField
          label={l.checkout_uen}
          value={donor.uen}
          error={errors.uen}
          onChange={set("uen")}
          autoComplete="off"
          maxLength={10}
          upper
          testId="donor-uen"
        />
      </Check>
      {props.taxIncluded ? (
        <Check
          label={l.checkout_iras}
          checked={donor.iras}
          onChange={set("iras")}
          testId="donor-iras"
        >
          <TextField
            label={donor.business ? l.checkout_iras_uen : l.checkout_iras_id}
            hint={l.checkout_iras_hint}
            value={donor.taxId}
            error={errors.taxId}
            onChange={set("taxId")}
            autoComplete="off"
            maxLength={10}
            upper
            testId="donor-tax-id"
          />
        </Check>
      ) : null}
    </div>
  );
}
