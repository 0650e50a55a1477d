import { describe, expect, it } from "vitest";
import { fromConsoleOrigin } from "./origin";

// Issue 30, finding 1: the console's CSRF origin rule, behind a TLS load balancer and without one.

const settings = (trustProxy: boolean, publicUrl = "http://localhost:4321") => ({
  publicUrl,
  wakafPublicUrl: undefined,
  productRoute: "wakaf",
  trustProxy,
});

/** A console change as the instance receives it: always plain http at the instance. */
const change = (origin: string | undefined, headers: Record<string, string> = {}) =>
  new Request("http://giving.example/console/api/rates", {
    method: "POST",
    headers: { ...(origin === undefined ? {} : { origin }), ...headers },
  });

const https = { "x-forwarded-proto": "https" };

describe("which origins a console change is accepted from", () => {
  it("behind a trusted proxy: the origin the proxy reports, never the instance's http", () => {
    const behind = settings(true);
    expect(fromConsoleOrigin(change("https://giving.example", https), behind)).toBe(true);
    expect(fromConsoleOrigin(change("http://giving.example", https), behind)).toBe(false);
    // The proxy's own entry is the last; a client's earlier "https" is not its word.
    const forged = { "x-forwarded-proto": "https, http" };
    expect(fromConsoleOrigin(change("https://giving.example", forged), behind)).toBe(false);
    expect(fromConsoleOrigin(change("http://giving.example", forged), behind)).toBe(true);
    // No header (a direct call): this connection's scheme.
    expect(fromConsoleOrigin(change("http://giving.example"), behind)).toBe(true);
  });

  it("without a trusted proxy: X-Forwarded-Proto is ignored", () => {
    const direct = settings(false);
    expect(fromConsoleOrigin(change("https://giving.example", https), direct)).toBe(false);
    expect(fromConsoleOrigin(change("http://giving.example", https), direct)).toBe(true);
  });

  it("always the configured public origins, the wakaf one derived or given", () => {
    const configured = settings(false, "https://giving.example");
    expect(fromConsoleOrigin(change("https://giving.example"), configured)).toBe(true);
    expect(fromConsoleOrigin(change("https://wakaf.giving.example"), configured)).toBe(true);
    const given = { ...configured, wakafPublicUrl: "https://wakaf.example" };
    expect(fromConsoleOrigin(change("https://wakaf.example"), given)).toBe(true);
    expect(fromConsoleOrigin(change("https://wakaf.giving.example"), given)).toBe(false);
  });

  it("never a foreign, opaque or missing origin", () => {
    for (const trust of [true, false]) {
      const any = settings(trust, "https://giving.example");
      for (const origin of [
        undefined,
        "null",
        "",
        "https://evil.example",
        "https://giving.example.evil.example",
        "https://giving.example:8443",
        "https://GIVING.example/",
      ]) {
        expect(fromConsoleOrigin(change(origin, https), any), `${origin}`).toBe(false);
      }
    }
  });
});
