import { Context, Effect } from "effect";
import { blockSizeOf, DEFAULT_BLOCK_SIZE } from "@portal/domain";
import type { CounterDevice, HeldEntry } from "@portal/adapters/db";
import { recorded, refuse } from "../refused";
import { mayAct, type Officer, type OfficerPort } from "./officer";

// The mosques' counter devices (issue 32; docs/counter.md), as officers look after them: registered
// for a mosque with the public key the device made and a block of serials, revoked, and the entries
// the server held for an officer.

export interface CounterDevicesPort {
  readonly register: (input: {
    readonly mosqueName: string;
    readonly label: string;
    readonly publicKey: JsonWebKey;
    readonly blockSize: number;
    readonly officer: OfficerPort;
    readonly kind: "counter" | "kiosk";
  }) => Promise<CounterDevice>;
  readonly revoke: (id: string, officer: OfficerPort) => Promise<CounterDevice | undefined>;
  readonly list: () => Promise<ReadonlyArray<CounterDevice>>;
  readonly held: () => Promise<ReadonlyArray<HeldEntry>>;
  readonly flagged: () => Promise<ReadonlyArray<HeldEntry>>;
  /** The council's credential for an amil on a device; undefined: no such device. */
  readonly issueAmil: (
    deviceId: string,
    officer: OfficerPort,
  ) => Promise<
    | {
        readonly credential: string;
        readonly amil: { readonly id: string; readonly name: string };
        readonly expiresAt: string;
      }
    | "revoked"
    | undefined
  >;
  /** A new block continuing the device's series; undefined: no such device. */
  readonly newBlock: (
    deviceId: string,
    size: number,
    officer: OfficerPort,
  ) => Promise<
    | {
        readonly id: string;
        readonly blockFrom: number;
        readonly blockTo: number;
        readonly newBlockFrom: number;
      }
    | "revoked"
    | "full"
    | undefined
  >;
  /** Whether a key is one a device may register (EC P-256, public half only). */
  readonly isDeviceKey: (key: unknown) => key is JsonWebKey;
}
export class CounterDevices extends Context.Service<CounterDevices, CounterDevicesPort>()(
  "@portal/app/console/CounterDevices",
) {}

const clean = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * A device registered for a mosque: its public key (EC P-256; the private half stays on the device)
 * and a block of serials (DEFAULT_BLOCK_SIZE unless the officer says, at most MAX_BLOCK_SIZE). Audited.
 */
export const registerDevice = (input: {
  readonly mosqueName: string;
  readonly label: string;
  readonly publicKey: unknown;
  readonly blockSize?: number | undefined;
  /** A kiosk: an unattended screen whose key signs its payment requests (docs/counter.md "Kiosks"). */
  readonly kind?: "counter" | "kiosk" | undefined;
}) =>
  Effect.gen(function* () {
    const officer = yield* mayAct("counter.devices");
    const devices = yield* CounterDevices;
    const mosqueName = clean(input.mosqueName);
    const label = clean(input.label);
    if (mosqueName === "" || mosqueName.length > 120) {
      return yield* refuse("counter.device_invalid", "Name the mosque (up to 120 characters)", {
        fields: ["mosqueName"],
      });
    }
    if (label === "" || label.length > 60) {
      return yield* refuse("counter.device_invalid", "Label the device (up to 60 characters)", {
        fields: ["label"],
      });
    }
    const blockSize = blockSizeOf(input.blockSize ?? DEFAULT_BLOCK_SIZE);
    if (blockSize === undefined) {
      return yield* refuse("counter.device_invalid", "The block of numbers is out of range", {
        fields: ["blockSize"],
      });
    }
    const { publicKey } = input;
    if (!devices.isDeviceKey(publicKey)) {
      return yield* refuse(
        "counter.device_invalid",
        "The device's key is not an EC P-256 public key",
        {
          fields: ["publicKey"],
        },
      );
    }
    return yield* recorded(() =>
      devices.register({
        mosqueName,
        label,
        publicKey,
        blockSize,
        officer,
        kind: input.kind ?? "counter",
      }),
    );
  });

/** A device revoked: what it sends from now on is held for an officer. Audited. */
export const revokeDevice = (id: string) =>
  Effect.gen(function* () {
    const officer = yield* mayAct("counter.devices");
    const devices = yield* CounterDevices;
    const device = yield* recorded(() => devices.revoke(id, officer));
    if (!device) return yield* refuse("counter.device_unknown", "No such device");
    return device;
  });

/** The devices, and the entries held for an officer (oldest first). */
export const devicesAndHeld = () =>
  Effect.gen(function* () {
    yield* mayAct("counter.devices");
    const devices = yield* CounterDevices;
    return {
      devices: yield* recorded(() => devices.list()),
      held: yield* recorded(() => devices.held()),
      flagged: yield* recorded(() => devices.flagged()),
    };
  });

/**
 * An amil signs in on a counter device (online, signed in to the console on the device itself): the
 * council's credential for them on that device, for AMIL_CREDENTIAL_TTL_MS; every entry carries it and
 * the sync checks it again. An officer whose roles allow counter.record; audited.
 */
export const amilSignIn = (deviceId: string) =>
  Effect.gen(function* () {
    const officer = yield* mayAct("counter.record");
    const devices = yield* CounterDevices;
    const given = yield* recorded(() => devices.issueAmil(deviceId, officer));
    if (given === undefined) return yield* refuse("counter.device_unknown", "No such device");
    if (given === "revoked") {
      return yield* refuse("counter.device_revoked", "This device was revoked");
    }
    return given;
  });

/**
 * A device whose block is used up (or nearly) gets a new block in the same series, continuing after
 * its last serial (DEFAULT_BLOCK_SIZE unless the approver says). Audited.
 */
export const newDeviceBlock = (deviceId: string, size: unknown) =>
  Effect.gen(function* () {
    const officer = yield* mayAct("counter.devices");
    const devices = yield* CounterDevices;
    const blockSize = blockSizeOf(size ?? DEFAULT_BLOCK_SIZE);
    if (blockSize === undefined) {
      return yield* refuse("counter.device_invalid", "The block of numbers is out of range", {
        fields: ["blockSize"],
      });
    }
    const block = yield* recorded(() => devices.newBlock(deviceId, blockSize, officer));
    if (block === undefined) return yield* refuse("counter.device_unknown", "No such device");
    if (block === "revoked")
      return yield* refuse("counter.device_revoked", "This device was revoked");
    if (block === "full") {
      return yield* refuse("counter.block_full", "The device's series has no more numbers");
    }
    return block;
  });

export type CounterDeviceServices = Officer | CounterDevices;
