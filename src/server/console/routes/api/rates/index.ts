import type { ConsoleRoute } from "../../../route";
import { consoleServices } from "../../../services";
import { decodeRateChanges, MAIN_CHARITY_ID } from "@portal/domain";
import { requireOfficer } from "../../../guard";
import { consoleBody, ok, refused } from "../../../respond";
import { RateDraftBody } from "../../../bodies";
import { refusal } from "../../../guard";

/** The rates in force, their version, and the drafts (newest first) with their diff and history. */
export const GET: ConsoleRoute = async (context) => {
  const call = await requireOfficer(context, "rates.view");
  if (call instanceof Response) return call;
  const drafts = await consoleServices(context).rateDrafts();
  await drafts.publishDue(call.now);
  return ok(await drafts.list(MAIN_CHARITY_ID));
};

/** Draft new rates: `{ changes: { nisabValue: 1100000, ... }, effectiveAt: ISO time }`. */
export const POST: ConsoleRoute = async (context) => {
  const call = await requireOfficer(context, "rates.draft");
  if (call instanceof Response) return call;
  const body = await consoleBody(context.request, RateDraftBody, "rates.invalid");
  if (body instanceof Response) return body;
  const effectiveAt = new Date(body.effectiveAt);
  if (Number.isNaN(effectiveAt.getTime())) {
    return refusal("rates.invalid", "Send { changes, effectiveAt } as JSON");
  }
  try {
    const draft = await (
      await consoleServices(context).rateDrafts()
    ).draft({
      charityId: MAIN_CHARITY_ID,
      changes: decodeRateChanges(body.changes),
      effectiveAt,
      officer: call.officer,
      ip: call.ip,
      now: call.now,
    });
    return ok(draft, 201);
  } catch (error) {
    return refused(error);
  }
};
