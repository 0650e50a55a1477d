import { paymentJobs } from "@portal/adapters/payments";
import { configuredMailTransport, mailQueueRecords } from "../mail";
import { donations, gatewayNamed, recurringRecords } from "../payments";
import { shared } from "../shared";

const intervalMs = () =>
  Math.max(1, Number(process.env["PORTAL_JOBS_INTERVAL_SECONDS"] ?? "60")) * 1000;

/**
 * The server's payment jobs, once per process: at start-up a reconciliation pass (attempts a killed
 * server left open are asked of the gateway and recorded), then every PORTAL_JOBS_INTERVAL_SECONDS
 * (default 60) reconciliation again and the recurring plans that are due. Several instances may run
 * them together: see paymentJobs.
 */
export const startPaymentJobs = () =>
  shared("paymentJobs", () => {
    const started = Promise.all([donations(), recurringRecords()]).then(([records, plans]) =>
      paymentJobs({
        records,
        recurring: plans,
        gateway: gatewayNamed,
        log: (message) => console.log(`[jobs] ${message}`),
      }).start({ intervalMs: intervalMs() }),
    );
    started.catch((error: unknown) =>
      console.error(`[jobs] not started: ${error instanceof Error ? error.message : "unknown"}`),
    );
    return started;
  });

/**
 * The mail queue's own loop, once per process, apart from the payment jobs so that a slow mail
 * server never holds up reconciliation: at start-up and then every PORTAL_JOBS_INTERVAL_SECONDS it
 * delivers the mails that are due (first tries cut short, retries after their wait, claims of a
 * crashed instance whose lease ran out) and empties the bodies of mails sent 30 days ago. Several
 * instances may run it together: claims are leased (see mailQueue).
 */
export const startMailJobs = () =>
  shared("mailJobs", () => {
    try {
      configuredMailTransport();
    } catch (error) {
      // Said at start-up; the loop runs anyway and mails wait in the queue until the settings are mended.
      console.error(
        `[mail] transport not configured: ${error instanceof Error ? error.message : "unknown"}`,
      );
    }
    const started = mailQueueRecords().then((queue) => queue.start({ intervalMs: intervalMs() }));
    started.catch((error: unknown) =>
      console.error(`[mail] not started: ${error instanceof Error ? error.message : "unknown"}`),
    );
    return started;
  });
