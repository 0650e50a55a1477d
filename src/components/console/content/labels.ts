import { islandKeys } from "../island-keys";

/** Every string the content page's island shows: the `consolecontent_` block and the gate's. */
export const contentKeys = islandKeys("consolecontent_");
