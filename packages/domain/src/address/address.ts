/** Spec §3's address parts, as forms edit them: every part a string, empty when not given. */
export interface Address {
  readonly postalCode: string;
  readonly blockNumber: string;
  readonly streetName: string;
  readonly buildingName: string;
  readonly country: string;
  readonly floorNo: string;
  readonly unitNo: string;
}

/** What an address lookup finds: the parts a postal code or a place fixes (floor and unit are the donor's). */
export type FoundAddress = Omit<Address, "floorNo" | "unitNo">;

/** The country code of Singapore addresses (spec §9). */
export const SINGAPORE = "SG";

/** A blank address in Singapore, the form's starting value. */
export const emptyAddress: Address = {
  postalCode: "",
  blockNumber: "",
  streetName: "",
  buildingName: "",
  country: SINGAPORE,
  floorNo: "",
  unitNo: "",
};
