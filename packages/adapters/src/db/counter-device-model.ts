import type { HeldReason, ShiftFlag } from "@portal/domain";
import type { CounterReceipt } from "./counter-receipts";

// The counter devices' records as their callers see them (counter-devices.ts).

/**
 * What a registered device is: a counter device (signs offline entries and receipts) or a kiosk
 * (signs only its requests to start a payment, online; docs/counter.md "Kiosks").
 */
export type DeviceKind = "counter" | "kiosk";

/** A registered counter device, as officers see it (its public key is not shown). */
export interface CounterDevice {
  readonly id: string;
  readonly deviceNo: number;
  readonly mosqueName: string;
  readonly label: string;
  readonly blockFrom: number;
  readonly blockTo: number;
  readonly series: ReadonlyArray<string>;
  readonly registeredBy: string;
  readonly registeredAt: string;
  readonly revokedAt: string | null;
  readonly kind: DeviceKind;
}

/** A signed entry as a device sent it: the exact text it signed and the signature. */
export interface SignedEntry {
  readonly deviceId: string;
  readonly key: string;
  readonly signedText: string;
  readonly signature: string;
}

/** What became of an entry: applied (its receipt), or held for an officer with its reason. */
export type EntryOutcome =
  | {
      readonly outcome: "applied";
      readonly replayed: boolean;
      readonly ratesSuperseded: boolean;
      /** Applied outside the amil's shift: none open at the entry's time, or closed since. */
      readonly shiftFlag?: ShiftFlag;
      readonly receipt: CounterReceipt;
    }
  | {
      /** Held for an officer; or, on a later sync, refused by one (docs/counter.md). */
      readonly outcome: "held" | "refused";
      readonly replayed: boolean;
      readonly reason: HeldReason;
      readonly receiptNo: string | null;
    };

/** An entry the server held, for the officers' list. */
export interface HeldEntry {
  readonly deviceId: string;
  readonly deviceNo: number;
  readonly mosqueName: string;
  readonly key: string;
  /** Why it was held; for an entry applied and flagged, the flag (`shift.none`, `shift.closed`). */
  readonly reason: HeldReason | ShiftFlag;
  readonly receiptNo: string | null;
  readonly receivedAt: string;
  /** What the amil entered (the payer's identity number masked), for the officer to act on. */
  readonly entry: unknown;
}

/** A held entry's text as an officer sees it: the payment, its identity number masked. */
export const shownEntry = (text: string): unknown => {
  try {
    const parsed = JSON.parse(text) as {
      entry?: { donor?: { idNumber?: unknown } };
      amilCredential?: unknown;
    };
    delete parsed.amilCredential;
    const id = parsed.entry?.donor?.idNumber;
    if (typeof id === "string" && parsed.entry?.donor) {
      parsed.entry.donor.idNumber = `*****${id.slice(-4)}`;
    }
    return parsed;
  } catch {
    return null;
  }
};

/** A held or flagged entry's row, joined with its device. */
export interface HeldRow {
  device_id: string;
  device_no: number;
  mosque_name: string;
  key: string;
  reason: HeldReason | ShiftFlag;
  receipt_no: string | null;
  received_at: Date | string;
  signed_text: Uint8Array;
}
