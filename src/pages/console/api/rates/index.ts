import type { APIRoute } from "astro";
import { consoleServices } from "../../../../server/console/services";
import { decodeRateChanges, MAIN_CHARITY_ID } from "@portal/domain";
import { requireOfficer } from "../../../../server/console/guard";
import { consoleBody, ok, refused } from "../../../../server/console/respond";
import { RateDraftBody } from "../../../../server/console/bodies";
import { refusal } from "../../../../server/console/guard";

export const prerender = false;

/** The rates in force, their version, and the drafts (newest first) with their diff and history. */
export const GET: APIRoute = async (context) => {
  const call = await requireOfficer(context, "rates.view");
  if (call instanceof Response) return call;
  const drafts = await consoleServices(context).rateDrafts();
  await drafts.publishDue(call.now);
  return ok(await drafts.list(MAIN_CHARITY_ID));
};

/** Draft new rates: `{ changes: { nisabValue: 1100000, ... }, effectiveAt: ISO time }`. */
export const POST: APIRoute = async (context) => {
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
