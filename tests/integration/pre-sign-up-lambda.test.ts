import { execFileSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync } from "node:fs";
import { randomBytes, randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildLambda } from "../../scripts/build-lambda.mjs";
import { testDatabases } from "../support/databases";
import { nricOf as nric } from "../support/donations";

// The PreSignUp Lambda as it would be uploaded: `npm run build:lambda`'s bundle, run by a bare Node in
// a folder with no node_modules, on Cognito-shaped events. No ports.

/** Load the bundle in its own Node process, call `handler` with each event, answer the outcomes. */
const invoke = (bundle: string, env: Record<string, string>, events: unknown[]) => {
  const script = `
    const { handler } = await import(${JSON.stringify(pathToFileURL(bundle).href)});
    const events = JSON.parse(process.argv[1]);
    const outcomes = [];
    for (const event of events) {
      try { outcomes.push({ ok: (await handler(event)) === event }); }
      catch (error) { outcomes.push({ error: error.message }); }
    }
    console.log(JSON.stringify(outcomes));
    process.exit(0);`;
  const output = execFileSync(
    process.execPath,
    ["--input-type=module", "-e", script, JSON.stringify(events)],
    { cwd: path.dirname(bundle), env: { PATH: process.env["PATH"] ?? "", ...env } },
  );
  return JSON.parse(output.toString().trim().split("\n").at(-1) ?? "[]") as Array<
    { ok: true } | { error: string }
  >;
};

const signUpEvent = (digits: string, email: string) => ({
  version: "1",
  region: "ap-southeast-1",
  userPoolId: "ap-southeast-1_Portal01",
  userName: randomUUID(),
  callerContext: { awsSdkVersion: "aws-sdk-js-3", clientId: "portalwebclient" },
  triggerSource: "PreSignUp_SignUp",
  request: {
    userAttributes: { email, name: "Nur Lambda", "custom:BUSINESS_ACC": "No" },
    validationData: { NRIC: nric(digits) },
  },
  response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
});

describe("the PreSignUp Lambda bundle", () => {
  let bundle: string;
  let zipFile: string;

  beforeAll(async () => {
    const out = mkdtempSync(path.join(tmpdir(), "portal-lambda-"));
    ({ zipFile } = await buildLambda(out));
    // Alone in a folder, as Lambda unpacks it: nothing to resolve packages from.
    const alone = mkdtempSync(path.join(tmpdir(), "portal-lambda-run-"));
    bundle = path.join(alone, "index.mjs");
    copyFileSync(path.join(out, "pre-sign-up", "index.mjs"), bundle);
  }, 60_000);

  it("is a zip holding index.mjs", () => {
    const data = readFileSync(zipFile);
    expect(data.readUInt32LE(0)).toBe(0x04034b50);
    expect(data.subarray(30, 30 + "index.mjs".length).toString()).toBe("index.mjs");
    expect(data.readUInt32LE(data.length - 22)).toBe(0x06054b50);
  });

  it("loads with no node_modules and fails closed without DATABASE_URL and PORTAL_SECRET_KEY", () => {
    expect(invoke(bundle, {}, [signUpEvent("9191911", "nobody@example.sg")])).toEqual([
      { error: "The sign-up could not be checked." },
    ]);
  });

  const postgres = testDatabases().find((database) => database.name === "PostgreSQL");
  if (postgres) {
    afterAll(() => postgres.cleanup());

    it("on PostgreSQL, as the application role: lets an NRIC through, for another account too (told only after its e-mail code)", async () => {
      // The web servers migrate (as the owner); the Lambda serves as the application role.
      await (await postgres.open()).close();
      const env = {
        DATABASE_URL: (await postgres.portalEnv())["DATABASE_URL"]!,
        PORTAL_SECRET_KEY: randomBytes(32).toString("base64"),
      };
      expect(
        invoke(bundle, env, [
          signUpEvent("9191912", "first.lambda@example.sg"),
          signUpEvent("9191912", "second.lambda@example.sg"),
        ]),
      ).toEqual([{ ok: true }, { ok: true }]);
    });
  }
});
