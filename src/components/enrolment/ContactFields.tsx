import { useState } from "react";
import { dialCodeOf, HOME_REGION, type DialCountry } from "./dial-code";
import { EmailField } from "../ui/EmailField";
import { MobileField } from "../ui/MobileField";

/** The enrolment forms' contact details: e-mail (required) and mobile with its dial code. */
export function ContactFields(props: {
  readonly labels: {
    readonly enrol_email: string;
    readonly enrol_country_dial: string;
    readonly enrol_mobile: string;
  };
  readonly dialCountries: ReadonlyArray<DialCountry>;
  readonly email: string;
  readonly onEmail: (email: string) => void;
  readonly region: string;
  readonly onRegion: (region: string) => void;
  readonly mobile: string;
  readonly onMobile: (mobile: string) => void;
  readonly error: (field: "email" | "mobile") => string | undefined;
}) {
  const { labels } = props;
  return (
    <>
      <EmailField
        label={labels.enrol_email}
        value={props.email}
        onChange={props.onEmail}
        error={props.error("email")}
        required
      />
      <MobileField
        dialLabel={labels.enrol_country_dial}
        mobileLabel={labels.enrol_mobile}
        countries={props.dialCountries}
        region={props.region}
        onRegion={props.onRegion}
        mobile={props.mobile}
        onMobile={props.onMobile}
        error={props.error("mobile")}
      />
    </>
  );
}

/** The contact details' state: what ContactFields shows, and the dial code of the country chosen. */
export function useContact(dialCountries: ReadonlyArray<DialCountry>) {
  const [email, setEmail] = useState("");
  const [region, setRegion] = useState(HOME_REGION);
  const [mobile, setMobile] = useState("");
  return {
    email,
    mobile,
    dialCode: dialCodeOf(dialCountries, region),
    setAll: (next: { email: string; region: string; mobile: string }) => {
      setEmail(next.email);
      setRegion(next.region);
      setMobile(next.mobile);
    },
    fields: { email, onEmail: setEmail, region, onRegion: setRegion, mobile, onMobile: setMobile },
  };
}
