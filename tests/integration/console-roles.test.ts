import path from "node:path";
import { readOutbox } from "@portal/adapters/mail";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nricOf } from "../support/donations";
import { signInOfficer, type ConsoleOfficer } from "../support/console";
import { testDatabases } from "../support/databases";
import { guestCookie, startPortal, type RunningPortal } from "../support/portal";

// Issue 18: officers sign in at /console through the staff directory; every console call checks the
// role table on the server, the CSRF token and origin, and the 15-minute idle timeout; a donor's
// token opens nothing. Ports 7200-7219.

const CONTROL = "console-roles-control-token-0123456789abcdef";
const CHARITY = 25;
let nextPort = 7200;

describe.each(testDatabases())("the council console's roles and sessions on $name", (database) => {
  let portal: RunningPortal;
  const as: Record<string, ConsoleOfficer> = {};
  const advanceClock = async (minutes: number) => {
    const response = await fetch(`${portal.base}/__test/clock`, {
      method: "POST",
      headers: { authorization: `Bearer ${CONTROL}`, "content-type": "application/json" },
      body: JSON.stringify({ advanceMs: minutes * 60_000 }),
    });
    expect(response.status).toBe(200);
  };
  const homeRates = async () => {
    const response = await fetch(
      `${portal.base}/svc/main/v1/Home/homePageConfiguration?charityId=${CHARITY}`,
    );
    return (await response.json()) as Record<string, unknown>;
  };
  const draftBody = (nisabValue: number) => ({
    changes: { nisabValue, goldRate: nisabValue / 86 },
    effectiveAt: new Date(Date.now() + 60 * 60_000).toISOString(),
  });

  beforeAll(async () => {
    portal = await startPortal(nextPort++, undefined, {
      ...(await database.portalEnv()),
      PORTAL_TEST_CONTROL_TOKEN: CONTROL,
    });
    for (const role of ["viewer", "officer", "approver", "finance", "admin"]) {
      as[role] = await signInOfficer(portal.base, portal.dataDir, role);
    }
  }, 180_000);

  afterAll(async () => {
    await portal?.stop();
    await database.cleanup();
  });

  it("npm start prints one officer per role, and each signs in with that role only", async () => {
    for (const role of ["viewer", "officer", "approver", "finance", "admin"]) {
      expect(portal.output()).toMatch(new RegExp(`\\b${role} / \\S+ / console-${role}\\b`));
      const session = await as[role]!.call("/console/api/session");
      const data = session.body["data"] as { officer: { roles: string[] }; actions: string[] };
      expect(data.officer.roles).toEqual([role]);
    }
  });

  it("sets the console cookie HttpOnly and SameSite=Strict", () => {
    expect(as["viewer"]!.setCookie).toMatch(
      /^console_session=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict/,
    );
  });

  it("refuses a wrong password at the directory", async () => {
    await expect(
      signInOfficer(portal.base, portal.dataDir, "admin", "not-the-password"),
    ).rejects.toThrow(/wrong password/);
  });

  it("lets a viewer read the rates but refuses drafting, approving and the audit log", async () => {
    const viewer = as["viewer"]!;
    expect((await viewer.call("/console/api/rates")).status).toBe(200);
    const draft = await viewer.call("/console/api/rates", { body: draftBody(1_100_000) });
    expect(draft.status).toBe(403);
    expect(draft.body["code"]).toBe("console.forbidden");
    expect((await viewer.call("/console/api/rates/1?do=approve", { body: {} })).status).toBe(403);
    expect((await viewer.call("/console/api/audit")).status).toBe(403);
  });

  it("lets an officer draft but not approve; an approver cannot approve their own draft", async () => {
    const drafted = await as["officer"]!.call("/console/api/rates", { body: draftBody(1_100_000) });
    expect(drafted.status).toBe(201);
    const id = (drafted.body["data"] as { id: number }).id;
    const byOfficer = await as["officer"]!.call(`/console/api/rates/${id}?do=approve`, {
      body: {},
    });
    expect(byOfficer.status).toBe(403);

    const own = await as["approver"]!.call("/console/api/rates", { body: draftBody(1_200_000) });
    expect(own.status).toBe(201);
    const ownId = (own.body["data"] as { id: number }).id;
    const selfApproved = await as["approver"]!.call(`/console/api/rates/${ownId}?do=approve`, {
      body: {},
    });
    expect(selfApproved.status).toBe(409);
    expect(selfApproved.body["code"]).toBe("rates.own_draft");
    // Another approver (admin) may.
    const approved = await as["admin"]!.call(`/console/api/rates/${ownId}?do=approve`, {
      body: {},
    });
    expect(approved.status).toBe(200);
    expect((approved.body["data"] as { status: string }).status).toBe("approved");
    // Finance reads the audit log but drafts nothing.
    expect((await as["finance"]!.call("/console/api/audit")).status).toBe(200);
    expect((await as["finance"]!.call("/console/api/rates", { body: draftBody(1) })).status).toBe(
      403,
    );
  });

  it("publishes approved rates at their effective time, raising the version donors are priced on", async () => {
    const before = await homeRates();
    const drafted = await as["officer"]!.call("/console/api/rates", {
      body: { changes: { fidyahPerDay: 450 }, effectiveAt: new Date().toISOString() },
    });
    expect(drafted.status).toBe(201);
    const id = (drafted.body["data"] as { id: number; diff: unknown[] }).id;
    expect((drafted.body["data"] as { diff: unknown[] }).diff).toEqual([
      { field: "fidyahPerDay", inForce: 400, drafted: 450 },
    ]);
    const approved = await as["approver"]!.call(`/console/api/rates/${id}?do=approve`, {
      body: {},
    });
    expect(approved.status).toBe(200);
    const published = approved.body["data"] as { status: string; publishedVersion: number };
    expect(published.status).toBe("published");
    const after = await homeRates();
    const wire = (reply: Record<string, unknown>) =>
      reply["data"] as { version: number; muisZakatFidyah: { fidyahPerDay: number } };
    expect(wire(before).muisZakatFidyah.fidyahPerDay).toBe(400);
    expect(wire(after).muisZakatFidyah.fidyahPerDay).toBe(450);
    expect(wire(after).version).toBe(published.publishedVersion);
    expect(wire(after).version).toBeGreaterThan(wire(before).version);

    const audit = await as["admin"]!.call(`/console/api/audit?action=rates&entity=${id}`);
    const entries = (audit.body["data"] as { entries: Array<Record<string, unknown>> }).entries;
    expect(entries.map((entry) => entry["action"])).toEqual([
      "rates.publish",
      "rates.approve",
      "rates.draft",
    ]);
    expect(entries[2]).toMatchObject({ officerName: "Omar Officer", roles: ["officer"] });
    expect(entries[2]!["ip"]).not.toBe("");
  });

  it("takes a draft sent without a time from the server's clock, not the officer's browser's", async () => {
    // An officer's browser a few minutes behind the server would send a "now" the server calls past.
    const behind = await as["officer"]!.call("/console/api/rates", {
      body: {
        changes: { fidyahPerDay: 460 },
        effectiveAt: new Date(Date.now() - 5 * 60_000).toISOString(),
      },
    });
    expect(behind.status).toBe(400);
    expect(behind.body["code"]).toBe("rates.effective_past");
    const sentAt = Date.now();
    const drafted = await as["officer"]!.call("/console/api/rates", {
      body: { changes: { fidyahPerDay: 460 } },
    });
    expect(drafted.status).toBe(201);
    const draft = drafted.body["data"] as { id: number; effectiveAt: string; status: string };
    expect(draft.status).toBe("pending");
    expect(Math.abs(Date.parse(draft.effectiveAt) - sentAt)).toBeLessThan(60_000);
    const withdrawn = await as["officer"]!.call(`/console/api/rates/${draft.id}?do=withdraw`, {
      body: {},
    });
    expect(withdrawn.status).toBe(200);
  });

  it("refuses a changing call without the CSRF token, with a forged one, or from another origin", async () => {
    const officer = as["officer"]!;
    const body = draftBody(1_300_000);
    const missing = await officer.call("/console/api/rates", {
      body,
      headers: { "x-console-csrf": "" },
    });
    expect(missing.status).toBe(403);
    expect(missing.body["code"]).toBe("console.csrf");
    const forged = await officer.call("/console/api/rates", {
      body,
      headers: { "x-console-csrf": as["admin"]!.csrf },
    });
    expect(forged.status).toBe(403);
    const elsewhere = await officer.call("/console/api/rates", {
      body,
      headers: { origin: "https://evil.example" },
    });
    expect(elsewhere.status).toBe(403);
  });

  it("opens nothing for a donor: a guest session, a donor's ID token, or no cookie at all", async () => {
    const guest = await guestCookie(portal.base);
    const config = (await (await fetch(`${portal.base}/auth/config`)).json()) as Record<
      string,
      string
    >;
    const cognito = async (target: string, body: Record<string, unknown>) =>
      (await (
        await fetch(`${portal.base}/cognito-idp`, {
          method: "POST",
          headers: {
            "content-type": "application/x-amz-json-1.1",
            "x-amz-target": `AWSCognitoIdentityProviderService.${target}`,
          },
          body: JSON.stringify(body),
        })
      ).json()) as Record<string, unknown>;
    const email = `donor-${Date.now()}@example.com`;
    const clientId = config["userPoolClientId"];
    await cognito("SignUp", {
      ClientId: clientId,
      Username: email,
      Password: "Sabar#2026",
      UserAttributes: [
        { Name: "email", Value: email },
        { Name: "name", Value: "Nur Aisyah" },
      ],
      ValidationData: [{ Name: "NRIC", Value: nricOf(String(Date.now()).slice(-7)) }],
    });
    const mails = await readOutbox(path.join(portal.dataDir, "outbox"), {
      to: email,
      kind: "signup-code",
    });
    await cognito("ConfirmSignUp", {
      ClientId: clientId,
      Username: email,
      ConfirmationCode: mails.at(-1)?.meta?.["code"] ?? "",
    });
    const signedIn = await cognito("InitiateAuth", {
      ClientId: clientId,
      AuthFlow: "USER_PASSWORD_AUTH",
      AuthParameters: { USERNAME: email, PASSWORD: "Sabar#2026" },
    });
    const idToken = (signedIn["AuthenticationResult"] as { IdToken: string }).IdToken;
    expect(idToken).toMatch(/^ey/);
    const calls: Array<[string, string]> = [
      ["GET", "/console/api/session"],
      ["GET", "/console/api/rates"],
      ["POST", "/console/api/rates"],
      ["POST", "/console/api/rates/1?do=approve"],
      ["GET", "/console/api/audit"],
      ["POST", "/console/sign-out"],
    ];
    for (const [method, url] of calls) {
      for (const headers of [
        { authorization: `Bearer ${idToken}` },
        { cookie: `${guest}; console_session=${idToken.slice(0, 43)}` },
        {},
      ]) {
        const response = await fetch(`${portal.base}${url}`, {
          method,
          headers: { ...headers, "content-type": "application/json", origin: portal.base },
          ...(method === "POST" ? { body: JSON.stringify(draftBody(1_400_000)) } : {}),
        });
        expect(response.status, `${method} ${url}`).toBe(401);
      }
    }
  }, 60_000);

  it("ends a session after 15 minutes without a call, and not before", async () => {
    const officer = await signInOfficer(portal.base, portal.dataDir, "officer");
    await advanceClock(14);
    expect((await officer.call("/console/api/session")).status).toBe(200);
    await advanceClock(14);
    expect((await officer.call("/console/api/session")).status).toBe(200);
    await advanceClock(16);
    const ended = await officer.call("/console/api/session");
    expect(ended.status).toBe(401);
    expect(ended.body["code"]).toBe("console.signed_out");
    // Signing in again opens a new session.
    const again = await signInOfficer(portal.base, portal.dataDir, "officer");
    expect((await again.call("/console/api/session")).status).toBe(200);
  }, 60_000);

  it("signs out: the session's cookie opens nothing afterwards", async () => {
    const viewer = await signInOfficer(portal.base, portal.dataDir, "viewer");
    expect((await viewer.call("/console/sign-out", { body: {} })).status).toBe(200);
    expect((await viewer.call("/console/api/session")).status).toBe(401);
  });
});
