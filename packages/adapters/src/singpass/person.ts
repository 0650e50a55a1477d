import { matchesNricPattern } from "@portal/domain";
/** What the portal takes from a Myinfo person (spec §3 profile fields), every value as text. */
export interface MyInfoPerson {
  readonly nric: string;
  readonly name: string;
  readonly email?: string;
  /** Dial code with its plus, e.g. `+65`. */
  readonly countryCode?: string;
  readonly mobile?: string;
  /** dd/mm/yyyy (spec §5). */
  readonly dateOfBirth?: string;
  readonly sex?: string;
  readonly race?: string;
  readonly nationality?: string;
  readonly countryOfBirth?: string;
  readonly dialect?: string;
  readonly address: {
    readonly postalCode?: string;
    readonly blockNumber?: string;
    readonly streetName?: string;
    readonly buildingName?: string;
    readonly floorNo?: string;
    readonly unitNo?: string;
    readonly country?: string;
  };
}

type Json = Record<string, unknown>;

const object = (value: unknown): Json =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Json) : {};

/** A MyInfo item's text (`value`, else `desc`); MyInfo marks blanks with "" or "NA". */
const text = (item: unknown, field: "value" | "desc" | "code" = "value"): string | undefined => {
  const raw = object(item)[field];
  if (typeof raw !== "string" && typeof raw !== "number") return undefined;
  const trimmed = String(raw).trim();
  return trimmed === "" || trimmed.toUpperCase() === "NA" ? undefined : trimmed;
};

const described = (item: unknown) =>
  text(item, "desc") ?? text(item, "value") ?? text(item, "code");

const isoToSpecDate = (iso: string | undefined) => {
  const match = iso === undefined ? null : /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : undefined;
};

/** Drop the keys whose value is undefined (exactOptionalPropertyTypes). */
const defined = <T extends Record<string, string | undefined>>(record: T) =>
  Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]?: string;
  };

/**
 * Read a Myinfo person (its items `{ value }`, `{ code, desc }`, as Singpass's userinfo gives them under
 * `person_info`) into the portal's fields; no NRIC or name means no usable person.
 */
export function personFromMyInfo(data: unknown): MyInfoPerson | undefined {
  const person = object(data);
  const nric = text(person["uinfin"])?.toUpperCase();
  const name = text(person["name"]);
  if (nric === undefined || name === undefined || !matchesNricPattern(nric)) return undefined;
  const mobile = object(person["mobileno"]);
  const areaCode = text(mobile["areacode"]);
  const address = object(person["regadd"]);
  const country = object(address["country"]);
  return {
    nric,
    name,
    ...defined({
      email: text(person["email"]),
      countryCode: areaCode === undefined ? undefined : `+${areaCode.replace(/^\+/, "")}`,
      mobile: text(mobile["nbr"]),
      dateOfBirth: isoToSpecDate(text(person["dob"])),
      sex: described(person["sex"]),
      race: described(person["race"]),
      nationality: described(person["nationality"]),
      countryOfBirth: described(person["birthcountry"]),
      dialect: described(person["dialect"]),
    }),
    address: defined({
      postalCode: text(address["postal"]),
      blockNumber: text(address["block"]),
      streetName: text(address["street"]),
      buildingName: text(address["building"]),
      floorNo: text(address["floor"]),
      unitNo: text(address["unit"]),
      country: text(country, "code"),
    }),
  };
}

/** Singpass's FAPI userinfo: the Myinfo person is its `person_info`. */
export const personFromUserinfo = (claims: unknown): MyInfoPerson | undefined =>
  personFromMyInfo(object(claims)["person_info"]);
