import {
  acknowledgeFlaggedEntry,
  moveFlaggedEntry,
  refuseHeldEntry,
  takeHeldEntry,
} from "../../../../app/console/counter-entries";
import { isUuid } from "../../../../input";
import { EntryDecisionBody } from "../../../bodies";
import { refusal } from "../../../guard";
import { forOfficer, type ConsoleRoute } from "../../../route";
import { consoleBody, perform } from "../../../respond";

const DECISIONS = ["take", "refuse", "move", "acknowledge"] as const;

/**
 * `POST /console/api/counter/entries?do=<decision>` `{ deviceId, key, reason, shiftId? }`: an
 * officer's decision on a counter device's entry (docs/counter.md "Held and flagged entries"): a held
 * entry taken or refused; an entry received outside a shift moved into `shiftId` or acknowledged.
 */
export const POST: ConsoleRoute = forOfficer(
  (context) =>
    (DECISIONS as ReadonlyArray<string>).includes(context.url.searchParams.get("do") ?? "")
      ? "counter.entries.decide"
      : refusal("console.not_found", "No such action"),
  async (context, call) => {
    const body = await consoleBody(context.request, EntryDecisionBody, "request.invalid");
    if (body instanceof Response) return body;
    if (!isUuid(body.deviceId)) return refusal("counter.entry_unknown", "No such entry.");
    const input = { deviceId: body.deviceId, key: body.key, reason: body.reason };
    switch (context.url.searchParams.get("do")) {
      case "take":
        return perform(call, takeHeldEntry(input));
      case "refuse":
        return perform(call, refuseHeldEntry(input));
      case "move":
        if (!body.shiftId || !isUuid(body.shiftId)) {
          return refusal("shift.notFound", "No such shift.");
        }
        return perform(call, moveFlaggedEntry({ ...input, shiftId: body.shiftId }));
      default:
        return perform(call, acknowledgeFlaggedEntry(input));
    }
  },
);
