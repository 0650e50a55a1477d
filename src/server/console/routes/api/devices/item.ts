import { amilSignIn, newDeviceBlock, revokeDevice } from "../../../../app/console/counter-devices";
import { isUuid } from "../../../../input";
import { refusal } from "../../../guard";
import { forOfficer, type ConsoleRoute } from "../../../route";
import { consoleBody, perform } from "../../../respond";
import { BlockBody } from "../../../bodies";

/** What a call on a device does (`?do=`), and the role table's action for it. */
const ACTIONS = {
  revoke: "counter.devices",
  block: "counter.devices",
  amil: "counter.record",
} as const;

/**
 * `POST /console/api/counter/devices/<id>?do=revoke`: what the device sends from now on is held.
 * `?do=amil`: the signed-in officer (an amil) signs in on the device: the council's credential for
 * them on it (docs/counter.md). `?do=block` `{ blockSize? }`: a new block continuing its series.
 */
export const POST: ConsoleRoute = forOfficer(
  (context) => {
    const act = context.url.searchParams.get("do") ?? "";
    return act in ACTIONS
      ? ACTIONS[act as keyof typeof ACTIONS]
      : refusal("console.not_found", "No such action");
  },
  async (context, call) => {
    const id = String(context.params["id"] ?? "");
    if (!isUuid(id)) return refusal("counter.device_unknown", "No such device");
    const act = context.url.searchParams.get("do");
    if (act === "amil") return perform(call, amilSignIn(id));
    if (act === "block") {
      const body = await consoleBody(context.request, BlockBody, "counter.device_invalid");
      if (body instanceof Response) return body;
      return perform(call, newDeviceBlock(id, body.blockSize));
    }
    return perform(call, revokeDevice(id));
  },
);
