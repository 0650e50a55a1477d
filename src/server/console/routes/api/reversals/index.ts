import { reversalsAwaitingApproval } from "../../../../app/console/gifts";
import { forOfficer, type ConsoleRoute } from "../../../route";
import { perform } from "../../../respond";

/** Refunds waiting for a second officer, oldest first. */
export const GET: ConsoleRoute = forOfficer("donations.view", (_, call) =>
  perform(call, reversalsAwaitingApproval()),
);
