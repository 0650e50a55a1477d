import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { identityState, openDatabase, rateWindows, type Sql } from "@portal/adapters/db";
import { clockOf } from "@portal/domain";
import { outboxMailer, readOutbox } from "@portal/adapters/mail";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensurePool, writeCognitoConfig } from "../../scripts/lib/cognito-pool.mjs";
import { root } from "../support/portal";
import { testDatabases } from "../support/databases";
import {
  cognitoLayer,
  identityCodes,
  migrateStandins,
  standinIdentityState,
  type CognitoLayer,
} from "@portal/standins";

// The identity layer keeps nothing between calls in memory: two layers (two instances behind a load
// balancer) over one database answer each other's calls, and a layer made afresh (a restart) finds
// everything. Both in front of one real cognito-local, mailing to a real outbox. On PostgreSQL each layer
// has its own connection; PGlite (one process per database) is shared, and closed and reopened from its
// folder for the restart. Ports 5200-5209: 5200 is only the issuer's name, cognito-local listens on
// 5201 (PGlite) and 5202 (PostgreSQL).

const ISSUER_PORT = 5200;
const ADMIN_KEY = "instances-admin-key";
const serverKey = randomBytes(32);
let nextCognitoPort = 5201;

type Body = Record<string, unknown>;
interface Tokens {
  readonly AccessToken: string;
  readonly RefreshToken: string;
  readonly IdToken: string;
}

/** cognito-local in `folder` on `port`, as the launcher runs it. */
async function startCognitoLocal(folder: string, port: number) {
  writeCognitoConfig(folder, ISSUER_PORT);
  const child = spawn(process.execPath, [path.join(root, "scripts/services/cognito-local.mjs")], {
    cwd: folder,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const upstream = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`cognito-local did not start:\n${output}`)),
      30_000,
    );
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/[\d.]+:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    child.once("exit", () => reject(new Error(`cognito-local stopped:\n${output}`)));
  });
  return { child, upstream, ...(await ensurePool(upstream)) };
}

