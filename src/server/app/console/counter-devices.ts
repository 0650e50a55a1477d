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
    };
  });

export type CounterDeviceServices = Officer | CounterDevices;
