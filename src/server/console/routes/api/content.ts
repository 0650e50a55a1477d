import type { ConsoleRoute } from "../../route";
import { decodeSiteContentChange, MAIN_CHARITY_ID } from "@portal/domain";
import { listCharities, readSiteContent, saveSiteContent } from "@portal/adapters/console";
import { refusal, requireOfficer } from "../../guard";
import { consoleJson, ok, refused } from "../../respond";

const charityOf = (value: unknown): number | undefined => {
  const id = typeof value === "string" && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : value;
  return typeof id === "number" && Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

/**
 * `GET /console/api/content?charityId=25` (content.edit): the charities, and the one asked's contact
 * details, social links, text blocks 4 to 14 (English and Malay) and donor-wall settings.
 */
export const GET: ConsoleRoute = async (context) => {
  const call = await requireOfficer(context, "content.edit");
  if (call instanceof Response) return call;
  const raw = context.url.searchParams.get("charityId");
  const charityId = raw === null ? MAIN_CHARITY_ID : charityOf(raw);
  const sql = await call.services.database.open();
  const content = charityId === undefined ? undefined : await readSiteContent(sql, charityId);
  if (!content) return refusal("content.unknown_charity", "No such charity");
  return ok({ charities: await listCharities(sql), content });
};

/**
 * `POST /console/api/content` (content.edit): `{ charityId, contact?, socialMediaIcons?, blocks?,
 * donorWall? }`. Each part sent is checked and cleaned on the server (400 `content.*` with the field's
 * path), saved with its audit line, and shows on the donors' next page load.
 */
export const POST: ConsoleRoute = async (context) => {
  const call = await requireOfficer(context, "content.edit");
  if (call instanceof Response) return call;
  const body = await consoleJson(context.request);
  if (body instanceof Response) return body;
  const charityId = charityOf((body as { charityId?: unknown } | undefined)?.charityId);
  if (body === undefined || charityId === undefined) {
    return refusal("content.invalid", "Send { charityId, ... } as JSON", { field: "" });
  }
  try {
    const { charityId: _, ...parts } = body as Record<string, unknown>;
    const content = await saveSiteContent(await call.services.database.open(), {
      charityId,
      change: decodeSiteContentChange(parts),
      officer: call.officer,
      ip: call.ip,
      now: call.now,
    });
    if (!content) return refusal("content.unknown_charity", "No such charity");
    call.services.configurationCache.clear();
    return ok({ content });
  } catch (error) {
    return refused(error);
  }
};
