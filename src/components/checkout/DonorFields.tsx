import {
  NAME_MAX_LENGTH,
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
import { Checkbox as Check } from "../ui/Checkbox";
import { binder } from "../ui/bind";
import { ContactFields } from "../ui/ContactFields";
import { TextField } from "../ui/TextField";
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
  // Always the mobile as the field shows it: blank is a mobile cleared, and the receipt shows none
  // (not the one prefilled from an account or an enrolment).
  ...(donor.mobile.trim() === ""
    ? { mobile: "" }
    : { countryCode: donor.countryCode, mobile: donor.mobile.replace(/\s/g, "") }),
  ...(donor.others ? { onBehalfOf: donor.othersName.trim() } : {}),
  ...(donor.others && donor.deceased ? { isDeceased: true } : {}),
  ...(donor.business
    ? { business: { companyName: donor.companyName.trim(), uen: donor.uen.trim().toUpperCase() } }
    : {}),
  ...(donor.iras ? { taxId: donor.taxId.trim().toUpperCase() } : {}),
});

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
  /** The name is a guest's enrolment's, shown above as the receipt will carry it (EnrolledNote). */
  readonly nameFixed?: boolean;
}) {
  const { donor, errors, labels: l, onChange } = props;
  const { text, check } = binder(donor, errors, onChange);
  return (
    <div className="checkout-donor">
      {props.nameFixed ? null : (
        <TextField
          {...text("name")}
          label={l.checkout_name}
          autoComplete="name"
          maxLength={NAME_MAX_LENGTH}
          limitNote={l.validation_name_tooLong}
          testId="donor-name"
        />
      )}
      <ContactFields
        labels={{
          email: l.checkout_email,
          emailHint: l.checkout_details_hint,
          dialCode: l.checkout_dial_code,
          mobile: l.checkout_mobile,
        }}
        dialCountries={props.dialCountries}
        dialName="countryCode"
        email={text("email")}
        mobile={text("mobile")}
        region={donor.region}
        onRegion={(region) =>
          onChange({ ...donor, region, countryCode: dialCodeOf(props.dialCountries, region) })
        }
        testIds={{ email: "donor-email", mobile: "donor-mobile" }}
      />
      <Check
        label={l.checkout_anonymous}
        {...check("anonymous")}
        testId="donor-anonymous"
        // The wakaf funds list their donors publicly (the donor wall); zakat, fidyah and kaffarah do not.
        hint={props.zakatLike ? undefined : l.checkout_anonymous_wall}
      />
      {props.zakatLike ? (
        <Check label={l.checkout_others} {...check("others")} testId="donor-others">
          <TextField
            {...text("othersName")}
            label={l.checkout_others_name}
            maxLength={NAME_MAX_LENGTH}
            limitNote={l.validation_name_tooLong}
            testId="donor-others-name"
          />
          <Check label={l.checkout_deceased} {...check("deceased")} testId="donor-deceased" />
        </Check>
      ) : null}
      <Check label={l.checkout_business} {...check("business")} testId="donor-business">
        <TextField
          {...text("companyName")}
          label={l.checkout_company}
          autoComplete="organization"
          maxLength={NAME_MAX_LENGTH}
          limitNote={l.validation_name_tooLong}
          testId="donor-company"
        />
        <TextField
          {...text("uen")}
          label={l.checkout_uen}
          maxLength={10}
          uppercase
          testId="donor-uen"
        />
      </Check>
      {props.taxIncluded ? (
        <Check label={l.checkout_iras} {...check("iras")} testId="donor-iras">
          <TextField
            {...text("taxId")}
            label={donor.business ? l.checkout_iras_uen : l.checkout_iras_id}
            hint={l.checkout_iras_hint}
            maxLength={10}
            uppercase
            testId="donor-tax-id"
          />
        </Check>
      ) : null}
    </div>
  );
}
