import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, request, test } from "@playwright/test";
import { ensureHaproxy, haproxyConfig } from "../../scripts/lib/haproxy.mjs";
import { startPortal, type RunningPortal } from "../support/portal";
import { officerSignedIn } from "./console-officers";
import { keepScreenshot, lookAtBothWidths } from "./helpers";

// Issue 30, finding 1: the console behind the documented TLS load balancer (docs/deploying.md). A real
// HAProxy terminates TLS with a certificate made here and forwards to a portal of this file's own
// (E2E_PORT + 2) running with PORTAL_TRUST_PROXY=true and its https address as PORTAL_PUBLIC_URL; in
// Chromium an officer signs in through it, drafts rates and signs out.

const portalPort = Number(process.env["E2E_PORT"] ?? 4399) + 2;
const proxyPort = portalPort + 1;
const site = `https://localhost:${proxyPort}`;
let portal: RunningPortal | undefined;
let proxy: ChildProcess | undefined;
let folder = "";

test.beforeAll(async () => {
  // HAProxy is installed when missing (as `npm test` does before the browser tests; apt-get is slow).
  test.setTimeout(240_000);
  const tools = ensureHaproxy({ withOpenssl: true });
  if (!tools.ok) throw new Error(tools.message);
  folder = mkdtempSync(path.join(tmpdir(), "portal-tls-"));
  const key = path.join(folder, "key.pem");
  const certificate = path.join(folder, "certificate.pem");
  // A self-signed certificate for localhost, made for this run only.
  execFileSync(tools.openssl, [
    ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"],
    ...["-keyout", key, "-out", certificate, "-days", "1", "-subj", "/CN=localhost"],
    ...["-addext", "subjectAltName=DNS:localhost"],
  ]);
  const pem = path.join(folder, "haproxy.pem");
  writeFileSync(pem, readFileSync(certificate, "utf8") + readFileSync(key, "utf8"));
  const configFile = path.join(folder, "haproxy.cfg");
  writeFileSync(
    configFile,
    haproxyConfig(proxyPort, [portalPort], { certificate: pem, checks: false }),
  );
  execFileSync(tools.haproxy, ["-c", "-q", "-f", configFile]);

  portal = await startPortal(portalPort, undefined, {
    PORTAL_TRUST_PROXY: "true",
    PORTAL_PUBLIC_URL: site,
  });
  proxy = spawn(tools.haproxy, ["-db", "-f", configFile], { stdio: ["ignore", "ignore", "pipe"] });
  let said = "";
  proxy.stderr?.on("data", (chunk: Buffer) => (said += chunk.toString()));
  const api = await request.newContext({ ignoreHTTPSErrors: true });
  try {
    for (let tries = 0; ; tries++) {
      const answer = await api.get(`${site}/api/health`).catch(() => undefined);
      if (answer?.ok()) break;
      if (tries > 100 || proxy.exitCode !== null)
        throw new Error(`HAProxy did not answer:\n${said}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await api.dispose();
  }
});

test.afterAll(async () => {
  if (proxy?.exitCode === null) {
    const exited = new Promise((resolve) => proxy?.once("exit", resolve));
    proxy.kill();
    await exited;
  }
  await portal?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

test("an officer signs in, drafts rates and signs out through a TLS-terminating HAProxy", async ({
  browser,
}, testInfo) => {
  const officer = await officerSignedIn(browser, "officer", "/console/rates", {
    baseURL: site,
    ignoreHTTPSErrors: true,
    dataDir: portal?.dataDir ?? "",
  });
  expect(officer.url()).toBe(`${site}/console/rates`);
  await expect(officer.getByText("Signed in as Omar Officer")).toBeVisible();
  // The session cookie is the https one: the portal knew it was behind TLS.
  const cookies = await officer.context().cookies(site);
  expect(cookies.find((cookie) => cookie.name === "__Host-console_session")?.secure).toBe(true);

  // A change: the browser sends Origin https://localhost:<proxy>, the instance sees plain http.
  await officer.getByLabel("Fidyah per day ($)").fill("4.50");
  const drafted = officer.waitForResponse(
    (response) =>
      response.url() === `${site}/console/api/rates` && response.request().method() === "POST",
  );
  await officer.getByRole("button", { name: "Submit for approval" }).click();
  expect((await drafted).status()).toBe(201);
  await expect(officer.getByRole("status").first()).toHaveText(
    "Draft saved. Another approver must approve it.",
  );
  await expect(officer.locator('article[data-status="pending"]').first()).toContainText(
    "Drafted by Omar Officer",
  );
  await keepScreenshot(officer, testInfo, "console-behind-tls-drafted");

  // A sign-out the server refuses (as this load balancer's was, before the console's origin check
  // knew it) leaves the officer signed in, and says so: nobody leaves a counter's computer believing
  // they signed out.
  await officer.route(`${site}/console/sign-out`, (route) =>
    route.fulfill({
      status: 403,
      contentType: "application/json",
      body: JSON.stringify({ status: 0, code: "console.csrf", message: "Refused" }),
    }),
  );
  await officer.getByRole("button", { name: "Sign out" }).click();
  await expect(
    officer.getByRole("alert").filter({ hasText: "Sign-out did not go through" }),
  ).toHaveText(
    "Sign-out did not go through: you are still signed in. Please try again before you leave this computer.",
  );
  await expect(officer.getByRole("button", { name: "Sign out" })).toBeVisible();
  await lookAtBothWidths(officer, testInfo, "console-sign-out-refused");
  await officer.unroute(`${site}/console/sign-out`);

  const signedOut = officer.waitForResponse(`${site}/console/sign-out`);
  await officer.getByRole("button", { name: "Sign out" }).click();
  expect((await signedOut).status()).toBe(200);
  await expect(
    officer.getByRole("link", { name: "Sign in with your staff account" }),
  ).toBeVisible();
  // The session is over on the server, not only in this page.
  expect((await officer.request.get(`${site}/console/api/session`)).status()).toBe(401);
  await officer.context().close();
});
