import { Effect } from "effect";
import { describe, expect, it } from "vitest";
import { testLayerFor } from "@portal/domain";
import type { Giver } from "./create-donation";
import { withKeptNames } from "./household-payment";
import { HouseholdMemberRecords } from "./ports";

// The kept people of a household payment are named from the caller's own list alone (issue 33).

const asked: string[] = [];
const records = testLayerFor(HouseholdMemberRecords, "HouseholdMemberRecords", ["list"], {
  list: (donorId: string) => {
    asked.push(donorId);
    return Promise.resolve(
      donorId === "donor-a"
        ? [
            { id: "m-1", name: "Siti Aminah" },
            { id: "m-2", name: "Haji Rahman" },
          ]
        : [{ id: "m-9", name: "Kamal bin Osman" }],
    );
  },
});
const donorA: Giver = { kind: "donor", donorId: "donor-a", email: null };
const guest: Giver = { kind: "guest", guestSessionId: "g-1", enrolment: null };

const run = (household: unknown[], giver: Giver) =>
  Effect.runPromise(
    Effect.result(withKeptNames({ household } as never, giver)).pipe(Effect.provide(records)),
  );

describe("withKeptNames", () => {
  it("names kept people from the caller's own list, typed names left as they are", async () => {
    const named = await run(
      [
        { memberId: "m-2", fitrah: "normal" },
        { memberId: "m-1", name: " Siti  Aminah", hartaCents: 100 },
        { name: "Adam", fidyahDays: 1 },
      ],
      donorA,
    );
    expect(named).toMatchObject({
      success: {
        household: [
          { memberId: "m-2", name: "Haji Rahman", fitrah: "normal" },
          { memberId: "m-1", name: "Siti Aminah", hartaCents: 100 },
          { name: "Adam", fidyahDays: 1 },
        ],
      },
    });
    expect(asked.at(-1)).toBe("donor-a");
  });

  it("refuses another donor's person, a guest's claim and a missing id alike", async () => {
    for (const [household, giver] of [
      [[{ memberId: "m-9", fitrah: "normal" }], donorA],
      [[{ memberId: "m-1", fitrah: "normal" }], guest],
      [[{ memberId: "nobody", fitrah: "normal" }], donorA],
    ] as const) {
      expect(await run([...household], giver)).toMatchObject({
        failure: { code: "household.member.notFound" },
      });
    }
  });

  it("refuses a person twice or a kept person under another name", async () => {
    for (const household of [
      [
        { memberId: "m-1", fitrah: "normal" },
        { memberId: "m-1", hartaCents: 100 },
      ],
      [{ memberId: "m-1", name: "Someone Else", fitrah: "normal" }],
    ]) {
      expect(await run(household, donorA)).toMatchObject({
        failure: { code: "donation.household" },
      });
    }
  });
});
