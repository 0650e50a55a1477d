import { asnafDistributions, draftAsnaf } from "../../../../app/console/asnaf";
import { AsnafBody } from "../../../bodies";
import { forOfficer, type ConsoleRoute } from "../../../route";
import { consoleBody, ok, perform } from "../../../respond";

/** The published asnaf distributions and the drafts (newest first). */
export const GET: ConsoleRoute = forOfficer("asnaf.view", (_, call) =>
  perform(call, asnafDistributions()),
);

/** Propose a year's distribution: `{ year: 2026, cents: { fuqara: 100, ..., ibnusSabil: 0 } }`. */
export const POST: ConsoleRoute = forOfficer("asnaf.draft", async (context, call) => {
  const body = await consoleBody(context.request, AsnafBody, "asnaf.invalid");
  if (body instanceof Response) return body;
  return perform(call, draftAsnaf(body), (draft) => ok(draft, 201));
});
