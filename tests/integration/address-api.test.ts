import { decodeResponse } from "@portal/adapters/responses";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestIdentity } from "../../scripts/lib/test-identity.mjs";
import { testDatabases } from "../support/databases";
import {
  ONEMAP_BROKEN_POSTAL_CODE,
  startOneMapStandIn,
  type OneMapStandIn,
} from "../support/onemap";
import { guestCookie, startPortal, type RunningPortal } from "../support/portal";

let nextPort = 4880;

const PER_SESSION = 4;
const PER_ADDRESS = 8;

interface Reply {
  readonly status: number;
  readonly headers: Headers;
  readonly body: Record<string, unknown>;
}

/**
 * lookupPostalCode through the real server and launcher, with OneMap's search played by a local HTTP
 * server serving recorded answers (PORTAL_ONEMAP_URL). Each test calls from its own client address
 * (PORTAL_TRUST_PROXY: the last X-Forwarded-For entry), so the per-address limit counts one test's calls.
 */
describe.each(testDatabases())("postal-code lookup on $name", (database) => {
  let portal: RunningPortal;
  let offPortal: RunningPortal;
  let oneMap: OneMapStandIn;
  let identity: Awaited<ReturnType<typeof startTestIdentity>>;
  let clients = 0;

  const lookup = async (
    base: string,
    body: unknown,
    headers: Record<string, string>,
  ): Promise<Reply> => {
    const response = await fetch(`${base}/svc/donor/api/User/lookupPostalCode`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
    return {
      status: response.status,
      headers: response.headers,
      body: (await response.json()) as Record<string, unknown>,
    };
  };
  /** A new client: its own address and guest session. */
  const client = async (base = portal.base) => ({
    "x-forwarded-for": `203.0.113.${++clients}`,
    cookie: await guestCookie(base),
  });

  beforeAll(async () => {
    oneMap = await startOneMapStandIn();
    identity = await startTestIdentity();
    const env = {
      ...(await database.portalEnv()),
      ...identity.env,
      PORTAL_TRUST_PROXY: "true",
      PORTAL_ADDRESS_LOOKUPS_PER_SESSION: String(PER_SESSION),
      PORTAL_ADDRESS_LOOKUPS_PER_IP: String(PER_ADDRESS),
    };
    portal = await startPortal(nextPort++, undefined, { ...env, PORTAL_ONEMAP_URL: oneMap.url });
    offPortal = await startPortal(nextPort++, undefined, env);
  });

  afterAll(async () => {
    await portal?.stop();
    await offPortal?.stop();
    await oneMap?.stop();
    await identity?.stop();
    await database.cleanup();
  });

  it("gives a guest the address at a postal code from OneMap's recorded answer", async () => {
    const reply = await lookup(portal.base, { postalCode: " 520106 " }, await client());
    expect(reply.status).toBe(200);
    expect(decodeResponse("lookupPostalCode", reply.body).data.addresses).toEqual([
      {
        postalCode: "520106",
        blockNumber: "106",
        streetName: "SIMEI STREET 1",
        buildingName: "",
        country: "SG",
      },
    ]);
    expect(oneMap.searches.at(-1)).toBe("520106");
  });

  it("offers every address of a postal code with several, and none for an unknown one", async () => {
    const headers = await client();
    const several = await lookup(portal.base, { postalCode: "238859" }, headers);
    expect(
      decodeResponse("lookupPostalCode", several.body).data.addresses.map((a) => a.buildingName),
    ).toEqual(["THE PARAGON", "PARAGON MEDICAL"]);
    const none = await lookup(portal.base, { postalCode: "999999" }, headers);
    expect(none.status).toBe(200);
    expect(decodeResponse("lookupPostalCode", none.body).data.addresses).toEqual([]);
  });

  it("answers a signed-in donor too, and refuses callers without a session or with a forged sign-in", async () => {
    const { "x-forwarded-for": forwarded } = await client();
    const token = await identity.sign({ email: "lookup@example.com" });
    const signedIn = await lookup(
      portal.base,
      { postalCode: "520106" },
      { "x-forwarded-for": forwarded, authorization: `Bearer ${token}` },
    );
    expect(signedIn.status).toBe(200);
    const anonymous = await lookup(
      portal.base,
      { postalCode: "520106" },
      { "x-forwarded-for": forwarded },
    );
    expect(anonymous).toMatchObject({ status: 401, body: { status: 0, code: "session.required" } });
    const forged = await lookup(
      portal.base,
      { postalCode: "520106" },
      { "x-forwarded-for": forwarded, authorization: "Bearer forged.token.value" },
    );
    expect(forged).toMatchObject({ status: 401, body: { code: "identity.invalid" } });
  });

  it("refuses a bad postal code with its validation key and never asks OneMap", async () => {
    // Three refusals on one session: under its limit of four (refused calls count too).
    const headers = await client();
    const asked = oneMap.searches.length;
    for (const postalCode of ["52010A", "5201066", ""]) {
      const reply = await lookup(portal.base, { postalCode }, headers);
      expect(reply.status).toBe(400);
      expect(reply.body["code"]).toBe(
        postalCode === "" ? "validation.postalCode.required" : "validation.postalCode.invalid",
      );
    }
    const missing = await lookup(portal.base, {}, await client());
    expect(missing).toMatchObject({ status: 400, body: { status: 0 } });
    expect(oneMap.searches.length).toBe(asked);
  });

  it("says the address service is unavailable when OneMap fails, so the donor types the address", async () => {
    const reply = await lookup(
      portal.base,
      { postalCode: ONEMAP_BROKEN_POSTAL_CODE },
      await client(),
    );
    expect(reply).toMatchObject({
      status: 503,
      body: { status: 0, code: "address.unavailable" },
    });
  });

  it("limits lookups per session and per client address, with Retry-After", async () => {
    const headers = await client();
    for (let i = 0; i < PER_SESSION; i++) {
      expect((await lookup(portal.base, { postalCode: "520106" }, headers)).status).toBe(200);
    }
    const limited = await lookup(portal.base, { postalCode: "520106" }, headers);
    expect(limited).toMatchObject({ status: 429, body: { status: 0, code: "rate.limited" } });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);

    // Fresh sessions from one address: the address's limit holds them all.
    const address = { "x-forwarded-for": headers["x-forwarded-for"] };
    const fresh = async () => ({ ...address, cookie: await guestCookie(portal.base) });
    const statuses: number[] = [];
    for (let i = 0; i < PER_ADDRESS; i++) {
      statuses.push((await lookup(portal.base, { postalCode: "520106" }, await fresh())).status);
    }
    // The address already made PER_SESSION + 1 lookups above.
    expect(statuses.filter((s) => s === 200)).toHaveLength(PER_ADDRESS - PER_SESSION - 1);
    expect(statuses.at(-1)).toBe(429);
  });

  it("answers 404 address.lookupOff when no OneMap URL is configured (the embedded default)", async () => {
    const reply = await lookup(
      offPortal.base,
      { postalCode: "520106" },
      await client(offPortal.base),
    );
    expect(reply).toMatchObject({
      status: 404,
      body: {
        status: 0,
        code: "address.lookupOff",
        message: "Address lookup is not available. Please enter the address yourself.",
      },
    });
  });
});
