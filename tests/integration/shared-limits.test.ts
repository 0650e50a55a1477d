import { afterAll, describe, expect, it } from "vitest";
import { testDatabases } from "../support/databases";
import { startWeb, stopWeb, type RunningWeb } from "../support/web";

// The service calls' limits (receipt lookups here; the donor calls and postal-code lookups use the same
// enforceLimits) are counted in the database, so instances behind a load balancer share one window and
// a restart forgets nothing. Ports 5503-5508.

const lookup = (web: RunningWeb) =>
  fetch(`${web.base}/svc/payment/api/Donation/getThirdPartyDonationReceiptData?transactionNo=T1`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token: "not-a-real-token" }),
  });

const limited = { PORTAL_RECEIPT_LOOKUPS_PER_IP: "3" };
const running: RunningWeb[] = [];
afterAll(async () => {
  await Promise.all(running.map((web) => stopWeb(web)));
});

describe.each(testDatabases())("the service-call limits, on $name", (database) => {
  afterAll(() => database.cleanup());

  it("keep counting after a restart", async () => {
    const env = { ...(await database.portalEnv()), ...limited };
    const first = await startWeb(database.name === "PGlite" ? 5503 : 5505, env);
    running.push(first);
    for (let i = 0; i < 2; i++) expect((await lookup(first)).status).not.toBe(429);
    await stopWeb(first);

    // Same data (PGlite's folder, or the same PostgreSQL database): two used, one left.
    const again = await startWeb(database.name === "PGlite" ? 5504 : 5506, {
      ...env,
      PORTAL_DATA_DIR: first.dataDir,
    });
    running.push(again);
    expect((await lookup(again)).status).not.toBe(429);
    const refused = await lookup(again);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    await stopWeb(again);
  });

  if (database.name === "PostgreSQL") {
    it("are shared by two instances on one database", async () => {
      // A fresh window: the lookups above were counted under the same address.
      const env = { ...(await database.portalEnv()), PORTAL_RECEIPT_LOOKUPS_PER_IP: "4" };
      await (await database.peek())?.query("delete from rate_window");
      const [a, b] = await Promise.all([startWeb(5507, env), startWeb(5508, env)]);
      running.push(a, b);
      const statuses = [];
      for (const web of [a, b, a, b, a, b]) statuses.push((await lookup(web)).status);
      // Four lookups in all fit, whichever instance answered them; the fifth and sixth are refused.
      expect(statuses.slice(0, 4).every((status) => status !== 429)).toBe(true);
      expect(statuses.slice(4)).toEqual([429, 429]);
    });
  }
});
