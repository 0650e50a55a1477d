import { useId } from "react";

/** A labelled text input whose error is announced and tied to it (aria-describedby). */
export function TextField(props: {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly error?: string | undefined;
  readonly maxLength: number;
  readonly name: string;
  readonly autoComplete?: string;
  readonly inputMode?: "text" | "numeric" | "tel" | "email";
  readonly type?: "text" | "email" | "tel";
  readonly uppercase?: boolean;
  readonly required?: boolean;
  /** Shown under the label and read with the field (e.g. the date format). */
  readonly hint?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const described = [props.hint ? hintId : "", props.error ? errorId : ""].filter(Boolean);
  return (
    <div className="calc-field">
      <label htmlFor={id}>{props.label}</label>
      {props.hint ? (
        <p id={hintId} className="calc-hint">
          {props.hint}
        </p>
      ) : null}
      <input
        id={id}
        name={props.name}
        type={props.type ?? "text"}
        inputMode={props.inputMode}
        autoComplete={props.autoComplete ?? "off"}
        maxLength={props.maxLength}
        value={props.value}
        required={props.required}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={described.length > 0 ? described.join(" ") : undefined}
        onChange={(event) => {
          const next = event.currentTarget.value;
          props.onChange(props.uppercase ? next.toUpperCase() : next);
        }}
      />
      {props.error ? (
        <p id={errorId} className="calc-error">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled native select (keyboard and screen readers as the platform gives them). */
export function SelectField(props: {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly name: string;
  readonly options: ReadonlyArray<{ readonly value: string; readonly label: string }>;
  readonly autoComplete?: string;
}) {
  const id = useId();
  return (
    <div className="calc-field">
      <label htmlFor={id}>{props.label}</label>
      <select
        id={id}
        name={props.name}
        value={props.value}
        autoComplete={props.autoComplete ?? "off"}
        onChange={(event) => props.onChange(event.currentTarget.value)}
      >
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export interface AddressValue {
  postalCode: string;
  blockNumber: string;
  streetName: string;
  buildingName: string;
  floorNo: string;
  unitNo: string;
}

export const emptyAddress: AddressValue = {
  postalCode: "",
  blockNumber: "",
  streetName: "",
  buildingName: "",
  floorNo: "",
  unitNo: "",
};

/** The address parts of spec §3, with §5's lengths (block and building 25, unit 5). */
export function AddressFields(props: {
  readonly legend: string;
  readonly labels: Readonly<
    Record<"postal" | "block" | "street" | "building" | "floor" | "unit", string>
  >;
  readonly value: AddressValue;
  readonly onChange: (value: AddressValue) => void;
}) {
  const set = (key: keyof AddressValue) => (text: string) =>
    props.onChange({ ...props.value, [key]: text });
  return (
    <fieldset className="enrol-fieldset">
      <legend>{props.legend}</legend>
      <div className="enrol-grid">
        <TextField
          name="postalCode"
          label={props.labels.postal}
          value={props.value.postalCode}
          onChange={set("postalCode")}
          maxLength={10}
          inputMode="numeric"
          autoComplete="postal-code"
        />
        <TextField
          name="blockNumber"
          label={props.labels.block}
          value={props.value.blockNumber}
          onChange={set("blockNumber")}
          maxLength={25}
        />
        <TextField
          name="streetName"
          label={props.labels.street}
          value={props.value.streetName}
          onChange={set("streetName")}
          maxLength={66}
          autoComplete="address-line1"
        />
        <TextField
          name="buildingName"
          label={props.labels.building}
          value={props.value.buildingName}
          onChange={set("buildingName")}
          maxLength={25}
        />
        <TextField
          name="floorNo"
          label={props.labels.floor}
          value={props.value.floorNo}
          onChange={set("floorNo")}
          maxLength={5}
        />
        <TextField
          name="unitNo"
          label={props.labels.unit}
          value={props.value.unitNo}
          onChange={set("unitNo")}
          maxLength={5}
        />
      </div>
    </fieldset>
  );
}

/** The address as the server takes it: blank parts left out. */
export const addressBody = (value: AddressValue) =>
  Object.fromEntries(
    Object.entries(value)
      .map(([key, text]) => [key, text.trim()] as const)
      .filter(([, text]) => text !== ""),
  );
