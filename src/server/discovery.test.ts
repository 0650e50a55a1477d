import { describe, expect, it } from "vitest";
import { discovered } from "./discovery";

describe("a provider's discovered configuration", () => {
  it("is discovered once and kept, and discovered again after a failure", async () => {
    let calls = 0;
    let fail = true;
    const client = discovered(async () => {
      calls += 1;
      if (fail) throw new Error("provider down");
      return { issuer: "https://idp.example" };
    });
    await expect(client()).rejects.toThrow("provider down");
    fail = false;
    expect(await client()).toEqual({ issuer: "https://idp.example" });
    expect(await client()).toEqual({ issuer: "https://idp.example" });
    expect(calls).toBe(2);
  });
});
