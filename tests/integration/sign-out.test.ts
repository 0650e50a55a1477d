import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { identityOf, type TestIdentity } from "../support/identity";
import { startPortal, type RunningPortal } from "../support/portal";
import { nricOf as nric } from "../support/donations";

// Issue 22 item 5: a global sign-out ends the ID tokens at the portal too, not only at the identity
// provider. Both paths: the identity provider's own GlobalSignOut (the embedded one records it in the
// database), and the portal's signOutEverywhere call, which is what holds with a real Cognito, whose
// sign-outs the portal never sees. Ports 6200.

describe("global sign-out at the portal", () => {
  let portal: RunningPortal;
  let identity: TestIdentity;

  const cognito: TestIdentity["cognito"] = (target, body) => identity.cognito(target, body);
  const portalCall = async (url: string, token: string) => {
    const response = await fetch(`${portal.base}${url}`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: "{}",
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const details = (token: string) => portalCall("/svc/main/User/getSignInUserDetails", token);
  const signIn = (email: string) => identity.signIn(email);
  const donor = (email: string, id: string) => identity.signUp(email, id);

  beforeAll(async () => {
    portal = await startPortal(6200);
    identity = await identityOf(portal);
  });
  afterAll(async () => {
    await portal?.stop();
  });

  it("refuses an ID token issued before the identity provider's global sign-out", async () => {
    const before = await donor("leaving@example.sg", nric("7654321"));
    expect((await details(before.IdToken)).body["status"]).toBe(1);

    expect((await cognito("GlobalSignOut", { AccessToken: before.AccessToken })).status).toBe(200);
    const refused = await details(before.IdToken);
    expect(refused.status).toBe(401);
    expect(refused.body["code"]).toBe("identity.invalid");

    // Signing in again, even within the second of the sign-out, gives tokens the portal takes.
    const again = await signIn("leaving@example.sg");
    expect((await details(again.IdToken)).body["status"]).toBe(1);
  });

  it("refuses an ID token after the portal's own sign-out call (the path a real Cognito takes)", async () => {
    const first = await donor("elsewhere@example.sg", nric("7654322"));
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const second = await signIn("elsewhere@example.sg");

    const ended = await portalCall("/svc/donor/api/User/signOutEverywhere", second.IdToken);
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    // Every session of the account ends, not only the one that asked.
    for (const token of [first.IdToken, second.IdToken]) {
      expect((await details(token)).status).toBe(401);
    }
    expect((await portalCall("/svc/donor/api/User/signOutEverywhere", second.IdToken)).status).toBe(
      401,
    );
    const again = await signIn("elsewhere@example.sg");
    expect((await details(again.IdToken)).body["status"]).toBe(1);
  });

  it("refuses a token whose checks were remembered, on the very next call after the sign-out", async () => {
    const session = await donor("remembered@example.sg", nric("7654323"));
    const list = (token: string) =>
      fetch(`${portal.base}/svc/payment/api/Donation/getDonorTransactions`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ pageNo: 1, pageSize: 100 }),
      });
    // Verified (and remembered by the portal) by these calls.
    for (let call = 0; call < 3; call++) {
      const answer = await list(session.IdToken);
      expect(answer.status).toBe(200);
      expect(((await answer.json()) as Record<string, unknown>)["totalRecords"]).toBe(0);
    }
    const ended = await portalCall("/svc/donor/api/User/signOutEverywhere", session.IdToken);
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    const refused = await list(session.IdToken);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as Record<string, unknown>)["code"]).toBe("identity.invalid");
    expect((await details(session.IdToken)).status).toBe(401);
  });
});
