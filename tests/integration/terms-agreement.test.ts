import { randomBytes } from "node:crypto";
import { TERMS_VERSION } from "@portal/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestIdentity } from "../../scripts/lib/test-identity.mjs";
import { testDatabases } from "../support/databases";
import { nricOf as nric } from "../support/donations";
import { guestCookie, startPortal, type RunningPortal, callerOf } from "../support/portal";
import { throughStandin } from "../support/singpass";

// Issue 22's remaining gap 1: the Singpass enrolment and the NRIC step of a sign-up take the donor's
// agreement to the terms like the manual enrolment and the sign-up form: without it the portal
// refuses (`terms.required`, which the pages say in English and Malay); with it, the version and the
// time are kept and iAgree reports them. Ports 6700-6709.
let nextPort = 6700;
const CONTROL = randomBytes(24).toString("hex");

const donor = (name: string) => `/svc/donor/api/User/${name}`;
const singpass = (name: string) => `/svc/donor/api/Singpass/${name}`;

describe.each(testDatabases())("agreement to the terms at every enrolment on $name", (database) => {
  let portal: RunningPortal;
  let identity: Awaited<ReturnType<typeof startTestIdentity>>;
  const call = callerOf(() => portal);
  const account = async (email: string) => ({
    authorization: `Bearer ${await identity.sign({ subject: email, email, name: "Siti" })}`,
  });
  const iAgree = async (auth: Record<string, string>) =>
    (
      (await call("/svc/main/User/getSignInUserDetails", {}, auth)).body["data"] as {
        iAgree: boolean;
      } | null
    )?.iAgree;
  const refusedForTerms = (reply: { status: number; body: Record<string, unknown> }) => {
    expect(reply.status, JSON.stringify(reply.body)).toBe(422);
    expect(reply.body["code"]).toBe("terms.required");
  };

  beforeAll(async () => {
    identity = await startTestIdentity();
    portal = await startPortal(nextPort++, undefined, {
      ...(await database.portalEnv()),
      ...identity.env,
      PORTAL_TEST_CONTROL_TOKEN: CONTROL,
    });
  });
  afterAll(async () => {
    await portal?.stop();
    await identity?.stop();
    await database.cleanup();
  });

  it("refuses a Singpass enrolment without agreement, and keeps the Myinfo details for a second try", async () => {
    const cookie = await guestCookie(portal.base);
    const start = await call(singpass("startSingpassLogin"), { lang: "ms" }, { cookie });
    const back = await throughStandin((start.body["data"] as { url: string }).url, {
      persona: "F1612347K",
    });
    const { code, state, iss } = back;
    expect(
      (await call(singpass("completeSingpassLogin"), { code, state, iss }, { cookie })).status,
    ).toBe(200);

    refusedForTerms(await call(donor("confirmSingpassPreDonation"), {}, { cookie }));
    refusedForTerms(
      await call(donor("confirmSingpassPreDonation"), { termsVersion: "1999-01" }, { cookie }),
    );
    const agreed = await call(
      donor("confirmSingpassPreDonation"),
      { termsVersion: TERMS_VERSION },
      { cookie },
    );
    expect(agreed.status, JSON.stringify(agreed.body)).toBe(200);
  });

  it("refuses the NRIC step of a social sign-up without agreement, and keeps the agreement it held", async () => {
    const cookie = await guestCookie(portal.base);
    const id = nric("7700101");
    refusedForTerms(await call(donor("holdSocialNric"), { nric: id }, { cookie }));
    const held = await call(
      donor("holdSocialNric"),
      { nric: id, termsVersion: TERMS_VERSION },
      { cookie },
    );
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    // Back from the provider: the registration takes the NRIC and the agreement held with it.
    const auth = await account("sosial.7700101@example.sg");
    const registered = await call(donor("registerCognitoUser"), {}, { cookie, ...auth });
    expect(registered.body).toMatchObject({ status: 0 });
    expect(await iAgree(auth)).toBe(true);
  });

  it("refuses the NRIC step of a signed-in account without agreement", async () => {
    const auth = await account("langsung.7700202@example.sg");
    const uniqueUserId = btoa(nric("7700202"));
    refusedForTerms(await call(donor("registerCognitoUser"), { uniqueUserId }, auth));
    expect(await iAgree(auth)).toBeUndefined();
    const registered = await call(
      donor("registerCognitoUser"),
      { uniqueUserId, termsVersion: TERMS_VERSION },
      auth,
    );
    expect(registered.body).toMatchObject({ status: 0 });
    expect(await iAgree(auth)).toBe(true);
  });

  it("keeps the agreement of a registration at the time of the portal's clock", async () => {
    // Forty days on the portal's clock (POST /__test/clock): the agreement is kept at that time.
    const moved = await fetch(`${portal.base}/__test/clock`, {
      method: "POST",
      headers: { authorization: `Bearer ${CONTROL}`, "content-type": "application/json" },
      body: JSON.stringify({ advanceMs: 40 * 86_400_000 }),
    });
    expect(moved.status).toBe(200);
    const auth = await account("kemudian.7700303@example.sg");
    const before = Date.now();
    const registered = await call(
      donor("registerCognitoUser"),
      { uniqueUserId: btoa(nric("7700303")), termsVersion: TERMS_VERSION },
      auth,
    );
    expect(registered.body).toMatchObject({ status: 0 });
    expect(await iAgree(auth)).toBe(true);
    // Read beside the portal where the engine allows a second connection (PostgreSQL).
    const peek = await database.peek();
    if (!peek) return;
    try {
      const [row] = await peek.query<{ agreed_at: Date }>(
        `select t.agreed_at from donor_terms_agreement t
         join identity_link l on l.donor_id = t.donor_id where l.subject = $1`,
        ["kemudian.7700303@example.sg"],
      );
      const agreedAt = new Date(row!.agreed_at).getTime();
      expect(agreedAt).toBeGreaterThanOrEqual(before + 40 * 86_400_000);
      expect(agreedAt).toBeLessThan(Date.now() + 40 * 86_400_000 + 60_000);
    } finally {
      await peek.close();
    }
  });
});
