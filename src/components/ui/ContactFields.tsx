import { DialCodeSelect } from "./DialCodeSelect";
import { EmailField } from "./EmailField";
import { TextField } from "./TextField";
import type { DialCountry } from "../enrolment/dial-code";

/**
 * §5: the mobile number shown in groups of four digits as it is typed ("9123 4567"); anything but
 * digits and spaces is left as typed, for the validator to name. Every form sends it without spaces.
 */
export const groupMobile = (typed: string): string =>
  /^[\d\s]*$/.test(typed) ? typed.replace(/\s/g, "").replace(/(\d{4})(?=\d)/g, "$1 ") : typed;

/** One field of the block as its form keeps it (a `binder` text field fits). */
export interface ContactField {
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly error?: string | undefined;
  readonly name?: string;
}

/**
 * The contact block of checkout, enrolment, the account and sign-up: the e-mail address (left out
 * where a form changes the mobile only) and the mobile number with its country's dial code beside
 * it. The dial-code select's value is the country (ISO code: several countries share a code).
 */
export function ContactFields(props: {
  readonly labels: {
    readonly email?: string;
    /** Under the e-mail's label (checkout: where the receipt goes). */
    readonly emailHint?: string;
    readonly dialCode: string;
    readonly mobile: string;
  };
  readonly dialCountries: ReadonlyArray<DialCountry>;
  readonly email?: ContactField;
  readonly emailRequired?: boolean;
  readonly mobile: ContactField;
  readonly region: string;
  readonly onRegion: (region: string) => void;
  readonly dialName?: string;
  readonly testIds?: { readonly email: string; readonly mobile: string };
}) {
  const { labels, email, testIds } = props;
  const { name: mobileName, ...mobile } = props.mobile;
  return (
    <>
      {email ? (
        <EmailField
          label={labels.email ?? ""}
          {...email}
          {...(labels.emailHint === undefined ? {} : { hint: labels.emailHint })}
          {...(props.emailRequired ? { required: true } : {})}
          {...(testIds ? { testId: testIds.email } : {})}
        />
      ) : null}
      <div className="enrol-mobile">
        <DialCodeSelect
          label={labels.dialCode}
          name={props.dialName ?? "country"}
          value={props.region}
          countries={props.dialCountries}
          onChange={props.onRegion}
        />
        <TextField
          {...mobile}
          onChange={(typed) => mobile.onChange(groupMobile(typed))}
          name={mobileName ?? "mobile"}
          type="tel"
          inputMode="tel"
          label={labels.mobile}
          maxLength={20}
          autoComplete="tel-national"
          {...(testIds ? { testId: testIds.mobile } : {})}
        />
      </div>
    </>
  );
}
