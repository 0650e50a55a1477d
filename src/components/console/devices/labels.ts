import { islandKeys } from "../island-keys";

/** Every string the devices' island shows: the `consoledevices_` block and the gate's. */
export const devicesKeys = islandKeys("consoledevices_");
