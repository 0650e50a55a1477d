import { describe, expect, it } from "vitest";
import { callerAddress } from "../rate-limit";
import { callerSession, windowLimiter } from "./rate-limit";

const headers = (values: Record<string, string>) => ({
  get: (name: string) => values[name.toLowerCase()] ?? null,
});

describe("window limiter", () => {
  it("lets `limit` requests through per key and window, then refuses until the window passes", () => {
    const limiter = windowLimiter(3, 60_000);
    expect([1, 2, 3, 4].map(() => limiter.take("a", 1_000))).toEqual([true, true, true, false]);
    expect(limiter.take("b", 1_000)).toBe(true);
    expect(limiter.retryAfter("a", 31_000)).toBe(30);
    expect(limiter.take("a", 60_999)).toBe(false);
    expect(limiter.take("a", 61_000)).toBe(true);
  });

  it("never holds more than maxKeys keys", () => {
    const limiter = windowLimiter(1, 60_000, 100);
    for (let i = 0; i < 1_000; i++) limiter.take(`k${i}`, i);
    expect(limiter.size()).toBeLessThanOrEqual(100);
  });
});

describe("who is asking", () => {
  it("uses the socket address unless a trusted proxy is configured", () => {
    const forwarded = headers({ "x-forwarded-for": "1.2.3.4, 10.0.0.9" });
    expect(callerAddress(forwarded, "127.0.0.1")).toBe("127.0.0.1");
    process.env["PORTAL_TRUST_PROXY"] = "true";
    try {
      expect(callerAddress(forwarded, "127.0.0.1")).toBe("10.0.0.9");
    } finally {
      delete process.env["PORTAL_TRUST_PROXY"];
    }
  });

  it("keys sessions by a hash of the guest cookie or sign-in token, never the token itself", () => {
    const a = callerSession(headers({ cookie: "x=1; portal_session=secret-a" }));
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a).not.toContain("secret");
    expect(callerSession(headers({ authorization: "Bearer tok" }))).not.toBe(a);
    expect(callerSession(headers({}))).toBeUndefined();
  });
});
