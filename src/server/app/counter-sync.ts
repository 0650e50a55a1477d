import { Context, Effect, Result } from "effect";
import {
  amilHeldReason,
  Clock,
  decideOfflineEntry,
  MAX_SYNC_ENTRIES,
  readOfflineEntry,
} from "@portal/domain";
import type { AmilClaims, DeviceView, OfflineDecision } from "@portal/domain";
import type { EntryOutcome, SignedEntry } from "@portal/adapters/db";
import { RateRecords } from "./ports";
import { recorded, refuse } from "./refused";

// A counter device's sync (issue 32): the entries it took offline, each signed with its key, sent
// when the network returns. Each is checked against the device's public key and applied or held, once
// per device and key, whatever the number of times it is sent.

export interface CounterDeviceRecordsPort {
  /** A device's public key and what the rules need of it; undefined: no such device. */
  readonly find: (id: string) => Promise<
    | {
        readonly view: DeviceView;
        readonly publicKey: JsonWebKey;
        /** A kiosk's key signs only its payment requests, never an offline entry. */
        readonly kind: "counter" | "kiosk";
      }
    | undefined
  >;
  /**
   * Take a device's entries (signatures checked), in order, all or nothing: each its kept answer, or
   * applied or held as its `decide` says.
   */
  readonly take: (
    deviceId: string,
    entries: ReadonlyArray<
      Omit<SignedEntry, "deviceId"> & {
        readonly decide: (device: DeviceView) => OfflineDecision;
      }
    >,
    from: string,
  ) => Promise<ReadonlyArray<EntryOutcome>>;
}
export class CounterDeviceRecords extends Context.Service<
  CounterDeviceRecords,
  CounterDeviceRecordsPort
>()("@portal/app/CounterDeviceRecords") {}

export interface EntrySignaturesPort {
  /**
   * A checker of one device's signatures: whether `signature` (base64url, ECDSA P-256 over SHA-256,
   * r||s) signs `text` under `publicKey` (the key read once for all the call's entries).
   */
  readonly verifier: (publicKey: JsonWebKey) => (text: string, signature: string) => boolean;
  /** An amil credential's claims if the council made it, else "forged" (docs/counter.md). */
  readonly amil: (credential: string) => AmilClaims | "forged";
}
export class EntrySignatures extends Context.Service<EntrySignatures, EntrySignaturesPort>()(
  "@portal/app/EntrySignatures",
) {}

/** One entry's answer to the device: what became of it, or why it was refused outright. */
export type SyncAnswer =
  | (EntryOutcome & { readonly key: string })
  | { readonly key: string | null; readonly outcome: "refused"; readonly code: string };

/**
 * Apply or hold the entries a device sends (at most MAX_SYNC_ENTRIES a call). An unknown device is
 * refused (`counter.device_unknown`) and nothing is kept; an entry whose signature the device's key
 * does not verify (a forgery, or another device's) or whose text is not an entry is refused and not
 * kept: only what a registered device signed is ever written. Every other entry is kept: applied
 * under the device's number, or held for an officer with its reason (an amil credential missing,
 * forged, another device's or not valid at the entry's time among them).
 */
export const syncEntries = (input: {
  readonly deviceId: string;
  readonly entries: ReadonlyArray<{ readonly text: string; readonly signature: string }>;
  /** The caller's address, for the audit line of each payment applied. */
  readonly from: string;
}) =>
  Effect.gen(function* () {
    if (input.entries.length > MAX_SYNC_ENTRIES) {
      return yield* refuse(
        "counter.sync_too_many",
        `Send at most ${MAX_SYNC_ENTRIES} entries a call`,
      );
    }
    const devices = yield* CounterDeviceRecords;
    const device = yield* recorded(() => devices.find(input.deviceId));
    // A kiosk is no counter device: it takes no cash, so nothing it signed is ever an entry.
    if (!device || device.kind !== "counter") {
      return yield* refuse("counter.device_unknown", "This device is not registered");
    }
    const signatures = yield* EntrySignatures;
    const rates = yield* RateRecords;
    const clock = yield* Clock;
    const current = yield* recorded(() => rates.current());
    const version = current?.version ?? 0;
    const verify = signatures.verifier(device.publicKey);
    const now = new Date(yield* clock.now());
    // Each entry's answer in the order sent: refused ones now, the rest from the records below.
    const answers: Array<SyncAnswer | undefined> = [];
    const taken: Array<{ readonly at: number; readonly key: string }> = [];
    const toTake: Array<Parameters<CounterDeviceRecordsPort["take"]>[1][number]> = [];
    for (const { text, signature } of input.entries) {
      if (!verify(text, signature)) {
        answers.push({ key: null, outcome: "refused", code: "counter.signature" });
        continue;
      }
      const read = readOfflineEntry(text);
      if (Result.isFailure(read)) {
        answers.push({ key: null, outcome: "refused", code: read.failure.code });
        continue;
      }
      const entry = read.success;
      if (entry.deviceId !== input.deviceId) {
        answers.push({ key: entry.key, outcome: "refused", code: "counter.signature" });
        continue;
      }
      // The amil: the council's credential for them on this device, valid at the entry's time.
      const credential =
        entry.amilCredential === undefined ? "missing" : signatures.amil(entry.amilCredential);
      const amilReason = amilHeldReason(entry, credential);
      taken.push({ at: answers.length, key: entry.key });
      answers.push(undefined);
      toTake.push({
        key: entry.key,
        signedText: text,
        signature,
        decide: (view) =>
          decideOfflineEntry(entry, view, now, version, current?.rates ?? null, amilReason),
      });
    }
    if (toTake.length > 0) {
      const outcomes = yield* recorded(() => devices.take(input.deviceId, toTake, input.from));
      taken.forEach(({ at, key }, index) => {
        const outcome = outcomes[index];
        if (outcome) answers[at] = { ...outcome, key };
      });
    }
    return { entries: answers.filter((answer): answer is SyncAnswer => answer !== undefined) };
  });
