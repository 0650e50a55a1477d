import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import {
  composeAddress,
  fieldLengths,
  normaliseUnitNumber,
  SINGAPORE,
  validatePostalCode,
  type Address,
  type FoundAddress,
} from "@portal/domain";
import { labelKeyOf } from "../../i18n/fill";
import { TextField } from "../ui/TextField";
import type { CountryOption } from "./countries";
import type { AddressLabels } from "./labels";
import { lookupLocation, lookupPostalCode } from "./lookup";
import { currentPosition, useLocationOffered } from "./use-location";

type Status =
  | { readonly kind: "idle" | "busy" }
  | { readonly kind: "note"; readonly text: string }
  | { readonly kind: "choose"; readonly addresses: ReadonlyArray<FoundAddress> };

/**
 * Spec §3's address parts for a page's own form (controlled: `value` and `onChange`). "Find address"
 * asks lookupPostalCode (OneMap where configured): one match fills block, street, building and
 * country; several are offered as a choice; none, or the lookup being off, leaves every field to the
 * donor with a short note. §5's lengths apply, and its unit-number rule when the unit field is left.
 */
export function AddressFields(props: {
  readonly labels: AddressLabels;
  readonly countries: ReadonlyArray<CountryOption>;
  readonly value: Address;
  readonly onChange: (value: Address) => void;
  /** The fieldset's name when it is not the donor's own address (a company's registered address). */
  readonly legend?: string | undefined;
  readonly hint?: string | undefined;
  /** The address as a whole is missing (§5 'Please enter registered address'): shown at the street. */
  readonly error?: string | undefined;
}) {
  const { labels, value } = props;
  const id = useId();
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const [postalError, setPostalError] = useState<string | undefined>();
  const postalInput = useRef<HTMLInputElement>(null);
  const blockInput = useRef<HTMLInputElement>(null);
  const floorInput = useRef<HTMLInputElement>(null);
  const choices = useRef<HTMLFieldSetElement>(null);
  // Where focus goes once a lookup's outcome is on screen: the first choice, or the next field to fill.
  const focusNext = useRef<(() => void) | null>(null);
  useEffect(() => {
    focusNext.current?.();
    focusNext.current = null;
  }, [status]);

  const set = (key: keyof Address) => (text: string) => props.onChange({ ...value, [key]: text });
  /** One of the typed parts: a TextField bound to `value[key]`. */
  const part = (
    key: Exclude<keyof Address, "country" | "postalCode">,
    label: string,
    maxLength: number,
    extra: Pick<
      Parameters<typeof TextField>[0],
      "inputRef" | "autoComplete" | "onBlur" | "error" | "hint"
    > = {},
  ) => (
    <TextField
      name={key}
      label={label}
      value={value[key]}
      onChange={set(key)}
      maxLength={maxLength}
      {...extra}
    />
  );
  const fill = (found: FoundAddress) => props.onChange({ ...value, ...found });
  const labelOf = (key: string) => labels[labelKeyOf(key) as keyof AddressLabels];
  const later = (focus: () => void) => (focusNext.current = focus);

  const find = async () => {
    if (status.kind === "busy") return;
    const invalid = validatePostalCode(value.postalCode);
    if (invalid) {
      setPostalError(labelOf(invalid));
      setStatus({ kind: "idle" });
      postalInput.current?.focus();
      return;
    }
    setPostalError(undefined);
    setStatus({ kind: "busy" });
    const outcome = await lookupPostalCode(value.postalCode);
    if (outcome.kind === "invalid") {
      setPostalError(labels[outcome.key]);
      setStatus({ kind: "idle" });
      postalInput.current?.focus();
    } else if (outcome.kind === "note" || outcome.addresses.length === 0) {
      later(() => blockInput.current?.focus());
      setStatus({
        kind: "note",
        text: labels[outcome.kind === "note" ? outcome.key : "address_none"],
      });
    } else if (outcome.addresses.length === 1 && outcome.addresses[0]) {
      later(() => floorInput.current?.focus());
      fill(outcome.addresses[0]);
      setStatus({ kind: "note", text: labels.address_found_one });
    } else {
      later(() => choices.current?.querySelector("input")?.focus());
      setStatus({ kind: "choose", addresses: outcome.addresses });
    }
  };

  // "Use my current location": Google's first address for the device's position fills the parts
  // (postal code included); anything else leaves them to the donor with a note.
  const locationOffered = useLocationOffered();
  const locate = async () => {
    if (status.kind === "busy") return;
    setPostalError(undefined);
    setStatus({ kind: "busy" });
    const position = await currentPosition();
    const outcome = position && (await lookupLocation(position.latitude, position.longitude));
    const found = outcome?.kind === "found" ? outcome.addresses[0] : undefined;
    if (found) {
      later(() => floorInput.current?.focus());
      fill(found);
      setStatus({ kind: "note", text: labels.assets_location_found });
    } else {
      later(() => blockInput.current?.focus());
      const note = !outcome
        ? labels.assets_location_denied
        : outcome.kind === "note"
          ? labels[outcome.key]
          : labels.assets_location_none;
      setStatus({ kind: "note", text: note });
    }
  };

  const findOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter in the postal code finds the address instead of sending the page's form.
    if (event.key !== "Enter") return;
    event.preventDefault();
    void find();
  };

  const announcement =
    status.kind === "note"
      ? status.text
      : status.kind === "choose"
        ? labels.address_found_many.replace("{{count}}", String(status.addresses.length))
        : status.kind === "busy"
          ? labels.address_finding
          : "";

  return (
    <fieldset className="enrol-fieldset address-fields">
      <legend>{props.legend ?? labels.enrol_address}</legend>
      {props.hint ? <p className="field-hint">{props.hint}</p> : null}
      <div className="address-find">
        <TextField
          name="postalCode"
          label={labels.enrol_postal}
          value={value.postalCode}
          onChange={(text) => {
            set("postalCode")(text);
            setPostalError(undefined);
            if (status.kind === "choose") setStatus({ kind: "idle" });
          }}
          onKeyDown={findOnEnter}
          inputRef={postalInput}
          error={postalError}
          maxLength={10}
          inputMode="numeric"
          autoComplete="postal-code"
        />
        <button
          type="button"
          className="button button-secondary"
          onClick={() => void find()}
          aria-busy={status.kind === "busy"}
        >
          {status.kind === "busy" ? labels.address_finding : labels.address_find}
        </button>
      </div>
      {locationOffered ? (
        <button
          type="button"
          className="button button-secondary address-locate"
          onClick={() => void locate()}
          aria-busy={status.kind === "busy"}
          data-testid="use-location"
        >
          {labels.assets_use_location}
        </button>
      ) : null}
      <p className="address-status" role="status" aria-live="polite">
        {announcement}
      </p>
      {status.kind === "choose" ? (
        <fieldset ref={choices} className="address-choices">
          <legend>{labels.address_choose}</legend>
          {status.addresses.map((address) => {
            const text = composeAddress(address);
            const chosen =
              value.blockNumber === address.blockNumber &&
              value.streetName === address.streetName &&
              value.buildingName === address.buildingName;
            return (
              <label key={text} className="enrol-kind">
                <input
                  type="radio"
                  name={`${id}-choice`}
                  checked={chosen}
                  onChange={() => fill(address)}
                />
                {text}
              </label>
            );
          })}
        </fieldset>
      ) : null}
      <div className="enrol-grid">
        {part("blockNumber", labels.enrol_block, fieldLengths.block, { inputRef: blockInput })}
        {part("streetName", labels.enrol_street, 66, {
          autoComplete: "address-line1",
          error: props.error,
        })}
        {part("buildingName", labels.enrol_building, fieldLengths.buildingName)}
        {part("floorNo", labels.enrol_floor, fieldLengths.unitNumber, { inputRef: floorInput })}
        {part(
          "unitNo",
          labels.enrol_unit,
          // The # the rule adds does not count against §5's five characters.
          fieldLengths.unitNumber + (value.unitNo.startsWith("#") ? 1 : 0),
          {
            onBlur: () => {
              const unit = normaliseUnitNumber(value.unitNo);
              if (unit !== value.unitNo) set("unitNo")(unit);
            },
          },
        )}
        <div className="calc-field">
          <label htmlFor={`${id}-country`}>{labels.address_country}</label>
          <select
            id={`${id}-country`}
            name="country"
            autoComplete="country"
            value={value.country || SINGAPORE}
            onChange={(event) => set("country")(event.currentTarget.value)}
          >
            {props.countries.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </select>
        </div>
      </div>
    </fieldset>
  );
}

/**
 * The address as the server takes it: blank parts left out, the unit under §5's rule. A country with
 * nothing else is no address (the country select always holds one).
 */
export const addressBody = (value: Address): Partial<Address> => {
  const parts = Object.entries({ ...value, unitNo: normaliseUnitNumber(value.unitNo) })
    .map(([key, text]) => [key, text.trim()] as const)
    .filter(([, text]) => text !== "");
  return parts.some(([key]) => key !== "country") ? Object.fromEntries(parts) : {};
};
