import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestIdentity } from "../../scripts/lib/test-identity.mjs";
import { nricOf } from "../support/donations";
import { startPortal, type RunningPortal } from "../support/portal";

// The donor-call limits (src/server/api/donor-limits.ts: checkCognitoNricExists 10 per sign-in and 30
// per address an hour) through the real server, keyed on the caller's address as every other limit is
// (`callerAddress`): behind a trusted proxy (PORTAL_TRUST_PROXY=true) the last X-Forwarded-For entry,
// otherwise the socket's, whatever the header says. Ports 5300-5301.

const PER_SIGN_IN = 10;
const PER_ADDRESS = 30;

describe("the donor-call limits key on the caller's address", () => {
  let identity: Awaited<ReturnType<typeof startTestIdentity>>;
  let trusted: RunningPortal;
  let direct: RunningPortal;

  /** One NRIC check by this sign-in, with this X-Forwarded-For; its HTTP status. */
  const nricCheck = async (base: string, token: string, forwardedFor: string) => {
    const response = await fetch(`${base}/svc/donor/api/User/checkCognitoNricExists`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${token}`,
        "x-forwarded-for": forwardedFor,
      },
      body: JSON.stringify({ nric: nricOf("9400066") }),
    });
    await response.body?.cancel();
    return response.status;
  };

  /** The address limit's worth of checks, from sign-ins that each stay within their own limit. */
  const useUpAnAddress = async (base: string, forwardedFor: (n: number) => string) => {
    const statuses: number[] = [];
    for (let n = 0; n < PER_ADDRESS; n++) {
      const token = await identity.sign({
        subject: `spender-${base}-${Math.floor(n / PER_SIGN_IN)}`,
      });
      statuses.push(await nricCheck(base, token, forwardedFor(n)));
    }
    expect(statuses).toEqual(Array(PER_ADDRESS).fill(200));
  };

  beforeAll(async () => {
    identity = await startTestIdentity();
    trusted = await startPortal(5300, undefined, { ...identity.env, PORTAL_TRUST_PROXY: "true" });
    direct = await startPortal(5301, undefined, identity.env);
  });
  afterAll(async () => {
    await trusted?.stop();
    await direct?.stop();
    await identity?.stop();
  });

  it("behind a trusted proxy, two forwarded addresses count in separate windows", async () => {
    await useUpAnAddress(trusted.base, () => "198.51.100.7");
    const fresh = await identity.sign();
    expect(await nricCheck(trusted.base, fresh, "198.51.100.7")).toBe(429);
    expect(await nricCheck(trusted.base, fresh, "198.51.100.8")).toBe(200);
    // Only the proxy's own (last) entry counts: one the client wrote in front of it changes nothing.
    expect(await nricCheck(trusted.base, fresh, "198.51.100.8, 198.51.100.7")).toBe(429);
  });

  it("without a trusted proxy, a forged X-Forwarded-For does not escape the limit", async () => {
    await useUpAnAddress(direct.base, (n) => `203.0.113.${n + 1}`);
    const fresh = await identity.sign();
    expect(await nricCheck(direct.base, fresh, "203.0.113.200")).toBe(429);
    expect(await nricCheck(direct.base, fresh, "198.51.100.99")).toBe(429);
  });
});
