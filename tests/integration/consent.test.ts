import { TERMS_VERSION } from "@portal/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { identityOf, type TestIdentity } from "../support/identity";
import { startPortal, type RunningPortal } from "../support/portal";
import { nricOf as nric } from "../support/donations";

// Issue 22 item 6: agreement to the terms is what the donor gave, not invented. The sign-up form sends
// the terms' version it showed (validation data, like the NRIC); the portal keeps the time and the
// version, and getSignInUserDetails' iAgree reports what was kept. Port 6201.

describe("agreement to the terms at sign-up", () => {
  let portal: RunningPortal;
  let identity: TestIdentity;

  const portalCall = async (url: string, token: string) => {
    const response = await fetch(`${portal.base}${url}`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: "{}",
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const details = (token: string) => portalCall("/svc/main/User/getSignInUserDetails", token);
  const donor = (email: string, id: string, terms?: string) =>
    identity.signUp(email, id, terms === undefined ? {} : { terms });

  beforeAll(async () => {
    portal = await startPortal(6201);
    identity = await identityOf(portal);
  });
  afterAll(async () => {
    await portal?.stop();
  });

  it("reports iAgree true only for a sign-up that agreed to the current terms", async () => {
    const agreed = await donor("agreed@example.sg", nric("7654331"), TERMS_VERSION);
    const shown = await details(agreed.IdToken);
    expect(shown.body["status"]).toBe(1);
    expect((shown.body["data"] as Record<string, unknown>)["iAgree"]).toBe(true);

    const silent = await donor("silent@example.sg", nric("7654332"));
    expect((await details(silent.IdToken)).body["data"]).toMatchObject({ iAgree: false });

    const stale = await donor("stale@example.sg", nric("7654333"), "1999-01");
    expect((await details(stale.IdToken)).body["data"]).toMatchObject({ iAgree: false });
  });

  it("keeps the agreement an enrolment form sends", async () => {
    const later = await donor("later@example.sg", nric("7654334"));
    expect((await details(later.IdToken)).body["data"]).toMatchObject({ iAgree: false });
    const enrol = (body: Record<string, unknown>) =>
      fetch(`${portal.base}/svc/donor/api/User/enrollDonorManuallyPreDonation`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          authorization: `Bearer ${later.IdToken}`,
        },
        body: JSON.stringify({
          kind: "individual",
          name: "Nur Aisyah",
          email: "later@example.sg",
          nric: nric("7654334"),
          ...body,
        }),
      });
    expect((await enrol({})).status).toBe(200);
    expect((await details(later.IdToken)).body["data"]).toMatchObject({ iAgree: false });
    expect((await enrol({ termsVersion: TERMS_VERSION })).status).toBe(200);
    expect((await details(later.IdToken)).body["data"]).toMatchObject({ iAgree: true });
  });
});
