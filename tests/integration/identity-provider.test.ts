import { readFileSync } from "node:fs";
import path from "node:path";
import { readOutbox } from "@portal/adapters/mail";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPortal, type RunningPortal } from "../support/portal";
import { nricOf as nric } from "../support/donations";

// The embedded identity provider as `npm start` runs it: cognito-local behind the portal's layer at
// /cognito-idp, the portal verifying the ID tokens it issues. Ports 4600-4601.

const PASSWORD = "Sabar#2026";

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

describe("embedded identity provider", () => {
  let portal: RunningPortal;
  let clientId: string;
  let userPoolId: string;

  const cognito = async (
    target: string,
    body: Record<string, unknown>,
    headers: Record<string, string> = {},
  ): Promise<Answer> => {
    const response = await fetch(`${portal.base}/cognito-idp`, {
      method: "POST",
      headers: {
        "content-type": "application/x-amz-json-1.1",
        "x-amz-target": `AWSCognitoIdentityProviderService.${target}`,
        ...headers,
      },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const adminKey = () => readFileSync(path.join(portal.dataDir, "cognito", "admin.key"), "utf8");
  const lastCode = async (email: string, kind: string) => {
    const mails = await readOutbox(path.join(portal.dataDir, "outbox"), { to: email, kind });
    return mails.at(-1)?.meta?.["code"] ?? "";
  };
  const donorCall = async (name: string, token: string, body: unknown = {}) => {
    const base = name === "getSignInUserDetails" ? "/svc/main/User" : "/svc/donor/api/User";
    const response = await fetch(`${portal.base}${base}/${name}`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    return {
      status: response.status,
      retryAfter: response.headers.get("retry-after"),
      body: (await response.json()) as Record<string, unknown>,
    };
  };
  const signUp = (
    email: string,
    extra: Record<string, unknown> = {},
    password = PASSWORD,
    headers: Record<string, string> = {},
  ) =>
    cognito(
      "SignUp",
      {
        ClientId: clientId,
        Username: email,
        Password: password,
        UserAttributes: [
          { Name: "email", Value: email },
          { Name: "name", Value: "Nur Aisyah" },
        ],
        ...extra,
      },
      headers,
    );
  const signIn = (email: string, password = PASSWORD) =>
    cognito("InitiateAuth", {
      ClientId: clientId,
      AuthFlow: "USER_PASSWORD_AUTH",
      AuthParameters: { USERNAME: email, PASSWORD: password },
    });
  const tokensOf = (answer: Answer) =>
    answer.body["AuthenticationResult"] as {
      IdToken: string;
      AccessToken: string;
      RefreshToken: string;
    };
  /** A confirmed individual donor with this NRIC; their tokens. */
  const confirmedDonor = async (email: string, id: string) => {
    expect((await signUp(email, { ValidationData: [{ Name: "NRIC", Value: id }] })).status).toBe(
      200,
    );
    const code = await lastCode(email, "signup-code");
    expect(
      (
        await cognito("ConfirmSignUp", {
          ClientId: clientId,
          Username: email,
          ConfirmationCode: code,
        })
      ).status,
    ).toBe(200);
    const answer = await signIn(email);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return tokensOf(answer);
  };

  beforeAll(async () => {
    // Behind a trusted proxy, so a test can play callers from many addresses (X-Forwarded-For).
    portal = await startPortal(4600, undefined, { PORTAL_TRUST_PROXY: "true" });
    const config = (await (await fetch(`${portal.base}/auth/config`)).json()) as Record<
      string,
      string
    >;
    clientId = config["userPoolClientId"] ?? "";
    userPoolId = config["userPoolId"] ?? "";
  });
  afterAll(async () => {
    await portal?.stop();
  });

  it("makes its pool and app client on first start and finds the same ones on the next", async () => {
    expect(userPoolId).toMatch(/^local_/);
    expect(portal.output()).toContain(`pool ${userPoolId}`);
    await portal.stop();
    portal = await startPortal(4601, portal.dataDir, { PORTAL_TRUST_PROXY: "true" });
    const again = (await (await fetch(`${portal.base}/auth/config`)).json()) as Record<
      string,
      string
    >;
    expect([again["userPoolId"], again["userPoolClientId"]]).toEqual([userPoolId, clientId]);
    expect(again["userPoolEndpoint"]).toBe("/cognito-idp");
  });

  it("signs up, mails the code to the outbox, confirms, and the portal accepts the ID token", async () => {
    const email = "aisyah@example.sg";
    const id = nric("1234567");
    const tokens = await confirmedDonor(email, id);
    const details = await donorCall("getSignInUserDetails", tokens.IdToken);
    expect(details.body["status"]).toBe(1);
    const data = details.body["data"] as Record<string, string>;
    expect(data["name"]).toBe("Nur Aisyah");
    expect(data["email"]).toBe(email);
    expect(data["nric"]).toBe(`*****${id.slice(-4)}`);
    // The NRIC went to the PreSignUp check only: neither the token nor the account carries it.
    const user = await cognito("GetUser", { AccessToken: tokens.AccessToken });
    expect(JSON.stringify(user.body)).not.toContain(id);
    expect(Buffer.from(tokens.IdToken.split(".")[1] ?? "", "base64url").toString()).not.toContain(
      id,
    );
  });

  it("refuses a password outside the policy, and attributes the form may not set", async () => {
    const weak = await signUp("weak@example.sg", {}, "password");
    expect(weak.body["__type"]).toBe("InvalidPasswordException");
    const nricAttribute = await signUp("nric@example.sg", {
      UserAttributes: [{ Name: "custom:NRIC", Value: nric("2345678") }],
    });
    expect(nricAttribute.body["__type"]).toBe("InvalidParameterException");
  });

  it("answers a wrong password and an unknown account alike; a correct one for an unconfirmed account says so", async () => {
    await confirmedDonor("known@example.sg", nric("3456789"));
    const wrong = await signIn("known@example.sg", "Wrong#Pass1");
    const unknown = await signIn("nobody@example.sg", "Wrong#Pass1");
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toEqual({
      __type: "NotAuthorizedException",
      message: "Incorrect username or password.",
    });

    await signUp("pending@example.sg", {
      ValidationData: [{ Name: "NRIC", Value: nric("4567890") }],
    });
    expect((await signIn("pending@example.sg", "Wrong#Pass1")).body["__type"]).toBe(
      "NotAuthorizedException",
    );
    expect((await signIn("pending@example.sg")).body["__type"]).toBe("UserNotConfirmedException");
  });

  it("resends a new code that replaces the old one", async () => {
    const email = "resend@example.sg";
    await signUp(email, { ValidationData: [{ Name: "NRIC", Value: nric("5678901") }] });
    const first = await lastCode(email, "signup-code");
    const resent = await cognito("ResendConfirmationCode", { ClientId: clientId, Username: email });
    expect(resent.body["CodeDeliveryDetails"]).toMatchObject({ DeliveryMedium: "EMAIL" });
    const second = await lastCode(email, "signup-code");
    expect(second).toMatch(/^\d{6}$/);
    const codes = (await readOutbox(path.join(portal.dataDir, "outbox"), { to: email })).length;
    expect(codes).toBe(2);
    if (first !== second) {
      const old = await cognito("ConfirmSignUp", {
        ClientId: clientId,
        Username: email,
        ConfirmationCode: first,
      });
      expect(old.body["__type"]).toBe("CodeMismatchException");
    }
    const ok = await cognito("ConfirmSignUp", {
      ClientId: clientId,
      Username: email,
      ConfirmationCode: second,
    });
    expect(ok.status).toBe(200);
  });

  it("tells a sign-up whether its NRIC is registered only once its e-mail code is proved", async () => {
    // Issue 30: SignUp answered "NRIC already exists" before the code, so every fresh address (60
    // addresses, 30 of 30 answers) told an attacker with no mailbox whether a number was registered.
    const id = nric("6789012");
    const owner = await confirmedDonor("first@example.sg", id);
    expect((await donorCall("getSignInUserDetails", owner.IdToken)).body["status"]).toBe(1);
    const answers = [];
    for (let i = 0; i < 5; i++) {
      // Each pair from an address of its own, as an attacker with many addresses would.
      const from = { "x-forwarded-for": `198.51.100.${i + 10}` };
      const taken = await signUp(
        `probe${i}@example.sg`,
        { ValidationData: [{ Name: "NRIC", Value: id }] },
        PASSWORD,
        from,
      );
      const free = await signUp(
        `pfree${i}@example.sg`,
        { ValidationData: [{ Name: "NRIC", Value: nric(`567000${i}`) }] },
        PASSWORD,
        from,
      );
      answers.push([taken.status, free.status]);
      // The same answer, field for field but the new account's id.
      expect(Object.keys(taken.body).sort()).toEqual(Object.keys(free.body).sort());
      expect(taken.body["UserConfirmed"]).toBe(free.body["UserConfirmed"]);
      expect(taken.body["CodeDeliveryDetails"]).toEqual(free.body["CodeDeliveryDetails"]);
    }
    expect(answers).toEqual(Array.from({ length: 5 }, () => [200, 200]));

    // Whoever proves the mailbox learns it: signed in, the account is not registered, and says why.
    const code = await lastCode("probe0@example.sg", "signup-code");
    expect(
      (
        await cognito("ConfirmSignUp", {
          ClientId: clientId,
          Username: "probe0@example.sg",
          ConfirmationCode: code,
        })
      ).status,
    ).toBe(200);
    const prover = tokensOf(await signIn("probe0@example.sg"));
    for (let i = 0; i < 2; i++) {
      const details = await donorCall("getSignInUserDetails", prover.IdToken);
      expect(details.body).toMatchObject({ status: 0, code: "signup_failed_nric_exists" });
    }
    // The number stays its first account's.
    expect((await donorCall("getSignInUserDetails", owner.IdToken)).body["status"]).toBe(1);
  });

  it("lets a second account with a registered UEN sign up: it is told only after its code", async () => {
    // The answer after the code, and the mobile number's: sign-up-oracle.test.ts (both engines).
    const corporate = (email: string) =>
      signUp(email, {
        UserAttributes: [
          { Name: "email", Value: email },
          { Name: "name", Value: "Ahmad Razak" },
          { Name: "custom:BUSINESS_ACC", Value: "Yes" },
          { Name: "custom:UEN", Value: "201912345K" },
          { Name: "custom:COMPANY_NAME", Value: "Razak & Sons Pte. Ltd." },
        ],
      });
    expect((await corporate("ceo@razak.sg")).status).toBe(200);
    expect((await corporate("cfo@razak.sg")).status).toBe(200);
  });

  it("resets a forgotten password with the mailed code; the old sessions end", async () => {
    const email = "forgot@example.sg";
    const before = await confirmedDonor(email, nric("7890123"));
    const unknown = await cognito("ForgotPassword", {
      ClientId: clientId,
      Username: "ghost@example.sg",
    });
    const known = await cognito("ForgotPassword", { ClientId: clientId, Username: email });
    expect(Object.keys(unknown.body)).toEqual(Object.keys(known.body));
    expect(
      await readOutbox(path.join(portal.dataDir, "outbox"), { to: "ghost@example.sg" }),
    ).toEqual([]);
    const code = await lastCode(email, "reset-code");
    const weak = await cognito("ConfirmForgotPassword", {
      ClientId: clientId,
      Username: email,
      ConfirmationCode: code,
      Password: "short",
    });
    expect(weak.body["__type"]).toBe("InvalidPasswordException");
    const reset = await cognito("ConfirmForgotPassword", {
      ClientId: clientId,
      Username: email,
      ConfirmationCode: code,
      Password: "Baru#2026x",
    });
    expect(reset.status).toBe(200);
    expect((await signIn(email)).body["__type"]).toBe("NotAuthorizedException");
    const after = await signIn(email, "Baru#2026x");
    expect(after.status).toBe(200);
    // Tokens issued in the same second as the reset, but after it, still work.
    expect((await cognito("GetUser", { AccessToken: tokensOf(after).AccessToken })).status).toBe(
      200,
    );
    const refreshed = await cognito("GetTokensFromRefreshToken", {
      ClientId: clientId,
      RefreshToken: before.RefreshToken,
    });
    expect(refreshed.body["__type"]).toBe("NotAuthorizedException");
  });

  it("refreshes tokens, and after a global sign-out refuses the old refresh and access tokens", async () => {
    const tokens = await confirmedDonor("refresh@example.sg", nric("8901234"));
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const refreshed = await cognito("GetTokensFromRefreshToken", {
      ClientId: clientId,
      RefreshToken: tokens.RefreshToken,
    });
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    const fresh = tokensOf(refreshed);
    expect((await donorCall("getSignInUserDetails", fresh.IdToken)).body["status"]).toBe(1);

    expect((await cognito("GlobalSignOut", { AccessToken: fresh.AccessToken })).status).toBe(200);
    const after = await cognito("GetTokensFromRefreshToken", {
      ClientId: clientId,
      RefreshToken: tokens.RefreshToken,
    });
    expect(after.body).toEqual({
      __type: "NotAuthorizedException",
      message: "Refresh Token has been revoked",
    });
    expect((await cognito("GetUser", { AccessToken: fresh.AccessToken })).body["__type"]).toBe(
      "NotAuthorizedException",
    );
  });

  it("makes a user who must choose a new password only with the admin key, and checks the temporary password and the session", async () => {
    const email = "temp@example.sg";
    const create = {
      Username: email,
      TemporaryPassword: "Temp#1234",
      UserAttributes: [
        { Name: "email", Value: email },
        { Name: "email_verified", Value: "true" },
        { Name: "name", Value: "Temp User" },
      ],
    };
    expect((await cognito("AdminCreateUser", create)).body["__type"]).toBe("AccessDeniedException");
    expect(
      (await cognito("AdminCreateUser", create, { "x-portal-admin-key": adminKey() })).status,
    ).toBe(200);
    expect((await signIn(email, "Temp#9999")).body["__type"]).toBe("NotAuthorizedException");
    const challenge = await signIn(email, "Temp#1234");
    expect(challenge.body["ChallengeName"]).toBe("NEW_PASSWORD_REQUIRED");
    const respond = (session: string, password: string) =>
      cognito("RespondToAuthChallenge", {
        ClientId: clientId,
        ChallengeName: "NEW_PASSWORD_REQUIRED",
        Session: session,
        ChallengeResponses: { USERNAME: email, NEW_PASSWORD: password },
      });
    expect((await respond("forged-session", "Chosen#2026")).body["__type"]).toBe(
      "NotAuthorizedException",
    );
    const done = await respond(String(challenge.body["Session"]), "Chosen#2026");
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect((await signIn(email, "Chosen#2026")).status).toBe(200);
  });

  it("does not serve the pool-wide calls to a browser", async () => {
    for (const target of ["ListUsers", "DeleteUserPool", "CreateUserPool"]) {
      const answer = await cognito(target, { UserPoolId: userPoolId });
      expect(answer.body["__type"], target).toBe("InvalidActionException");
    }
  });

  it("locks an account for the window after five wrong passwords, even for the right one", async () => {
    const email = "locked@example.sg";
    await confirmedDonor(email, nric("9012345"));
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await signIn(email, "Wrong#Pass1")).body["message"]).toBe(
        "Incorrect username or password.",
      );
    }
    expect((await signIn(email)).body).toEqual({
      __type: "NotAuthorizedException",
      message: "Password attempts exceeded",
    });
  });

  it("limits NRIC checks per sign-in, with 429 and retry-after", async () => {
    const tokens = await confirmedDonor("checker@example.sg", nric("1122334"));
    const answers = [];
    for (let n = 0; n < 11; n++) {
      answers.push(
        await donorCall("checkCognitoNricExists", tokens.IdToken, { nric: nric("5566778") }),
      );
    }
    expect(answers.slice(0, 10).map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(answers[10]).toMatchObject({ status: 429, body: { code: "rate.limited" } });
    expect(Number(answers[10]?.retryAfter)).toBeGreaterThan(0);
  });
});
