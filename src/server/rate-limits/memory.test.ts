import { describe, expect, it } from "vitest";
import { rateLimit } from "./memory";

describe("rate limit", () => {
  it("allows the limit per window, refuses the next with the seconds left, and opens again after the window", () => {
    let clock = 1_000_000;
    const limit = rateLimit({ limit: 3, windowMs: 60_000, now: () => clock });
    expect([1, 2, 3].map(() => limit.hit("a").allowed)).toEqual([true, true, true]);
    expect(limit.hit("a")).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect(limit.hit("b").allowed).toBe(true);
    clock += 45_000;
    expect(limit.hit("a")).toEqual({ allowed: false, retryAfterSeconds: 15 });
    clock += 15_000;
    expect(limit.hit("a").allowed).toBe(true);
  });

  it("reports a key at its limit as blocked without counting, and forgets a key on reset", () => {
    const limit = rateLimit({ limit: 2, windowMs: 1000, now: () => 0 });
    limit.hit("k");
    expect(limit.blocked("k")).toBe(false);
    limit.hit("k");
    expect(limit.blocked("k")).toBe(true);
    limit.reset("k");
    expect(limit.blocked("k")).toBe(false);
  });
});