describe.each(testDatabases())("identity layers on two instances over $name", (database) => {
  const folder = mkdtempSync(path.join(tmpdir(), "portal-instances-"));
  const outbox = path.join(folder, "outbox");
  let cognito: ChildProcess | undefined;
  let settings: { upstream: string; userPoolId: string; clientId: string; issuer: string };
  /** The database as an instance reaches it; a restart closes the first instance's and opens it anew. */
  let open: () => Promise<Sql>;
  let restart: () => Promise<Sql>;
  let closeAll: () => Promise<void>;
  let first: CognitoLayer;
  let second: CognitoLayer;

  const layerOver = (sql: Sql): CognitoLayer =>
    cognitoLayer({
      ...settings,
      adminKey: ADMIN_KEY,
      mailer: outboxMailer(outbox, clockOf(Date.now)),
      store: async () => ({
        codes: identityCodes(sql),
        limits: rateWindows(sql),
        state: standinIdentityState(sql, serverKey),
        signOuts: identityState(sql, serverKey).signOuts,
      }),
      preSignUp: async () => "no sign-ups here: accounts are made by the administrator",
      abandonSignUp: async () => {},
    });

  const call = async (layer: CognitoLayer, target: string, body: Body, admin = false) => {
    const answer = await layer({
      target,
      body: { ...body, ...(admin ? {} : { ClientId: settings.clientId }) },
      clientAddress: "127.0.0.1",
      adminKey: admin ? ADMIN_KEY : undefined,
    });
    return answer as { status: number; body: Body };
  };
  const tokensOf = (answer: { body: Body }) => answer.body["AuthenticationResult"] as Tokens;
  const signIn = (layer: CognitoLayer, email: string, password: string) =>
    call(layer, "InitiateAuth", {
      AuthFlow: "USER_PASSWORD_AUTH",
      AuthParameters: { USERNAME: email, PASSWORD: password },
    });
  const respond = (layer: CognitoLayer, session: unknown, email: string, password: string) =>
    call(layer, "RespondToAuthChallenge", {
      ChallengeName: "NEW_PASSWORD_REQUIRED",
      Session: session,
      ChallengeResponses: { USERNAME: email, NEW_PASSWORD: password },
    });
  const createUser = async (layer: CognitoLayer, email: string, temporary: string) => {
    const made = await call(
      layer,
      "AdminCreateUser",
      {
        Username: email,
        TemporaryPassword: temporary,
        UserAttributes: [
          { Name: "email", Value: email },
          { Name: "email_verified", Value: "true" },
          { Name: "name", Value: "Siti Instance" },
        ],
      },
      true,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
  };
  /** An account made on one instance whose new password was chosen through the other; its tokens. */
  const account = async (email: string): Promise<Tokens> => {
    await createUser(first, email, "Temp#1234");
    const challenge = await signIn(second, email, "Temp#1234");
    expect(challenge.body["ChallengeName"], JSON.stringify(challenge.body)).toBe(
      "NEW_PASSWORD_REQUIRED",
    );
    const done = await respond(first, challenge.body["Session"], email, "Chosen#2026");
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    return tokensOf(done);
  };
  const lastCode = async (to: string) =>
    String((await readOutbox(outbox, { to, kind: "email-code" })).at(-1)?.meta?.["code"] ?? "");
  const emailOf = async (layer: CognitoLayer, accessToken: string) => {
    const user = await call(layer, "GetUser", { AccessToken: accessToken });
    expect(user.status, JSON.stringify(user.body)).toBe(200);
    const attributes = user.body["UserAttributes"] as Array<{ Name: string; Value: string }>;
    return Object.fromEntries(attributes.map((a) => [a.Name, a.Value]));
  };

  beforeAll(async () => {
    const started = await startCognitoLocal(path.join(folder, "cognito"), nextCognitoPort++);
    cognito = started.child;
    settings = {
      upstream: started.upstream,
      userPoolId: started.userPoolId,
      clientId: started.clientId,
      issuer: `http://127.0.0.1:${ISSUER_PORT}/cognito-idp/${started.userPoolId}`,
    };
    if (database.name === "PGlite") {
      // One opener per PGlite folder: both instances share it until it is closed and reopened.
      const dataDir = path.join(folder, "data");
      let current: Sql | undefined;
      open = async () => {
        if (!current) {
          current = await openDatabase({ dataDir });
          await migrateStandins(current);
        }
        return current;
      };
      restart = async () => {
        await current?.close();
        current = undefined;
        return open();
      };
      closeAll = async () => current?.close();
    } else {
      const live: Sql[] = [];
      open = async () => {
        const sql = await database.open();
        await migrateStandins(sql);
        live.push(sql);
        return sql;
      };
      restart = async () => {
        await live.shift()?.close();
        return open();
      };
      closeAll = async () => {
        for (const sql of live) await sql.close();
      };
    }
    first = layerOver(await open());
    second = layerOver(await open());
  });

  afterAll(async () => {
    cognito?.kill("SIGTERM");
    await closeAll?.();
    await database.cleanup();
    rmSync(folder, { recursive: true, force: true });
  });

  it("checks on one instance the temporary password set on the other, and answers there the challenge it started", async () => {
    const email = "challenge@example.sg";
    await createUser(first, email, "Temp#1234");
    expect((await signIn(second, email, "Temp#9999")).body["__type"]).toBe(
      "NotAuthorizedException",
    );
    const challenge = await signIn(second, email, "Temp#1234");
    expect(challenge.body["ChallengeName"]).toBe("NEW_PASSWORD_REQUIRED");
    expect((await respond(first, "forged-session", email, "Chosen#2026")).body["__type"]).toBe(
      "NotAuthorizedException",
    );
    const done = await respond(first, challenge.body["Session"], email, "Chosen#2026");
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    // The session was used up on the first instance: the second does not take it again.
    expect((await respond(second, challenge.body["Session"], email, "Other#2026")).body).toEqual({
      __type: "NotAuthorizedException",
      message: "Invalid session for the user, session is expired.",
    });
    expect((await signIn(second, email, "Chosen#2026")).status).toBe(200);
  });

  it("confirms on one instance an e-mail change asked on the other", async () => {
    const tokens = await account("old.address@example.sg");
    const asked = await call(first, "UpdateUserAttributes", {
      AccessToken: tokens.AccessToken,
      UserAttributes: [{ Name: "email", Value: "New.Address@example.sg" }],
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    // Not applied until confirmed.
    expect((await emailOf(second, tokens.AccessToken))["email"]).toBe("old.address@example.sg");
    const resent = await call(second, "GetUserAttributeVerificationCode", {
      AccessToken: tokens.AccessToken,
      AttributeName: "email",
    });
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    const code = await lastCode("new.address@example.sg");
    expect(code).toMatch(/^\d{6}$/);
    const verified = await call(second, "VerifyUserAttribute", {
      AccessToken: tokens.AccessToken,
      AttributeName: "email",
      Code: code,
    });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(await emailOf(first, tokens.AccessToken)).toMatchObject({
      email: "new.address@example.sg",
      email_verified: "true",
    });
    // The change is done on every instance: nothing waits any more.
    const again = await call(first, "GetUserAttributeVerificationCode", {
      AccessToken: tokens.AccessToken,
      AttributeName: "email",
    });
    expect(again.body["message"]).toBe("No e-mail change is waiting.");
  });

  it("refuses on one instance the tokens of an account signed out everywhere on the other", async () => {
    const email = "signed.out@example.sg";
    const tokens = await account(email);
    expect((await call(second, "GlobalSignOut", { AccessToken: tokens.AccessToken })).status).toBe(
      200,
    );
    expect((await call(first, "GetUser", { AccessToken: tokens.AccessToken })).body).toEqual({
      __type: "NotAuthorizedException",
      message: "Access Token has been revoked",
    });
    expect(
      (await call(first, "GetTokensFromRefreshToken", { RefreshToken: tokens.RefreshToken })).body,
    ).toEqual({ __type: "NotAuthorizedException", message: "Refresh Token has been revoked" });
    // Signing in again after it, on either instance (often within the same second), works on both.
    const again = tokensOf(await signIn(first, email, "Chosen#2026"));
    expect((await call(second, "GetUser", { AccessToken: again.AccessToken })).status).toBe(200);
    const refreshed = await call(second, "GetTokensFromRefreshToken", {
      RefreshToken: again.RefreshToken,
    });
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    expect(
      (await call(first, "GetUser", { AccessToken: tokensOf(refreshed).AccessToken })).status,
    ).toBe(200);
  });

  it("keeps all of it over a restart: a layer made afresh finds the change, the challenge, the temporary password and the sign-out", async () => {
    const changing = await account("before.restart@example.sg");
    await call(first, "UpdateUserAttributes", {
      AccessToken: changing.AccessToken,
      UserAttributes: [{ Name: "email", Value: "after.restart@example.sg" }],
    });
    const code = await lastCode("after.restart@example.sg");
    await createUser(second, "waiting@example.sg", "Wait#1234");
    await createUser(first, "challenged@example.sg", "Temp#5678");
    const challenge = await signIn(second, "challenged@example.sg", "Temp#5678");
    expect(challenge.body["ChallengeName"]).toBe("NEW_PASSWORD_REQUIRED");
    const leaving = await account("leaving@example.sg");
    expect((await call(first, "GlobalSignOut", { AccessToken: leaving.AccessToken })).status).toBe(
      200,
    );

    const restarted = layerOver(await restart());
    const verified = await call(restarted, "VerifyUserAttribute", {
      AccessToken: changing.AccessToken,
      AttributeName: "email",
      Code: code,
    });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect((await emailOf(restarted, changing.AccessToken))["email"]).toBe(
      "after.restart@example.sg",
    );
    const done = await respond(
      restarted,
      challenge.body["Session"],
      "challenged@example.sg",
      "Chosen#2026",
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect((await signIn(restarted, "waiting@example.sg", "Wait#1234")).body["ChallengeName"]).toBe(
      "NEW_PASSWORD_REQUIRED",
    );
    expect((await call(restarted, "GetUser", { AccessToken: leaving.AccessToken })).body).toEqual({
      __type: "NotAuthorizedException",
      message: "Access Token has been revoked",
    });
  });
});
