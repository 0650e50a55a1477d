import { Result } from "effect";
import { describe, expect, it } from "vitest";
import { checkDonationSearch } from "./donation-search.ts";
import { orderTimeline } from "./timeline.ts";

describe("a donation search", () => {
  it("reads Singapore days inclusively and normalises numbers and e-mail", () => {
    const search = checkDonationSearch({
      from: "2026-11-01",
      to: "2026-11-01",
      receiptNo: " zk-00000012 ",
      email: "A@B.SG",
      minCents: 100,
    });
    expect(Result.isSuccess(search) && search.success).toMatchObject({
      fromMs: Date.parse("2026-10-31T16:00:00Z"),
      toMs: Date.parse("2026-11-01T16:00:00Z"),
      receiptNo: "ZK-00000012",
      email: "a@b.sg",
      minCents: 100,
      page: 1,
    });
  });

  it("names wrong fields: impossible dates, reversed ranges, unknown fund, bad id", () => {
    const search = checkDonationSearch({
      from: "2026-02-30",
      to: "2026-13-01",
      flow: "BINGO",
      minCents: 500,
      maxCents: 100,
      idNumber: "S12",
      status: "lost",
    });
    expect(Result.isFailure(search) && search.failure.fields).toEqual([
      "from",
      "to",
      "flow",
      "status",
      "maxCents",
      "idNumber",
    ]);
    const reversed = checkDonationSearch({ from: "2026-11-02", to: "2026-11-01" });
    expect(Result.isFailure(reversed) && reversed.failure.fields).toEqual(["to"]);
  });

  it("finds a counter device's receipt by its number in the device's own series", () => {
    const search = checkDonationSearch({ receiptNo: "zk-d007-00000042" });
    expect(Result.isSuccess(search) && search.success.receiptNo).toBe("ZK-D007-00000042");
    const wrong = checkDonationSearch({ receiptNo: "ZK-X007-00000042" });
    expect(Result.isFailure(wrong) && wrong.failure.fields).toEqual(["receiptNo"]);
  });

  it("with nothing given, lists the newest gifts", () => {
    const search = checkDonationSearch({});
    expect(Result.isSuccess(search) && search.success.receiptNo).toBeNull();
  });
});

describe("a timeline", () => {
  it("is in time order, and at one instant in the order a gift lives", () => {
    const at = "2026-11-01T00:00:00Z";
    const events = orderTimeline([
      {
        at: "2026-11-02T00:00:00Z",
        kind: "reversal",
        code: "reversal.done",
        actor: null,
        detail: {},
      },
      { at, kind: "receipt", code: "receipt.issued", actor: null, detail: {} },
      { at, kind: "created", code: "created", actor: null, detail: {} },
    ]);
    expect(events.map((e) => e.kind)).toEqual(["created", "receipt", "reversal"]);
  });
});
