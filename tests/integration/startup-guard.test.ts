import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { root } from "../support/portal";
import { startWeb, stopWeb, type RunningWeb } from "../support/web";

/**
 * Unsafe defaults refused at start (issue 22, item 11): the sandbox gateway settles any PayNow QR for
 * free and issues real receipts, and the embedded identity provider's signing key ships in its npm
 * package. Under NODE_ENV=production the server and the launcher refuse both, naming the setting; an
 * unknown gateway name is refused always. Each case starts the real process and reads how it ended.
 */
const run = (script: string, env: Record<string, string>) =>
  spawnSync(process.execPath, [path.join(root, script)], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "",
      PORTAL_PAYMENT_GATEWAY: "",
      PORTAL_IDENTITY_ISSUER: "",
      PORT: "6301",
      HOST: "127.0.0.1",
      PORTAL_DATA_DIR: mkdtempSync(path.join(tmpdir(), "portal-guard-")),
      ...env,
    },
    encoding: "utf8",
    timeout: 60_000,
  });

const stripe = {
  PORTAL_PAYMENT_GATEWAY: "stripe",
  STRIPE_SECRET_KEY: "sk_test_guard",
  STRIPE_PUBLISHABLE_KEY: "pk_test_guard",
  STRIPE_WEBHOOK_SECRET: "whsec_guard",
  PORTAL_PUBLIC_URL: "https://giving.example.sg",
};
const cognito = {
  PORTAL_IDENTITY_ISSUER: "https://cognito-idp.ap-southeast-1.amazonaws.com/ap-southeast-1_guard",
  PORTAL_IDENTITY_CLIENT_ID: "guard",
};
const production = {
  NODE_ENV: "production",
  PORTAL_SECRET_KEY: Buffer.alloc(32, 7).toString("base64"),
};

describe("the web server refuses unsafe settings at start", () => {
  let web: RunningWeb | undefined;
  afterAll(() => stopWeb(web));

  it.each([
    ["the sandbox gateway by default", { ...production, ...cognito }, "PORTAL_PAYMENT_GATEWAY"],
    [
      "the sandbox gateway by name",
      { ...production, ...cognito, PORTAL_PAYMENT_GATEWAY: "sandbox" },
      "PORTAL_PAYMENT_GATEWAY",
    ],
    ["no identity provider named", { ...production, ...stripe }, "PORTAL_IDENTITY_ISSUER"],
    [
      "the embedded identity provider's layer",
      { ...production, ...stripe, ...cognito, PORTAL_COGNITO_LOCAL_URL: "http://127.0.0.1:9229" },
      "PORTAL_COGNITO_LOCAL_URL",
    ],
    [
      "an identity issuer that is not https",
      { ...production, ...stripe, PORTAL_IDENTITY_ISSUER: "http://127.0.0.1:6301/cognito-idp/x" },
      "PORTAL_IDENTITY_ISSUER",
    ],
    [
      "a staff directory (the console's sign-in) that is not https",
      { ...production, ...stripe, ...cognito, PORTAL_STAFF_ISSUER: "http://127.0.0.1:6303" },
      "PORTAL_STAFF_ISSUER",
    ],
    [
      "an unknown gateway name in production",
      { ...production, ...cognito, PORTAL_PAYMENT_GATEWAY: "Stripe" },
      "PORTAL_PAYMENT_GATEWAY",
    ],
    [
      "no secret key",
      { ...production, ...stripe, ...cognito, PORTAL_SECRET_KEY: "" },
      "PORTAL_SECRET_KEY",
    ],
    [
      "no identity audience",
      { ...production, ...stripe, ...cognito, PORTAL_IDENTITY_CLIENT_ID: "" },
      "PORTAL_IDENTITY_CLIENT_ID",
    ],
    [
      "no Stripe webhook secret",
      { ...production, ...stripe, ...cognito, STRIPE_WEBHOOK_SECRET: "" },
      "STRIPE_WEBHOOK_SECRET",
    ],
    [
      "a public address that is not https",
      { ...production, ...stripe, ...cognito, PORTAL_PUBLIC_URL: "http://giving.example.sg" },
      "PORTAL_PUBLIC_URL",
    ],
    [
      "a test-control token",
      { ...production, ...stripe, ...cognito, PORTAL_TEST_CONTROL_TOKEN: "x".repeat(40) },
      "PORTAL_TEST_CONTROL_TOKEN",
    ],
    [
      "a setting that does not parse, anywhere",
      { PORTAL_JOBS_INTERVAL_SECONDS: "soon" },
      "PORTAL_JOBS_INTERVAL_SECONDS",
    ],
    [
      "an unknown gateway name anywhere",
      { PORTAL_PAYMENT_GATEWAY: "strpie" },
      "PORTAL_PAYMENT_GATEWAY",
    ],
  ])("refuses %s, naming the setting", (_, env, setting) => {
    const result = run("dist/server/serve.mjs", env);
    expect(result.status, result.stdout + result.stderr).toBe(1);
    expect(result.stderr).toContain(setting);
    expect(result.stdout).not.toContain("listening");
  });

  it("the launcher refuses to start the embedded identity provider or the sandbox in production", () => {
    const embedded = run("scripts/start.mjs", { ...production, ...stripe });
    expect(embedded.status, embedded.stdout + embedded.stderr).toBe(1);
    expect(embedded.stderr).toContain("PORTAL_IDENTITY_ISSUER");
    expect(embedded.stdout).not.toContain("identity provider: cognito-local");
    const sandbox = run("scripts/start.mjs", { ...production, ...cognito });
    expect(sandbox.status).toBe(1);
    expect(sandbox.stderr).toContain("PORTAL_PAYMENT_GATEWAY");
    // Nor the embedded staff directory, whose officers' passwords it prints.
    expect(embedded.stderr).toContain("PORTAL_STAFF_ISSUER");
  });

  it("starts in production with Stripe and a real identity provider", async () => {
    web = await startWeb(6302, { ...production, ...stripe, ...cognito });
    expect((await fetch(`${web.base}/api/health`)).status).toBe(200);
  });
});
