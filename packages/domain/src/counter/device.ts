import { flowOfItem, receiptSeriesOf } from "../funds/lookup.ts";
import { VERIFY_QUERY } from "../receipt/verification.ts";
import type { HouseholdLine } from "../household/household.ts";
import { deviceSeries, receiptNumberOf, type OfflineEntryInput } from "./offline.ts";

// The counter device's side of issue 32 (the /counter app): which serial the next receipt of a
// series gets, the entry the device signs, and the receipt it prints. Pure, so the page's script and
// its tests share them; the signing and the device's store are the page's (src/lib/counter-store.ts).

/** What the server answered when the device was registered (POST /console/api/counter/devices). */
export interface DeviceRegistration {
  readonly id: string;
  readonly deviceNo: number;
  readonly blockFrom: number;
  readonly blockTo: number;
  readonly mosqueName: string;
}

/** The next serial of each of the device's series (`ZK-D007` → 43); a series not there starts its block. */
export type SerialState = Readonly<Record<string, number>>;

/**
 * The serial the next receipt of `series` gets, and the state after it, or undefined when the block is
 * used up (the device must be given a new one). Each series is numbered on its own, from the block's
 * first serial, so every series runs without gaps; a serial is never given twice.
 */
export const allocateSerial = (
  state: SerialState,
  series: string,
  block: { readonly blockFrom: number; readonly blockTo: number },
): { readonly serial: number; readonly state: SerialState } | undefined => {
  const serial = Math.max(state[series] ?? block.blockFrom, block.blockFrom);
  if (!Number.isSafeInteger(serial) || serial > block.blockTo) return undefined;
  return { serial, state: { ...state, [series]: serial + 1 } };
};

/** The device's receipt series for a counter fund (`fitrah` on device 7: `ZK-D007`). */
export const deviceSeriesOfFund = (fund: string, deviceNo: number): string | undefined => {
  const flow = flowOfItem(fund);
  return flow === undefined ? undefined : deviceSeries(receiptSeriesOf(flow), deviceNo);
};

/** One payment as the amil entered it at the counter. */
export interface CounterSale {
  readonly fund: string;
  readonly amountCents: number;
  readonly method: "cash" | "cheque" | "nets";
  readonly reference?: string | undefined;
  readonly donor: {
    readonly name: string;
    readonly email?: string | undefined;
    readonly idNumber?: string | undefined;
  };
  /** The people paid for, each named on the receipt: this fund's lines of a household. */
  readonly household?: ReadonlyArray<HouseholdLine> | undefined;
}

const filled = (value: string | undefined): string | undefined => {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === "" ? undefined : trimmed;
};

/** The entry the device signs for one payment (docs/counter.md, version 1); empty fields left out. */
export const buildOfflineEntry = (input: {
  readonly device: DeviceRegistration;
  readonly key: string;
  readonly serial: number;
  readonly takenAt: Date;
  /** The amil signed in on the device, with the council's credential (amil.ts). */
  readonly amil: { readonly id: string; readonly name: string; readonly credential?: string };
  readonly ratesVersion: number;
  readonly sale: CounterSale;
}): OfflineEntryInput => {
  const { sale } = input;
  const reference = filled(sale.reference);
  const email = filled(sale.donor.email);
  const idNumber = filled(sale.donor.idNumber)?.toUpperCase();
  return {
    v: 1,
    deviceId: input.device.id,
    key: input.key,
    serial: input.serial,
    takenAt: input.takenAt.toISOString(),
    amil: { id: input.amil.id.trim(), name: input.amil.name.trim() },
    ...(input.amil.credential === undefined ? {} : { amilCredential: input.amil.credential }),
    ratesVersion: input.ratesVersion,
    entry: {
      fund: sale.fund,
      amountCents: sale.amountCents,
      method: sale.method,
      ...(reference === undefined ? {} : { reference }),
      mosqueName: input.device.mosqueName,
      donor: {
        name: sale.donor.name.trim(),
        ...(email === undefined ? {} : { email }),
        ...(idNumber === undefined ? {} : { idNumber }),
      },
      ...(sale.household === undefined ? {} : { household: sale.household }),
    },
  };
};

/**
 * The claims of the receipt the device signs offline (a compact JWS, ES256, docs/counter.md): its
 * number, the fund's flow, the item and amount, when (seconds), the mosque and the device. Nothing
 * personal: the payer is not named.
 */
export const offlineReceiptClaims = (input: {
  readonly receiptNo: string;
  readonly fund: string;
  readonly amountCents: number;
  readonly takenAt: Date;
  readonly device: DeviceRegistration;
}) => ({
  no: input.receiptNo,
  fund: flowOfItem(input.fund) ?? "",
  items: { [input.fund]: input.amountCents },
  amt: input.amountCents,
  iat: Math.floor(input.takenAt.getTime() / 1000),
  mosque: input.device.mosqueName,
  dev: input.device.id,
});

/** The JWS header of a device's receipt. */
export const offlineReceiptHeader = (deviceId: string) => ({
  alg: "ES256",
  typ: "receipt+jwt",
  kid: deviceId,
});

/** The verify page's address for a receipt the device signed (`/verify?no=…&signed=<JWS>`). */
export const offlineVerifyPath = (receiptNo: string, jws: string, languagePrefix = ""): string =>
  `${languagePrefix}/verify?${VERIFY_QUERY.receiptNo}=${encodeURIComponent(receiptNo)}` +
  `&${VERIFY_QUERY.signed}=${encodeURIComponent(jws)}`;

/** The receipt number a serial of a fund's device series makes (`ZK-D007-00000042`). */
export const offlineReceiptNo = (fund: string, deviceNo: number, serial: number) => {
  const series = deviceSeriesOfFund(fund, deviceNo);
  return series === undefined ? undefined : receiptNumberOf(series, serial);
};
