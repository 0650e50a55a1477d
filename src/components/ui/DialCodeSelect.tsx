import { SelectField } from "./SelectField";
import type { DialCountry } from "../enrolment/dial-code";

/**
 * The country dial-code select of the enrolment forms: every country libphonenumber dials, by name in
 * the page's language, with its code (`Singapore (+65)`). The value is the country, not its code:
 * several countries share one (+1, +44...).
 */
export function DialCodeSelect(props: {
  readonly label: string;
  readonly value: string;
  readonly onChange: (region: string) => void;
  readonly countries: ReadonlyArray<DialCountry>;
  readonly name?: string;
}) {
  return (
    <SelectField
      name={props.name ?? "country"}
      label={props.label}
      value={props.value}
      onChange={props.onChange}
      options={props.countries.map(([code, name, dial]) => ({
        value: code,
        label: `${name} (${dial})`,
      }))}
    />
  );
}
