import { dashboard, irasRecords, reconciliation } from "@portal/adapters/finance";
import { database } from "./database";
import { serverKey } from "./secrets";
import { scoped } from "./root";
import { gatewayRecords } from "./standins";

/**
 * The finance section's records on the process's one database (issue 19). Reconciliation reads the
 * embedded sandbox gateway's own records (a stand-in, through src/server/standins.ts); a Stripe
 * account's balance transactions would be a second `GatewayRecords` (docs/finance.md).
 */
export const finance = () =>
  scoped("finance", async () => {
    const sql = await database();
    return {
      sql,
      reconciliation: reconciliation(sql, await gatewayRecords()),
      iras: irasRecords(sql, serverKey()),
      dashboard: dashboard(sql),
    };
  });

/** A streamed download: nothing of it is kept on the server, and nothing may cache it. */
export const download = (
  chunks: AsyncIterable<string | Uint8Array>,
  type: string,
  filename: string,
): Response => {
  const iterator = chunks[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    pull: async (controller) => {
      const next = await iterator.next();
      if (next.done) controller.close();
      else
        controller.enqueue(
          typeof next.value === "string" ? encoder.encode(next.value) : next.value,
        );
    },
    cancel: async () => {
      await iterator.return?.();
    },
  });
  return new Response(body, {
    headers: {
      "content-type": type,
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
};
