import { revokeDevice } from "../../../../app/console/counter-devices";
import { isUuid } from "../../../../input";
import { refusal } from "../../../guard";
import { forOfficer, type ConsoleRoute } from "../../../route";
import { perform } from "../../../respond";

/** `POST /console/api/counter/devices/<id>?do=revoke`: what the device sends from now on is held. */
export const POST: ConsoleRoute = forOfficer(
  (context) =>
    context.url.searchParams.get("do") === "revoke"
      ? "counter.devices"
      : refusal("console.not_found", "No such action"),
  (context, call) => {
    const id = String(context.params["id"] ?? "");
    if (!isUuid(id)) return Promise.resolve(refusal("counter.device_unknown", "No such device"));
    return perform(call, revokeDevice(id));
  },
);
