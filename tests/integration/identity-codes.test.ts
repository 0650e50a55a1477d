import { createHash } from "node:crypto";
import path from "node:path";
import { rateWindows, type Sql } from "@portal/adapters/db";
import { identityCodes, migrateStandins } from "@portal/standins";
import { readOutbox } from "@portal/adapters/mail";
import { nricCheckLetter } from "@portal/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../support/databases";
import { startPortal, type RunningPortal } from "../support/portal";

// The identity layer's codes (the stand-in's own table) and limits (migration 009) in the database:
// they survive a restart and every instance on one database shares them. Ports 4840-4849.

let nextPort = 4840;
const digest = (value: string) => createHash("sha256").update(value).digest();
const HOUR = 60 * 60_000;

describe.each(testDatabases())("identity codes and limits on $name", (database) => {
  let sql: Sql;
  let other: Sql | undefined;

  beforeAll(async () => {
    sql = await database.open();
    await migrateStandins(sql);
    other = database.name === "PostgreSQL" ? await database.open() : undefined;
  });
  afterAll(async () => {
    await other?.close();
    await sql?.close();
    await database.cleanup();
  });

  it("keeps a code as a hash, used once; a newer code replaces it", async () => {
    const codes = identityCodes(sql);
    const now = Date.now();
    await codes.put("signup:a@example.sg", digest("111111"), now + HOUR);
    await codes.put("signup:a@example.sg", digest("222222"), now + HOUR);
    expect(await codes.use("signup:a@example.sg", digest("111111"), now, 5)).toBe("mismatch");
    expect(await codes.use("signup:a@example.sg", digest("222222"), now, 5)).toBe("ok");
    expect(await codes.use("signup:a@example.sg", digest("222222"), now, 5)).toBe("expired");
    const rows = await sql.query("select * from identity_code");
    expect(JSON.stringify(rows)).not.toContain("a@example.sg");
  });

  it("voids a code after five wrong tries or when its time is up", async () => {
    const codes = identityCodes(sql);
    const now = Date.now();
    await codes.put("reset:b@example.sg", digest("333333"), now + HOUR);
    for (let i = 0; i < 5; i++) {
      expect(await codes.use("reset:b@example.sg", digest("000000"), now, 5)).toBe("mismatch");
    }
    expect(await codes.use("reset:b@example.sg", digest("333333"), now, 5)).toBe("expired");
    await codes.put("reset:c@example.sg", digest("444444"), now + HOUR);
    expect(await codes.use("reset:c@example.sg", digest("444444"), now + 2 * HOUR, 5)).toBe(
      "expired",
    );
  });

  it("counts limits in fixed windows, shared by every connection to the database", async () => {
    const first = rateWindows(sql);
    const second = rateWindows(other ?? sql);
    const now = Date.now();
    expect((await first.hit("signIns:10.0.0.1", 2, 60_000, now)).allowed).toBe(true);
    expect((await second.hit("signIns:10.0.0.1", 2, 60_000, now + 1)).allowed).toBe(true);
    expect(await first.blocked("signIns:10.0.0.1", 2, now + 2)).toBe(true);
    const over = await second.hit("signIns:10.0.0.1", 2, 60_000, now + 30_000);
    expect(over).toEqual({ allowed: false, retryAfterSeconds: 30 });
    // The next window starts afresh; a reset forgets the key at once.
    expect((await first.hit("signIns:10.0.0.1", 2, 60_000, now + 60_000)).allowed).toBe(true);
    await second.hit("signIns:10.0.0.1", 2, 60_000, now + 60_001);
    expect(await first.blocked("signIns:10.0.0.1", 2, now + 60_002)).toBe(true);
    await first.reset("signIns:10.0.0.1");
    expect(await second.blocked("signIns:10.0.0.1", 2, now + 60_003)).toBe(false);
  });

  describe("through the embedded provider", () => {
    let portal: RunningPortal;
    let env: Record<string, string>;
    let clientId = "";
    const cognito = async (target: string, body: Record<string, unknown>) => {
      const response = await fetch(`${portal.base}/cognito-idp`, {
        method: "POST",
        headers: {
          "content-type": "application/x-amz-json-1.1",
          "x-amz-target": `AWSCognitoIdentityProviderService.${target}`,
        },
        body: JSON.stringify({ ClientId: clientId, ...body }),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };

    beforeAll(async () => {
      env = await database.portalEnv();
      portal = await startPortal(nextPort++, undefined, env);
      const config = (await (await fetch(`${portal.base}/auth/config`)).json()) as {
        userPoolClientId: string;
      };
      clientId = config.userPoolClientId;
    });
    afterAll(async () => {
      await portal?.stop();
    });

    it("confirms a sign-up with the code mailed before the server restarted", async () => {
      const email = `restart.${database.name.toLowerCase()}@example.sg`;
      const digits = database.name === "PGlite" ? "8080801" : "8080802";
      const signedUp = await cognito("SignUp", {
        Username: email,
        Password: "Sabar#2026",
        UserAttributes: [{ Name: "name", Value: "Nur Mula" }],
        ValidationData: [{ Name: "NRIC", Value: `S${digits}${nricCheckLetter("S", digits)}` }],
      });
      expect(signedUp.status, JSON.stringify(signedUp.body)).toBe(200);
      const mails = await readOutbox(path.join(portal.dataDir, "outbox"), {
        to: email,
        kind: "signup-code",
      });
      const code = String(mails.at(-1)?.meta?.["code"] ?? "");
      expect(code).toMatch(/^\d{6}$/);

      await portal.stop();
      portal = await startPortal(nextPort++, portal.dataDir, env);
      const wrong = await cognito("ConfirmSignUp", {
        Username: email,
        ConfirmationCode: code === "000000" ? "111111" : "000000",
      });
      expect(wrong.body["__type"]).toBe("CodeMismatchException");
      const confirmed = await cognito("ConfirmSignUp", { Username: email, ConfirmationCode: code });
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      const signedIn = await cognito("InitiateAuth", {
        AuthFlow: "USER_PASSWORD_AUTH",
        AuthParameters: { USERNAME: email, PASSWORD: "Sabar#2026" },
      });
      expect(signedIn.status).toBe(200);
    });

    it("keeps counting wrong passwords over a restart: the account stays locked for the window", async () => {
      const email = `locked.${database.name.toLowerCase()}@example.sg`;
      for (let i = 0; i < 5; i++) {
        await cognito("InitiateAuth", {
          AuthFlow: "USER_PASSWORD_AUTH",
          AuthParameters: { USERNAME: email, PASSWORD: `Wrong#${i}abc` },
        });
      }
      await portal.stop();
      portal = await startPortal(nextPort++, portal.dataDir, env);
      const after = await cognito("InitiateAuth", {
        AuthFlow: "USER_PASSWORD_AUTH",
        AuthParameters: { USERNAME: email, PASSWORD: "Sabar#2026" },
      });
      expect(after.body["message"]).toBe("Password attempts exceeded");
    });
  });
});
