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
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="calc-field">
      <label htmlFor={id}>{props.label}</label>
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
        aria-describedby={props.error ? errorId : undefined}
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
