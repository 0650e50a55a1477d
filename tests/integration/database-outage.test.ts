import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { guestCookie, root } from "../support/portal";

// The web server alone (as production runs it), started while its PostgreSQL database cannot be
// reached: it must come up by itself once the database can, without a restart. Ports 7900-7909.
const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(adminUrl)("an instance started before its database can be reached", () => {
  const dbName = `portal_test_${randomBytes(6).toString("hex")}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  let kill = () => undefined as unknown;
  afterAll(async () => {
    kill();
    await admin(`drop database if exists ${dbName} with (force)`);
  });

  it("answers 503 meanwhile, then serves, reconciles and takes card payments once the database is there", async () => {
    const port = 7900;
    const base = `http://127.0.0.1:${port}`;
    const url = new URL(adminUrl!);
    url.pathname = `/${dbName}`;
    const child = spawn(process.execPath, [path.join(root, "dist", "server", "serve.mjs")], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        PORTAL_DATA_DIR: mkdtempSync(path.join(tmpdir(), "portal-outage-")),
        PORTAL_SECRET_KEY: randomBytes(32).toString("base64"),
        PORTAL_JOBS_INTERVAL_SECONDS: "1",
        DATABASE_URL: url.href,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    kill = () => child.kill("SIGKILL");
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const health = () =>
      fetch(`${base}/api/health`)
        .then((response) => response.status)
        .catch(() => 0);
    const waitFor = async (what: string, ready: () => Promise<boolean> | boolean) => {
      // Generous: a start on a busy machine (other suites, a bench) takes tens of seconds.
      const until = Date.now() + 120_000;
      while (!(await ready())) {
        if (child.exitCode !== null || Date.now() > until)
          throw new Error(`${what}: not within 120 s\n${output.slice(-3000)}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    };

    // Up, but its database does not exist yet: it says so, and its jobs and the sandbox wait.
    await waitFor("the server answers", async () => (await health()) !== 0);
    expect(await health()).toBe(503);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(output).not.toContain("start-up reconciliation");

    await admin(`create database ${dbName}`);
    await waitFor("healthy", async () => (await health()) === 200);
    await waitFor("the start-up reconciliation", () => output.includes("start-up reconciliation"));

    // A whole card donation, as checkout makes it (the sandbox gateway started late too).
    const cookie = await guestCookie(base);
    const post = async (route: string, body: unknown, headers: Record<string, string> = {}) => {
      const response = await fetch(base + route, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify(body),
      });
      const answer = (await response.json()) as {
        id?: string;
        data?: { id: string; clientSecret: string; status?: string };
      };
      return { status: response.status, body: answer };
    };
    const created = await post(
      "/svc/payment/v1/donations/create",
      { flow: "ZAKAT", items: { harta: 2_500 }, totalCents: 2_500, ratesVersion: 1 },
      { cookie, "idempotency-key": randomBytes(8).toString("hex") },
    );
    expect(created.status).toBe(200);
    const card = await post("/sandbox/v1/payment_methods", {
      number: "4242424242424242",
      expMonth: 12,
      expYear: 2099,
      cvc: "123",
    });
    expect(card.status).toBe(200);
    const confirmed = await post(
      "/svc/payment/v1/donations/confirm",
      {
        donationId: created.body.data?.id,
        clientSecret: created.body.data?.clientSecret,
        paymentMethodId: card.body.id,
      },
      { cookie },
    );
    expect(confirmed.body.data?.status).toBe("succeeded");
    expect(child.exitCode).toBeNull();
  }, 300_000);
});
