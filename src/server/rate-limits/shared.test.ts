import { describe, expect, it } from "vitest";
import { readConfig } from "../config";
import { callerAddress } from "./memory";
import { callerSession } from "./shared";

const headers = (values: Record<string, string>) => ({
  get: (name: string) => values[name.toLowerCase()] ?? null,
});

describe("who is asking", () => {
  it("uses the socket address unless a trusted proxy is configured", () => {
    const forwarded = headers({ "x-forwarded-for": "1.2.3.4, 10.0.0.9" });
    const trustProxy = (value: string | undefined) =>
      readConfig(value === undefined ? {} : { PORTAL_TRUST_PROXY: value }).trustProxy;
    expect(callerAddress(forwarded, "127.0.0.1", trustProxy(undefined))).toBe("127.0.0.1");
    expect(callerAddress(forwarded, "127.0.0.1", trustProxy("false"))).toBe("127.0.0.1");
    expect(callerAddress(forwarded, "127.0.0.1", trustProxy("true"))).toBe("10.0.0.9");
  });

  it("keys sessions by a hash of the guest cookie or sign-in token, never the token itself", () => {
    const a = callerSession(headers({ cookie: "x=1; portal_session=secret-a" }));
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a).not.toContain("secret");
    expect(callerSession(headers({ authorization: "Bearer tok" }))).not.toBe(a);
    expect(callerSession(headers({}))).toBeUndefined();
  });
});
