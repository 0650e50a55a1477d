import { Checkbox } from "./Checkbox";

/**
 * Agreement to the terms (spec §5 iAgree), required wherever a donor signs up or enrols: the sign-up
 * form, the manual and Singpass enrolments and the NRIC step of a social sign-up. The form sends the
 * version it showed (`TERMS_VERSION`) and the portal keeps it with the time; without it the portal
 * refuses (`terms.required`). `error` is the required message, shown once the donor tried to go on
 * without ticking it; the box then reads as invalid and names the message.
 */
export function TermsCheck(props: {
  readonly label: string;
  readonly checked: boolean;
  readonly onChange: (checked: boolean) => void;
  readonly error?: string | undefined;
}) {
  return (
    <Checkbox
      label={props.label}
      name="terms"
      checked={props.checked}
      onChange={props.onChange}
      error={props.error}
    />
  );
}
