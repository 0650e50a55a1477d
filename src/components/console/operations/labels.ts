import { islandKeys } from "../island-keys";

/** Every string the operations' islands show: the `consoleops_` block and the gate's two. */
export const operationsKeys = islandKeys("consoleops_");
