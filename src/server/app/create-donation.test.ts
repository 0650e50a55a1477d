import { Effect, Layer } from "effect";
import { describe, expect, it } from "vitest";
import { cents, coverFeeCents, seedRates, testLayerFor } from "@portal/domain";
import { IdempotencyConflict, type DonationView } from "@portal/adapters/db";
import { createDonation, type CreateDonationInput, type Giver } from "./create-donation";
import { Caller } from "./caller";
import { DonationRecords, HouseholdMemberRecords, InstalmentRecords, RateRecords } from "./ports";
import type { Refused } from "./refused";

const donation = { id: "d-1", transactionNo: "ZKT-1" } as DonationView;
const guest: Giver = { kind: "guest", guestSessionId: "g-1", enrolment: null };

/** The ports a test supplies; the rates are the seed's, version 3; the caller a guest by default. */
const ports = (
  create: (input: unknown) => Promise<unknown>,
  giver: () => Promise<Giver> = () => Promise.resolve(guest),
) =>
  Layer.mergeAll(
    testLayerFor(Caller, "Caller", ["giver"], { giver }),
    testLayerFor(DonationRecords, "DonationRecords", ["create"], {
      create: create as never,
    }),
    testLayerFor(HouseholdMemberRecords, "HouseholdMemberRecords", ["list"], {
      list: () => Promise.resolve([]),
    }),
    testLayerFor(RateRecords, "RateRecords", ["current"], {
      current: () => Promise.resolve({ version: 3, rates: seedRates }),
    }),
    testLayerFor(InstalmentRecords, "InstalmentRecords", [], {}),
  );

const input = (over: Partial<CreateDonationInput> = {}): CreateDonationInput => ({
  idempotencyKey: "key-1",
  request: { flow: "FIDYAH", items: { fidyah: { days: 10 } }, totalCents: 4_000, ratesVersion: 3 },
  donor: undefined,
  ...over,
});

/** The refusal the use case failed with (a success fails the test). */
const refusal = (effect: Effect.Effect<unknown, Refused>) => Effect.runPromise(Effect.flip(effect));

describe("createDonation", () => {
  it("refuses an identity number for a fund that is not deductible, before asking who calls", async () => {
    let asked = false;
    const program = createDonation(
      input({
        donor: { details: { name: "A", email: "a@example.com" }, taxId: "S1234567D" },
      }),
    );
    const refused = await refusal(
      Effect.provide(
        program,
        ports(
          () => Promise.reject(),
          () => ((asked = true), Promise.resolve(guest)),
        ),
      ),
    );
    expect(refused).toMatchObject({ code: "donation.taxIdNotApplicable" });
    expect(asked).toBe(false);
  });

  it("refuses a recurring gift to a fund that gives once, and a total priced on old rates", async () => {
    const refusedWith = (request: Partial<CreateDonationInput["request"]>) =>
      refusal(
        Effect.provide(
          createDonation(input({ request: { ...input().request, ...request } })),
          ports(() => Promise.reject()),
        ),
      );
    expect(await refusedWith({ frequency: "monthly" })).toMatchObject({
      code: "donation.recurringNotAllowed",
    });
    expect(await refusedWith({ ratesVersion: 2 })).toMatchObject({
      code: "donation.ratesSuperseded",
    });
  });

  it("works a covered card fee out again, keeps it apart from the gift, and refuses another figure", async () => {
    const cardFee = { basisPoints: 340, fixedCents: 50 };
    const kept: Array<Record<string, unknown>> = [];
    const withFee = (coverFeeCents: number) =>
      createDonation({
        ...input({ request: { ...input().request, coverFeeCents } }),
        cardFee,
      });
    const keep = ports(
      (given) => (
        kept.push(given as Record<string, unknown>),
        Promise.resolve({ donation, clientSecret: "s", replayed: false })
      ),
    );
    // $40.00 of fidyah at 3.4% + $0.50: $1.93 more (4193 x 3.4% = 142.6, so 143 + 50 = 193).
    expect(coverFeeCents(cents(4_000), cardFee)).toBe(193);
    await Effect.runPromise(Effect.provide(withFee(193), keep));
    expect(kept[0]).toMatchObject({ total: 4_000, fee: 193 });
    expect(await refusal(Effect.provide(withFee(1), keep))).toMatchObject({
      code: "donation.feeMismatch",
    });
    expect(kept).toHaveLength(1);
  });

  it("prices again on the server and keeps a guest's gift with the session's enrolment", async () => {
    const kept: Array<Record<string, unknown>> = [];
    const program = createDonation(
      input({
        donor: { details: { name: "Aminah", email: "given@example.com" }, taxId: undefined },
      }),
    );
    const created = await Effect.runPromise(
      Effect.provide(
        program,
        ports(
          (given) => (
            kept.push(given as Record<string, unknown>),
            Promise.resolve({ donation, clientSecret: "s", replayed: true })
          ),
          () =>
            Promise.resolve({
              ...guest,
              enrolment: {
                particulars: {
                  name: "Enrolled",
                  email: "enrolled@example.com",
                  mobile: "91234567",
                },
                idEncrypted: Buffer.from("e"),
                idHash: Buffer.from("h"),
              },
            }),
        ),
      ),
    );
    expect(created).toEqual({ donation: { ...donation, clientSecret: "s" }, replayed: true });
    expect(kept[0]).toMatchObject({
      idempotencyKey: "key-1",
      total: 4_000,
      amounts: { fidyah: 4_000 },
      frequency: "one time",
      ratesVersion: 3,
      donorId: null,
      guestSessionId: "g-1",
      // Checkout's e-mail is where the mail goes; the enrolment's name and mobile stay the gift's.
      giftEmail: "given@example.com",
      particulars: { name: "Enrolled", email: "given@example.com", mobile: "91234567" },
      donorIdEncrypted: Buffer.from("e"),
      donorIdHash: Buffer.from("h"),
      request: { owner: { donorId: null, guestSessionId: "g-1" } },
    });
  });

  it("answers an idempotency key replayed with another request as a 409 conflict", async () => {
    const program = createDonation(input());
    const refused = await refusal(
      Effect.provide(
        program,
        ports(
          () => Promise.reject(new IdempotencyConflict()),
          () => Promise.resolve({ kind: "donor", donorId: "p-1", email: "p@x.sg" }),
        ),
      ),
    );
    expect(refused).toMatchObject({ code: "idempotency.conflict" });
  });
});
