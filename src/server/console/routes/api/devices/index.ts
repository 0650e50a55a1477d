import { devicesAndHeld, registerDevice } from "../../../../app/console/counter-devices";
import { DeviceBody } from "../../../bodies";
import { forOfficer, type ConsoleRoute } from "../../../route";
import { consoleBody, ok, perform } from "../../../respond";

/** The mosques' counter devices and the entries the server held for an officer. */
export const GET: ConsoleRoute = forOfficer("counter.devices", (_, call) =>
  perform(call, devicesAndHeld()),
);

/**
 * Register a device for a mosque: `{ mosqueName, label, publicKey, blockSize? }`, sent from the
 * device itself (it made the key pair; the private half never leaves it). Answers the device's id,
 * number, series and block.
 */
export const POST: ConsoleRoute = forOfficer("counter.devices", async (context, call) => {
  const body = await consoleBody(context.request, DeviceBody, "counter.device_invalid");
  if (body instanceof Response) return body;
  return perform(call, registerDevice(body), (device) => ok(device, 201));
});
