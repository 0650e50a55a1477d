import { Schema } from "effect";
import { MAX_SYNC_ENTRIES } from "@portal/domain";
import { syncEntries } from "../app/counter-sync";
import { enforceLimits } from "../rate-limits/shared";
import { decode, Text } from "./decode";
import { success } from "./envelope";
import type { Handler, HandlerServices } from "./types";

/** A sync: the device's id and up to MAX_SYNC_ENTRIES signed entries, each the exact text signed. */
const SyncBody = Schema.Struct({
  deviceId: Text(36),
  entries: Schema.Array(
    Schema.Struct({
      text: Schema.String.check(Schema.isMaxLength(4_000)),
      signature: Text(200),
    }),
  ).check(Schema.isMaxLength(MAX_SYNC_ENTRIES)),
});

/**
 * Calls from one address an hour: a mosque's devices behind one address, each sending its queue in
 * pages and retrying in the background, stay well under it; someone trying keys or devices does not.
 */
const SYNC_PER_ADDRESS_HOUR = 2_000;

/**
 * A counter device's calls (issue 32; docs/counter.md): `syncEntries` sends the payments it took
 * offline, each signed by the device's key, and answers what became of each (applied with its
 * receipt, held for an officer with its reason, or refused and not kept).
 */
export const counterHandlers = ({ services, app }: HandlerServices): Record<string, Handler> => ({
  syncEntries: async ({ body, clientAddress }) => {
    await enforceLimits(services, [
      [
        { name: "syncEntries:address", limit: SYNC_PER_ADDRESS_HOUR, windowMs: 60 * 60_000 },
        clientAddress,
      ],
    ]);
    const input = decode(SyncBody, body);
    const answer = await app.run(
      syncEntries({ deviceId: input.deviceId, entries: input.entries, from: clientAddress }),
    );
    return success({ data: answer });
  },
});
