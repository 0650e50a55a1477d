import type { ConsoleRoute } from "../../../route";
import { consoleServices } from "../../../services";
import { refusal, requireOfficer } from "../../../guard";
import { ok, refused } from "../../../respond";

/**
 * `POST /console/api/rates/<id>?do=approve` (rates.approve; a different officer from the drafter,
 * published at once when its time has come) or `?do=withdraw` (rates.draft; not once published).
 */
export const POST: ConsoleRoute = async (context) => {
  const id = Number(context.params["id"]);
  const verb = context.url.searchParams.get("do");
  if (!Number.isSafeInteger(id) || id <= 0 || (verb !== "approve" && verb !== "withdraw")) {
    return refusal("console.not_found", "No such call");
  }
  const call = await requireOfficer(context, verb === "approve" ? "rates.approve" : "rates.draft");
  if (call instanceof Response) return call;
  try {
    const drafts = await consoleServices(context).rateDrafts();
    const input = { id, officer: call.officer, ip: call.ip, now: call.now };
    const draft = verb === "approve" ? await drafts.approve(input) : await drafts.withdraw(input);
    call.services.configurationCache.clear();
    return ok(draft);
  } catch (error) {
    return refused(error);
  }
};
