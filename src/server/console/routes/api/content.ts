import { MAIN_CHARITY_ID } from "@portal/domain";
import { saveSiteContent, siteContentOf } from "../../../app/console/settings";
import { refusal } from "../../guard";
import { forOfficer, type ConsoleRoute } from "../../route";
import { consoleJson, perform } from "../../respond";

const charityOf = (value: unknown): number | undefined => {
  const id = typeof value === "string" && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : value;
  return typeof id === "number" && Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

/**
 * `GET /console/api/content?charityId=25` (content.edit): the charities, and the one asked's contact
 * details, social links, text blocks 4 to 14 (English and Malay) and donor-wall settings.
 */
export const GET: ConsoleRoute = forOfficer("content.edit", (context, call) => {
  const raw = context.url.searchParams.get("charityId");
  return perform(call, siteContentOf(raw === null ? MAIN_CHARITY_ID : charityOf(raw)));
});

/**
 * `POST /console/api/content` (content.edit): `{ charityId, contact?, socialMediaIcons?, blocks?,
 * donorWall? }`. Each part sent is checked and cleaned on the server (400 `content.*` with the field's
 * path), saved with its audit line, and shows on the donors' next page load.
 */
export const POST: ConsoleRoute = forOfficer("content.edit", async (context, call) => {
  const body = await consoleJson(context.request);
  if (body instanceof Response) return body;
  const charityId = charityOf((body as { charityId?: unknown } | undefined)?.charityId);
  if (body === undefined || charityId === undefined) {
    return refusal("content.invalid", "Send { charityId, ... } as JSON", { field: "" });
  }
  const { charityId: _, ...parts } = body as Record<string, unknown>;
  return perform(call, saveSiteContent(charityId, parts));
});
