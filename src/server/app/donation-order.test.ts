import { Effect, Layer } from "effect";
import { describe, expect, it } from "vitest";
import { seedRates, testLayerFor } from "@portal/domain";
import type { DonationView } from "@portal/adapters/db";
import type { Giver } from "./create-donation";
import { Caller } from "./caller";
import { createDonationOrder, type CreateOrderInput } from "./donation-order";
import { DonationRecords, HouseholdMemberRecords, RateRecords, type NewDonation } from "./ports";
import type { Refused } from "./refused";

const donor: Giver = { kind: "donor", donorId: "donor-1", email: "a@example.sg" };
const kept = [
  { id: "m-1", name: "Siti Aminah" },
  { id: "m-2", name: "Yusof bin Ahmad" },
];

/** The ports, the order's writes recorded; the rates are the seed's, version 3. */
const ports = (written: Array<ReadonlyArray<NewDonation>>, giver: Giver = donor) =>
  Layer.mergeAll(
    testLayerFor(Caller, "Caller", ["giver"], { giver: () => Promise.resolve(giver) }),
    testLayerFor(DonationRecords, "DonationRecords", ["createOrder"], {
      createOrder: (donations) => {
        written.push(donations);
        return Promise.resolve(
          donations.map((d, i) => ({
            donation: {
              id: `d-${i}`,
              flow: d.flow,
              totalCents: d.total,
            } as unknown as DonationView,
            clientSecret: `s-${i}`,
            replayed: false,
          })),
        );
      },
    }),
    testLayerFor(HouseholdMemberRecords, "HouseholdMemberRecords", ["list"], {
      list: (donorId) => Promise.resolve(donorId === "donor-1" ? kept : []),
    }),
    testLayerFor(RateRecords, "RateRecords", ["current"], {
      current: () => Promise.resolve({ version: 3, rates: seedRates }),
    }),
  );

const order = (parts: CreateOrderInput["request"]["parts"]): CreateOrderInput => ({
  idempotencyKey: "order-1",
  request: { parts, ratesVersion: 3 },
  donor: {
    details: { name: "Halimah", email: "a@example.sg" },
    taxId: "S1234567D",
  },
});
const zakat = { flow: "ZAKAT", items: { household: [{ memberId: "m-2", fitrah: "normal" }] } };
const fidyah = { flow: "FIDYAH", items: { household: [{ memberId: "m-1", fidyahDays: 2 }] } };

const refusal = (effect: Effect.Effect<unknown, Refused>) => Effect.runPromise(Effect.flip(effect));

describe("createDonationOrder", () => {
  it("writes nothing when a later part is refused: every part is priced before the one write", async () => {
    const written: Array<ReadonlyArray<NewDonation>> = [];
    const fitrah = seedRates.fitrahNormalRate;
    const refused = await refusal(
      Effect.provide(
        createDonationOrder(
          order([
            { ...zakat, flow: "ZAKAT", totalCents: fitrah },
            { ...fidyah, flow: "FIDYAH", totalCents: 1 },
          ]),
        ),
        ports(written),
      ),
    );
    expect(refused).toMatchObject({ code: "donation.totalMismatch", field: "FIDYAH" });
    expect(written).toEqual([]);
  });

  it("refuses a fund twice, and a stranger's person, before writing", async () => {
    const written: Array<ReadonlyArray<NewDonation>> = [];
    const twice = await refusal(
      Effect.provide(
        createDonationOrder(
          order([
            { ...zakat, flow: "ZAKAT", totalCents: 500 },
            { ...zakat, flow: "ZAKAT", totalCents: 500 },
          ]),
        ),
        ports(written),
      ),
    );
    expect(twice).toMatchObject({ code: "donation.orderFunds" });
    const stranger = await refusal(
      Effect.provide(
        createDonationOrder(order([{ ...fidyah, flow: "FIDYAH", totalCents: 800 }])),
        ports(written, { kind: "donor", donorId: "donor-2", email: null }),
      ),
    );
    expect(stranger).toMatchObject({ code: "household.member.notFound" });
    expect(written).toEqual([]);
  });

  it("keeps one donation per fund under <key>:<FLOW>, the people named, the identity number on the zakat alone", async () => {
    const written: Array<ReadonlyArray<NewDonation>> = [];
    const perDay = seedRates.fidyahPerDay;
    const fitrah = seedRates.fitrahNormalRate;
    const made = await Effect.runPromise(
      Effect.provide(
        createDonationOrder(
          order([
            { ...zakat, flow: "ZAKAT", totalCents: fitrah },
            { ...fidyah, flow: "FIDYAH", totalCents: 2 * perDay },
          ]),
        ),
        ports(written),
      ),
    );
    expect(made.payments.map((p) => [p["fund"], p["clientSecret"]])).toEqual([
      ["ZAKAT", "s-0"],
      ["FIDYAH", "s-1"],
    ]);
    const [donations] = written;
    expect(donations!.map((d) => [d.idempotencyKey, d.flow, d.total, d.taxId])).toEqual([
      ["order-1:ZAKAT", "ZAKAT", fitrah, "S1234567D"],
      ["order-1:FIDYAH", "FIDYAH", 2 * perDay, undefined],
    ]);
    expect(JSON.stringify(donations![0]!.inputs)).toContain("Yusof bin Ahmad");
    expect(JSON.stringify(donations![1]!.inputs)).toContain("Siti Aminah");
    // The whole order is each donation's request: a replay with another body conflicts for each.
    expect(donations![0]!.request).toEqual(donations![1]!.request);
  });
});
