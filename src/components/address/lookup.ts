// The browser's side of lookupPostalCode and lookupLocation (docs/api.md): a guest session, then the call.
import type { FoundAddress } from "@portal/domain";
import { labelKeyOf } from "../../i18n/fill";
import { ensureGuest, postJson } from "../enrolment/api";
import type { AddressLabels } from "./labels";

/** What a lookup came to: addresses (maybe none), or a note on why the donor types it in. */
export type LookupOutcome =
  | { readonly kind: "found"; readonly addresses: ReadonlyArray<FoundAddress> }
  | { readonly kind: "invalid"; readonly key: keyof AddressLabels }
  | { readonly kind: "note"; readonly key: keyof AddressLabels };

type Answer = Awaited<ReturnType<typeof postJson>>;

const text = (value: unknown): string => (typeof value === "string" ? value : "");

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

const addressOf = (item: Record<string, unknown>): FoundAddress => ({
  postalCode: text(item["postalCode"]),
  blockNumber: text(item["blockNumber"]),
  streetName: text(item["streetName"]),
  buildingName: text(item["buildingName"]),
  country: text(item["country"]),
});

const addressesOf = (data: unknown): ReadonlyArray<FoundAddress> | undefined => {
  const list = isObject(data) ? data["addresses"] : undefined;
  return Array.isArray(list) ? list.filter(isObject).map(addressOf) : undefined;
};

/** Why the donor types the address after all: the service's refusal as a note. */
const noteOf = (answer: Answer): LookupOutcome => {
  if (text(answer.body["code"]) === "address.lookupOff") {
    return { kind: "note", key: "address_lookup_off" };
  }
  if (answer.status === 429) return { kind: "note", key: "address_rate_limited" };
  return { kind: "note", key: "address_unavailable" };
};

/** Ask the portal for the addresses at `postalCode`; every failure is a note, never a throw. */
export async function lookupPostalCode(postalCode: string): Promise<LookupOutcome> {
  await ensureGuest();
  const answer = await postJson("lookupPostalCode", { postalCode });
  const addresses = answer.status === 200 ? addressesOf(answer.body["data"]) : undefined;
  if (addresses) return { kind: "found", addresses };
  const code = text(answer.body["code"]);
  if (code === "validation.postalCode.required" || code === "validation.postalCode.invalid") {
    return { kind: "invalid", key: labelKeyOf(code) as keyof AddressLabels };
  }
  return noteOf(answer);
}

/**
 * Ask the portal for the address where the device stands ("use my current location"): Google's first
 * address, or none; every failure is a note, never a throw.
 */
export async function lookupLocation(latitude: number, longitude: number): Promise<LookupOutcome> {
  await ensureGuest();
  const answer = await postJson("lookupLocation", { latitude, longitude });
  const data = answer.body["data"];
  if (answer.status === 200 && isObject(data) && "address" in data) {
    const found = data["address"];
    return { kind: "found", addresses: isObject(found) ? [addressOf(found)] : [] };
  }
  return noteOf(answer);
}
