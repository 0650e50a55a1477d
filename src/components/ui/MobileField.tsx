import { DialCodeSelect } from "./DialCodeSelect";
import { TextField } from "./TextField";
import type { DialCountry } from "../enrolment/dial-code";

/** The mobile number with its country's dial code beside it (checkout, enrolment, profile, sign-up). */
export function MobileField(props: {
  readonly dialLabel: string;
  readonly mobileLabel: string;
  readonly countries: ReadonlyArray<DialCountry>;
  /** The country (ISO code: several share a dial code). */
  readonly region: string;
  readonly onRegion: (region: string) => void;
  readonly mobile: string;
  readonly onMobile: (mobile: string) => void;
  readonly error?: string | undefined;
  readonly dialName?: string;
  readonly mobileName?: string;
  readonly testId?: string;
}) {
  return (
    <div className="enrol-mobile">
      <DialCodeSelect
        label={props.dialLabel}
        name={props.dialName ?? "country"}
        value={props.region}
        countries={props.countries}
        onChange={props.onRegion}
      />
      <TextField
        name={props.mobileName ?? "mobile"}
        type="tel"
        inputMode="tel"
        label={props.mobileLabel}
        value={props.mobile}
        onChange={props.onMobile}
        error={props.error}
        maxLength={20}
        autoComplete="tel-national"
        {...(props.testId === undefined ? {} : { testId: props.testId })}
      />
    </div>
  );
}
