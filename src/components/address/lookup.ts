// The browser's side of lookupPostalCode (docs/api.md): a guest session, then the call.
import type { FoundAddress } from "@portal/domain";
import { labelKeyOf } from "../../i18n/fill";
import { ensureGuest, postJson } from "../enrolment/api";
import type { AddressLabels } from "./labels";

/** What a lookup came to: addresses (maybe none), or a note on why the donor types it in. */
export type LookupOutcome =
  | { readonly kind: "found"; readonly addresses: ReadonlyArray<FoundAddress> }
  | { readonly kind: "invalid"; readonly key: keyof AddressLabels }
  | { readonly kind: "note"; readonly key: keyof AddressLabels };

const text = (value: unknown): string => (typeof value === "string" ? value : "");

const addressesOf = (data: unknown): ReadonlyArray<FoundAddress> | undefined => {
  const list = (data as { addresses?: unknown } | undefined)?.addresses;
  if (!Array.isArray(list)) return undefined;
  return list.map((item: Record<string, unknown>) => ({
    postalCode: text(item["postalCode"]),
    blockNumber: text(item["blockNumber"]),
    streetName: text(item["streetName"]),
    buildingName: text(item["buildingName"]),
    country: text(item["country"]),
  }));
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
  if (code === "address.lookupOff") return { kind: "note", key: "address_lookup_off" };
  if (answer.status === 429) return { kind: "note", key: "address_rate_limited" };
  return { kind: "note", key: "address_unavailable" };
}
