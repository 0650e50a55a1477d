import { seedRates } from "@portal/domain";
import { defaultBases, makeApiClient, ratesFromHomePageWire, type Bases } from "@portal/adapters";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../support/databases";
import { startPortal, type RunningPortal } from "../support/portal";

let nextPort = 4420;

describe.each(testDatabases())("configuration API on $name", (database) => {
  let portal: RunningPortal;
  let bases: Bases;

  beforeAll(async () => {
    portal = await startPortal(nextPort++, undefined, await database.portalEnv());
    bases = Object.fromEntries(
      Object.entries(defaultBases).map(([name, path]) => [name, `${portal.base}${path}`]),
    ) as unknown as Bases;
  });

  afterAll(async () => {
    await portal?.stop();
    await database.cleanup();
  });

  const post = (path: string, body: string | null = null, headers: Record<string, string> = {}) =>
    fetch(`${portal.base}${path}`, {
      method: "POST",
      body,
      headers: { "content-type": "application/json", ...headers },
    });

  it("reports which database it runs on", async () => {
    const health = (await (await fetch(`${portal.base}/api/health`)).json()) as {
      data: { database: string };
    };
    expect(health.data.database).toBe(database.name === "PGlite" ? "pglite" : "postgres");
  });

  it("serves the home-page configuration in the spec's envelope, money in cents", async () => {
    const response = await post("/svc/main/v1/Home/homePageConfiguration?charityId=25");
    expect(response.status).toBe(200);
    const body = (await response.json()) as { status: number; data: Record<string, unknown> };
    expect(body.status).toBe(1);
    expect(body.data).toMatchObject({
      version: 1,
      muisZakatHarta: { nisabValue: 1_097_500 },
      muisZakatFitrah: { minAmount: 500, maxAmount: 800 },
      muisZakatFidyah: { fidyahPerDay: 400 },
      muisKaffarah: { kaffarahPerDay: 400 },
    });
  });

  it("browser client and server agree: the client reads back exactly the seeded rates", async () => {
    const client = makeApiClient({ bases, host: () => "test", reload: () => undefined });
    for (const name of ["homePageConfiguration", "getHomePageConfiguration"] as const) {
      const charityId = name === "homePageConfiguration" ? 25 : 135;
      const result = (await client.call(name, { query: { charityId } })) as { data: unknown };
      expect(ratesFromHomePageWire(result.data)).toEqual({ version: 1, rates: seedRates });
    }
    const site = (await client.call("configureWebForCharity", { query: { charityId: 25 } })) as {
      status: number;
      data: { funds: unknown[] };
    };
    expect(site.status).toBe(1);
    expect(site.data.funds).toHaveLength(2);
  });

  it("turns a client's mistakes into 4xx with a message", async () => {
    const cases: Array<[Promise<Response>, number, string]> = [
      [
        post("/svc/main/v1/Home/homePageConfiguration"),
        400,
        "charityId must be a positive whole number",
      ],
      [
        post("/svc/main/v1/Home/homePageConfiguration?charityId=abc"),
        400,
        "charityId must be a positive whole number",
      ],
      [post("/svc/main/v1/Home/homePageConfiguration?charityId=999"), 404, "Unknown charity"],
      [
        post("/svc/main/v1/Home/homePageConfiguration?charityId=25&nric=S1234567D"),
        400,
        "Unknown query parameter: nric",
      ],
      [
        post("/svc/main/v1/Home/homePageConfiguration?charityId=25", "{not json"),
        400,
        "Request body is not valid JSON",
      ],
      [
        post("/svc/main/v1/Home/homePageConfiguration?charityId=25", "x".repeat(70_000)),
        413,
        "Request body too large",
      ],
      [
        fetch(`${portal.base}/svc/main/v1/Home/homePageConfiguration?charityId=25`, {
          method: "DELETE",
          headers: { origin: portal.base },
        }),
        405,
        "Method not allowed",
      ],
      [post("/svc/main/v1/Nothing/here"), 404, "Not found"],
    ];
    for (const [pending, status, message] of cases) {
      const response = await pending;
      expect(response.status, message).toBe(status);
      expect(await response.json()).toEqual({ status: 0, message });
    }
  });
});
