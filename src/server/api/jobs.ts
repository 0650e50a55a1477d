import { paymentJobs } from "@portal/adapters/payments";
import { donations, gatewayNamed, recurringRecords } from "../payments";
import { shared } from "../shared";

/**
 * The server's payment jobs, once per process: at start-up a reconciliation pass (attempts a killed
 * server left open are asked of the gateway and recorded), then every PORTAL_JOBS_INTERVAL_SECONDS
 * (default 60) reconciliation again and the recurring plans that are due. Several instances may run
 * them together: see paymentJobs.
 */
export const startPaymentJobs = () =>
  shared("paymentJobs", () => {
    const seconds = Number(process.env["PORTAL_JOBS_INTERVAL_SECONDS"] ?? "60");
    const started = Promise.all([donations(), recurringRecords()]).then(([records, plans]) =>
      paymentJobs({
        records,
        recurring: plans,
        gateway: gatewayNamed,
        log: (message) => console.log(`[jobs] ${message}`),
      }).start({ intervalMs: Math.max(1, seconds) * 1000 }),
    );
    started.catch((error: unknown) =>
      console.error(`[jobs] not started: ${error instanceof Error ? error.message : "unknown"}`),
    );
    return started;
  });
