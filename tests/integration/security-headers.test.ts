import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { root } from "../support/portal";
import { startWeb, stopWeb, type RunningWeb } from "../support/web";

/**
 * Every answer carries a Content-Security-Policy: a page's names its own inline scripts' hashes and
 * nothing else inline; Stripe's hosts appear only when the portal takes cards through Stripe; only the
 * sandbox's 3-D Secure page may be framed (by the portal); everything else is never framed; API answers
 * get a policy that allows nothing. HSTS only over HTTPS (here: a trusted proxy saying so).
 */
const hashOf = (script: string) =>
  `'sha256-${createHash("sha256").update(script, "utf8").digest("base64")}'`;

const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter((match) => !/\bsrc=/.test(match[1] ?? ""))
    .map((match) => match[2] ?? "");

const directive = (policy: string, name: string) =>
  policy
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `)) ?? "";

describe("security headers", () => {
  let sandbox: RunningWeb;
  let stripe: RunningWeb;

  beforeAll(async () => {
    [sandbox, stripe] = await Promise.all([
      startWeb(6303, { PORTAL_TRUST_PROXY: "true" }),
      startWeb(6304, {
        PORTAL_PAYMENT_GATEWAY: "stripe",
        STRIPE_SECRET_KEY: "sk_test_headers",
        STRIPE_PUBLISHABLE_KEY: "pk_test_headers",
        PORTAL_PUBLIC_URL: "https://giving.example.sg",
      }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([stopWeb(sandbox), stopWeb(stripe)]);
  });

  it("gives each page a policy with exactly its inline scripts' hashes, no object, no framing", async () => {
    for (const page of ["/", "/checkout", "/ms/error", "/receipt/harta", "/no-such-page"]) {
      const response = await fetch(`${sandbox.base}${page}`);
      const policy = response.headers.get("content-security-policy") ?? "";
      const html = await response.text();
      const scripts = directive(policy, "script-src");
      for (const script of inlineScripts(html)) expect(scripts, page).toContain(hashOf(script));
      expect(scripts, page).not.toContain("unsafe-inline");
      expect(scripts, page).not.toContain("unsafe-eval");
      expect(scripts, page).not.toContain("stripe");
      expect(directive(policy, "object-src"), page).toBe("object-src 'none'");
      expect(directive(policy, "base-uri"), page).toBe("base-uri 'self'");
      expect(directive(policy, "frame-ancestors"), page).toBe("frame-ancestors 'none'");
      expect(response.headers.get("x-frame-options"), page).toBe("DENY");
    }
  });

  it("lets only the portal frame the sandbox's 3-D Secure page", async () => {
    for (const page of ["/sandbox/3ds?payment=pi_x", "/sandbox/3ds/"]) {
      const response = await fetch(`${sandbox.base}${page}`);
      const policy = response.headers.get("content-security-policy") ?? "";
      expect(directive(policy, "frame-ancestors"), page).toBe("frame-ancestors 'self'");
      expect(response.headers.get("x-frame-options"), page).toBe("SAMEORIGIN");
    }
  });

  it("names Stripe's hosts only when Stripe takes the cards", async () => {
    const policy = (await fetch(`${stripe.base}/checkout`)).headers.get("content-security-policy");
    expect(directive(policy ?? "", "script-src")).toContain("https://js.stripe.com");
    expect(directive(policy ?? "", "frame-src")).toContain("https://hooks.stripe.com");
    expect(directive(policy ?? "", "connect-src")).toContain("https://api.stripe.com");
    const sandboxPolicy = (await fetch(`${sandbox.base}/checkout`)).headers.get(
      "content-security-policy",
    );
    expect(sandboxPolicy).not.toContain("stripe.com");
  });

  it("gives API answers and files a policy that allows nothing", async () => {
    for (const url of [
      "/api/health",
      "/svc/main/v1/Home/homePageConfiguration?charityId=25",
      "/robots.txt",
    ]) {
      const response = await fetch(`${sandbox.base}${url}`);
      const policy = response.headers.get("content-security-policy") ?? "";
      expect(directive(policy, "default-src"), url).toBe("default-src 'none'");
      expect(directive(policy, "frame-ancestors"), url).toBe("frame-ancestors 'none'");
    }
  });

  it("sends HSTS only over HTTPS, as a trusted proxy reports it", async () => {
    const https = await fetch(`${sandbox.base}/`, { headers: { "x-forwarded-proto": "https" } });
    expect(https.headers.get("strict-transport-security")).toMatch(/^max-age=\d{7,}/);
    const http = await fetch(`${sandbox.base}/`, { headers: { "x-forwarded-proto": "http" } });
    expect(http.headers.get("strict-transport-security")).toBeNull();
    // Without PORTAL_TRUST_PROXY the header is anyone's to send: no HSTS on its word.
    const untrusted = await fetch(`${stripe.base}/`, { headers: { "x-forwarded-proto": "https" } });
    expect(untrusted.headers.get("strict-transport-security")).toBeNull();
  });

  it("hashes what the build inlined (the home page has inline scripts to hash)", () => {
    const html = readFileSync(path.join(root, "dist/client/index.html"), "utf8");
    expect(inlineScripts(html).length).toBeGreaterThan(0);
  });
});
