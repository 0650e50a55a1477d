import { describe, expect, it } from "vitest";
import { sandboxNetsTerminal } from "./nets-terminal";

describe("the NETS sandbox terminal", () => {
  const terminal = sandboxNetsTerminal();
  const charge = (amountCents: number, key = "donation-1:nets:0") =>
    terminal.charge({ amountCents, key, reference: "ZK1" });

  it("approves with a six-digit approval code, the same when the same charge is asked again", async () => {
    const approved = await charge(12_000);
    expect(approved).toMatchObject({ outcome: "approved" });
    expect(approved.outcome === "approved" && approved.approvalCode).toMatch(/^\d{6}$/);
    expect(await charge(12_000)).toEqual(approved);
    expect(await charge(12_000, "donation-1:nets:1")).not.toEqual(approved);
  });

  it("declines cents of .02, and .05 for insufficient funds", async () => {
    expect(await charge(2_002)).toEqual({ outcome: "declined", reason: "declined" });
    expect(await charge(105)).toEqual({ outcome: "declined", reason: "insufficient_funds" });
    expect(await charge(2_012)).toMatchObject({ outcome: "approved" });
  });
});
