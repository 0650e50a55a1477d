import { dashboard, irasRecords, reconciliation, stripeRecords } from "@portal/adapters/finance";
import { stripeClient } from "@portal/adapters/payments";
import { FLOW_TYPES } from "@portal/domain";
import type { GatewayRecords } from "@portal/adapters/finance";
import type { PortalConfig } from "./config";
import type { PortalDatabase } from "./database";

/**
 * The finance section's records on the process's one database (issue 19). Reconciliation reads the
 * configured gateway's own records: with PORTAL_PAYMENT_GATEWAY=stripe, the Stripe account's balance
 * transactions; else the embedded sandbox's (a stand-in, through src/server/standins.ts).
 */
export const financeOf = (deps: {
  readonly config: PortalConfig;
  readonly database: PortalDatabase;
  readonly key: Buffer;
  readonly gatewayRecords: () => Promise<GatewayRecords>;
}) =>
  deps.database.over(async (sql) => {
    const { config } = deps;
    const stripe = config.payments.stripe;
    return {
      sql,
      /** The funds of the services' registry: what the routes' fund filter accepts. */
      funds: FLOW_TYPES,
      reconciliation: reconciliation(
        sql,
        stripe
          ? stripeRecords(
              stripeClient({ secretKey: stripe.secretKey, returnUrl: config.publicUrl }),
            )
          : await deps.gatewayRecords(),
      ),
      iras: irasRecords(sql, deps.key),
      dashboard: dashboard(sql),
    };
  });

/** The finance section's records (`financeOf`). */
export type Finance = Awaited<ReturnType<ReturnType<typeof financeOf>>>;

/**
 * A streamed download: nothing of it is kept on the server, and nothing may cache it. The next chunk
 * is made only when the last one was taken and, given `writable` (the route's `locals.writable`),
 * the client's connection has drained: a slow client holds one chunk and the database's batch, never
 * the file.
 */
export const download = (
  chunks: AsyncIterable<string | Uint8Array>,
  type: string,
  filename: string,
  writable?: () => Promise<void> | undefined,
): Response => {
  const iterator = chunks[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    pull: async (controller) => {
      await writable?.();
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
