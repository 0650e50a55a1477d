import { ENTRY_MAX_AGE_MS, decideOfflineEntry, type DeviceView } from "./offline.ts";
import type { HeldReason, OfflineDecision, OfflineEntryInput } from "./offline.ts";
import type { HouseholdRates } from "../household/household.ts";
import type { AmilHeldReason } from "./amil.ts";

// An officer's decision on a counter device's entry the sync held (issue 32, docs/counter.md "Held
// and flagged entries"): take it (the money was received: it is applied as the sync would have
// applied it) or refuse it with a reason. Some reasons may only be refused; these rules say which.

/**
 * The held reasons an officer may take: the entry is genuine (its device's key signed it), the money
 * was received, and only a circumstance of the night stood in the way: a device revoked after it
 * issued the receipt, a serial past its block (its own series, so no other receipt can hold it), an
 * amil whose credential was missing, had expired or was for another device of the council (the
 * officer checks with the amil), or a time older than the sync takes.
 *
 * Never taken as they are: `amil.forged` (a credential the council did not make: nobody vouches for
 * the amil), `number.used` (the number already stands for another receipt: taking it would make two
 * receipts of one number), `entry.invalid` (the counter's rules refuse it or it is priced below the
 * rates: it cannot be taken at a wrong price), `device.other` (another device's entry), and
 * `entry.time` for a time still ahead of the server's clock (a receipt dated in the future).
 */
export const TAKEABLE_REASONS: ReadonlyArray<HeldReason> = [
  "device.revoked",
  "number.outside_block",
  "amil.missing",
  "amil.expired",
  "amil.other_device",
  "entry.time",
];

export const mayBeTaken = (reason: HeldReason): boolean => TAKEABLE_REASONS.includes(reason);

/**
 * Taking a held entry: the sync's own decision (`decideOfflineEntry`) on the entry as its device
 * signed it, with what an officer may waive waived (the device's revocation, its block, an amil
 * credential that is not forged, an age past ENTRY_MAX_AGE_MS). Any other reason still holds it (a
 * forged amil found behind a revoked device, a mispriced household, a time in the future): then it
 * may only be refused. Applied, it keeps its own device number and time.
 */
export const decideTaking = (
  input: OfflineEntryInput,
  device: DeviceView,
  now: Date,
  ratesVersion: number,
  rates: HouseholdRates | null,
  amilReason?: AmilHeldReason,
): OfflineDecision => {
  const waived: DeviceView = {
    ...device,
    revoked: false,
    blockFrom: Math.min(device.blockFrom, input.serial),
    blockTo: Math.max(device.blockTo, input.serial),
  };
  const takenAt = Date.parse(input.takenAt);
  // Old is waived (a device offline for over a month); ahead of the clock is not.
  const at = now.getTime() - takenAt > ENTRY_MAX_AGE_MS ? new Date(takenAt) : now;
  const amil = amilReason === undefined || mayBeTaken(amilReason) ? undefined : amilReason;
  return decideOfflineEntry(input, waived, at, ratesVersion, rates, amil);
};

/** The officer who decides on an entry is never its amil (a second officer, as for a void). */
export const entryDecisionRefusal = (
  amilId: string,
  officerId: string,
): { readonly code: "approval.self"; readonly message: string } | undefined =>
  amilId === officerId
    ? {
        code: "approval.self",
        message: "Another officer decides on an entry, not the amil who took it.",
      }
    : undefined;
