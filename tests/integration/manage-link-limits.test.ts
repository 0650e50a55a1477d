import { afterAll, describe, expect, it } from "vitest";
import { testDatabases } from "../support/databases";
import { startWeb, stopWeb, type RunningWeb } from "../support/web";

// Issue 30, finding 7: manage-gift look-ups (a plan's status or stop with a link's token) are limited
// per address as receipt reads by token are, in the database (rate_window), so trying tokens from
// one address soon stops answering while another address is served. Ports 8050-8053.

let nextPort = 8050;

const manage = (web: RunningWeb, call: string, from: string) =>
  fetch(`${web.base}/svc/payment/api/Donation/${call}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": from },
    body: JSON.stringify({ transactionNo: "T1", token: `guess-${Math.random()}` }),
  });

describe.each(testDatabases())("manage-link look-ups on $name", (database) => {
  let web: RunningWeb | undefined;
  afterAll(async () => {
    await stopWeb(web);
    await database.cleanup();
  });

  it("answer 429 to the look-up past the limit from one address, and serve another address", async () => {
    web = await startWeb(nextPort++, {
      ...(await database.portalEnv()),
      PORTAL_RECEIPT_LOOKUPS_PER_IP: "4",
      PORTAL_TRUST_PROXY: "true",
    });
    const attacker = "203.0.113.7";
    const calls = ["getDonorTxnRecurrentStatus", "cancelRecurringPayment"];
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await manage(web, calls[i % 2]!, attacker)).status);
    expect(statuses).toEqual([404, 404, 404, 404]);
    for (const call of calls) {
      const refused = await manage(web, call, attacker);
      expect(refused.status, call).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    expect((await manage(web, calls[0]!, "198.51.100.20")).status).toBe(404);
  });
});
