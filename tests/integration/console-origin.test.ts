import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInOfficer, type ConsoleOfficer } from "../support/console";
import { testDatabases } from "../support/databases";
import { startPortal, type RunningPortal } from "../support/portal";

// Issue 30, finding 1 and the first point of finding 7: behind the documented TLS load balancer the
// instance sees http, the browser says https. A console change is accepted from the configured public
// origins and from the request's own origin as the trusted proxy reports it (X-Forwarded-Proto, only
// with PORTAL_TRUST_PROXY=true), never from a scheme nobody vouches for; the guest cookie is Secure on
// that header only when it is trusted. Ports 8340-8359.

let nextPort = 8340;

const draft = (nisabValue: number) => ({
  changes: { nisabValue, goldRate: nisabValue / 86 },
  effectiveAt: new Date(Date.now() + 60 * 60_000).toISOString(),
});

/**
 * A changing console call as the browser makes it through the proxy or directly: `origin` as the
 * browser sends it, `https` for the proxy's `X-Forwarded-Proto: https`. The session goes under both
 * cookie names: an officer signed in through the proxy holds the `__Host-` one, which the portal
 * reads only when it trusts the header; this test is about the origin alone.
 */
const change = (
  officer: ConsoleOfficer,
  path: string,
  body: unknown,
  { origin, https }: { origin: string; https: boolean },
) =>
  officer.call(path, {
    body,
    headers: {
      origin,
      ...(https
        ? {
            "x-forwarded-proto": "https",
            cookie: `${officer.cookie}; __Host-${/(?:^|; )(console_session=[^;]*)/.exec(officer.cookie)?.[1] ?? ""}`,
          }
        : {}),
    },
  });

/** The guest cookie the portal sets, asked with `headers`. */
const guestSetCookie = async (base: string, headers: Record<string, string>) => {
  const response = await fetch(`${base}/svc/main/v1/session/guest`, { method: "POST", headers });
  expect(response.status).toBe(200);
  return response.headers.get("set-cookie") ?? "";
};

/** A portal of this file, its officer signed in, and its `host:port`. */
interface Setup {
  readonly portal: RunningPortal;
  readonly officer: ConsoleOfficer;
  readonly host: string;
}

const setUp = async (env: Record<string, string>): Promise<Setup> => {
  const portal = await startPortal(nextPort++, undefined, env);
  const officer = await signInOfficer(portal.base, portal.dataDir, "officer");
  return { portal, officer, host: new URL(portal.base).host };
};

describe.each(testDatabases())("the console's origin rule on $name", (database) => {
  // Behind a trusted TLS proxy, with the two public addresses configured.
  let proxied: Setup;
  // Plain http, no proxy trusted, no public address configured (the embedded run).
  let direct: Setup;

  beforeAll(async () => {
    const env = await database.portalEnv();
    proxied = await setUp({
      ...env,
      PORTAL_TRUST_PROXY: "true",
      PORTAL_PUBLIC_URL: "https://giving.example",
      PORTAL_WAKAF_PUBLIC_URL: "https://wakaf.giving.example",
    });
    direct = await setUp({ ...env, PORTAL_TRUST_PROXY: "false" });
  }, 240_000);

  afterAll(async () => {
    await proxied?.portal.stop();
    await direct?.portal.stop();
    await database.cleanup();
  });

  it("accepts a draft from https://<host> when the trusted proxy says https, and refuses the instance's http", async () => {
    const ok = await change(proxied.officer, "/console/api/rates", draft(1_100_000), {
      origin: `https://${proxied.host}`,
      https: true,
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    // The scheme the instance sees is not the one the browser was on.
    const http = await change(proxied.officer, "/console/api/rates", draft(1_100_001), {
      origin: `http://${proxied.host}`,
      https: true,
    });
    expect(http.status).toBe(403);
    expect(http.body["code"]).toBe("console.csrf");
  });

  it("accepts the configured public origins, and refuses a foreign one even with the proxy's https", async () => {
    for (const origin of ["https://giving.example", "https://wakaf.giving.example"]) {
      const ok = await change(proxied.officer, "/console/api/rates", draft(1_200_000), {
        origin,
        https: true,
      });
      expect(ok.status, `${origin}: ${JSON.stringify(ok.body)}`).toBe(201);
    }
    for (const origin of [
      "https://evil.example",
      "http://giving.example",
      "https://giving.example:8443",
      "null",
    ]) {
      const refused = await change(proxied.officer, "/console/api/rates", draft(1_200_001), {
        origin,
        https: true,
      });
      expect(refused.status, origin).toBe(403);
      expect(refused.body["code"]).toBe("console.csrf");
    }
  });

  it("signs the officer out through the proxy", async () => {
    const other = await signInOfficer(proxied.portal.base, proxied.portal.dataDir, "viewer");
    const out = await change(
      other,
      "/console/sign-out",
      {},
      {
        origin: `https://${proxied.host}`,
        https: true,
      },
    );
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    const after = await other.call("/console/api/session");
    expect(after.status).toBe(401);
  });

  it("without a trusted proxy, refuses https://<host> on a plain-http instance, and foreign origins", async () => {
    for (const https of [true, false]) {
      const refused = await change(direct.officer, "/console/api/rates", draft(1_300_000), {
        origin: `https://${direct.host}`,
        https,
      });
      expect(refused.status, `x-forwarded-proto https: ${https}`).toBe(403);
      expect(refused.body["code"]).toBe("console.csrf");
    }
    for (const origin of ["https://evil.example", "http://localhost.evil.example", "null"]) {
      const refused = await change(direct.officer, "/console/api/rates", draft(1_300_001), {
        origin,
        https: false,
      });
      expect(refused.status, origin).toBe(403);
    }
    // Its own origin, as it sees it, is the console's.
    const ok = await change(direct.officer, "/console/api/rates", draft(1_300_002), {
      origin: `http://${direct.host}`,
      https: false,
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
  });

  it("marks the guest cookie Secure on X-Forwarded-Proto only when the proxy is trusted", async () => {
    const https = { "x-forwarded-proto": "https" };
    expect(await guestSetCookie(direct.portal.base, https)).not.toMatch(/;\s*Secure/i);
    expect(await guestSetCookie(direct.portal.base, {})).not.toMatch(/;\s*Secure/i);
    expect(await guestSetCookie(proxied.portal.base, https)).toMatch(/;\s*Secure/i);
    expect(await guestSetCookie(proxied.portal.base, {})).not.toMatch(/;\s*Secure/i);
  });
});
