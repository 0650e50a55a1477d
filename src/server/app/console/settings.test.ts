import { Effect, Layer } from "effect";
import { describe, expect, it } from "vitest";
import { testLayerFor } from "@portal/domain";
import type { Refused } from "../refused";
import { Officer, type OfficerPort } from "./officer";
import { FinanceDays, PublishedSettings, RateBook, SiteContents } from "./ports";
import { decideRateDraft, draftRates, saveSiteContent, signOffDay } from "./settings";

const officer = (roles: ReadonlyArray<string>): OfficerPort => ({
  id: "officer-1",
  name: "Officer One",
  roles,
  ip: "10.0.0.1",
  now: new Date(Date.UTC(2026, 10, 29, 2)),
});

/** The settings' ports, writing down each call; a port a test does not supply dies if asked. */
const ports = (seen: Array<unknown>, as: OfficerPort, signOff = "signed" as const) =>
  Layer.mergeAll(
    Layer.succeed(Officer, as),
    testLayerFor(RateBook, "RateBook", ["list", "draft", "approve", "withdraw", "publishDue"], {
      draft: async (input) => {
        seen.push(["draft", input.changes, input.effectiveAt.toISOString()]);
        return { id: 7 } as never;
      },
      approve: async (id) => {
        seen.push(["approve", id]);
        return { id } as never;
      },
    }),
    testLayerFor(SiteContents, "SiteContents", ["charities", "read", "save"], {
      save: async (input) => {
        seen.push(["save", input.charityId]);
        return { charityId: input.charityId } as never;
      },
    }),
    Layer.succeed(PublishedSettings, { changed: () => void seen.push(["changed"]) }),
    testLayerFor(FinanceDays, "FinanceDays", ["signOff"], {
      signOff: async (day) => {
        seen.push(["signOff", day]);
        return signOff;
      },
    }),
  );

const run = <A>(program: Effect.Effect<A, Refused, never>) => Effect.runPromise(program);
const refusal = (program: Effect.Effect<unknown, Refused, never>) =>
  Effect.runPromise(Effect.flip(program));

describe("the console's settings use cases", () => {
  it("check the officer's role again, before any record is asked", async () => {
    const seen: Array<unknown> = [];
    const viewer = ports(seen, officer(["viewer"]));
    const programs: ReadonlyArray<Effect.Effect<unknown, Refused, Layer.Success<typeof viewer>>> = [
      decideRateDraft(1, "approve"),
      draftRates({ changes: {}, effectiveAt: "2026-12-01T00:00:00Z" }),
      saveSiteContent(25, {}),
      signOffDay("2026-11-28"),
    ];
    for (const program of programs) {
      const refused = await refusal(Effect.provide(program, viewer));
      expect(refused.code).toBe("console.forbidden");
    }
    expect(seen).toEqual([]);
  });

  it("tell the donors' pages when rates are approved, and not when a draft is refused", async () => {
    const seen: Array<unknown> = [];
    const approver = ports(seen, officer(["approver"]));
    await run(Effect.provide(decideRateDraft(3, "approve"), approver));
    expect(seen).toEqual([["approve", 3], ["changed"]]);

    const drafter = ports(seen.splice(0), officer(["officer"]));
    const late = await refusal(
      Effect.provide(draftRates({ changes: {}, effectiveAt: "not a time" }), drafter),
    );
    expect(late.code).toBe("rates.invalid");
    expect(seen).toEqual([]);
  });

  it("answer a content field the domain refuses with its path, saving nothing", async () => {
    const seen: Array<unknown> = [];
    const editor = ports(seen, officer(["admin"]));
    const refused = await refusal(
      Effect.provide(saveSiteContent(25, { contact: { email: "not an address" } }), editor),
    );
    expect(refused.code).toMatch(/^content\./);
    expect(refused.field).toMatch(/^contact\./);
    expect(seen).toEqual([]);
  });

  it("refuse a day with differences by its code, for the edge to answer", async () => {
    const seen: Array<unknown> = [];
    const refused = await refusal(
      Effect.provide(
        signOffDay("2026-11-28"),
        ports(seen, officer(["approver"]), "differences" as never),
      ),
    );
    expect(refused.code).toBe("finance.differences");
    expect(seen).toEqual([["signOff", "2026-11-28"]]);
  });
});
