import { Effect, Layer } from "effect";
import { describe, expect, it } from "vitest";
import { ClockFixed, TERMS_VERSION, testLayerFor } from "@portal/domain";
import type { DonorDetailsInput, DonorView, Identity, RegisterOutcome } from "@portal/adapters/db";
import {
  AccountRecords,
  cancelPlan,
  completeSignUp,
  PlanRecords,
  registerDonor,
  SignUpRecords,
  type CancelOutcome,
} from "./account";
import { TermsRecords } from "./ports";
import type { Refused } from "./refused";

const NOW = Date.UTC(2026, 2, 1, 4, 0, 0);
const refusal = (effect: Effect.Effect<unknown, Refused>) => Effect.runPromise(Effect.flip(effect));

const identity: Identity = {
  issuer: "https://idp.example",
  subject: "sub-1",
  email: "aminah@example.sg",
  emailVerified: true,
};
const details: DonorDetailsInput = { kind: "individual", name: "Aminah", nric: "S1234567D" };
const donor = { id: "donor-1" } as DonorView;

/**
 * The account's repositories, answering `outcome` to a registration (or each of `outcome` in turn) and
 * writing down each call.
 */
const accounts = (
  seen: Array<unknown>,
  outcome: RegisterOutcome | ReadonlyArray<RegisterOutcome>,
  kept?: DonorDetailsInput,
) => {
  const answers = typeof outcome === "string" ? [outcome] : [...outcome];
  let last: RegisterOutcome | undefined;
  return Layer.mergeAll(
    testLayerFor(AccountRecords, "AccountRecords", ["register", "byIdentity"], {
      register: async (...args) => {
        seen.push(["register", ...args]);
        last = answers.length > 1 ? answers.shift() : answers[0];
        return last ?? "registered";
      },
      byIdentity: async () =>
        last === "registered" || last === "alreadyRegistered" ? donor : undefined,
    }),
    testLayerFor(SignUpRecords, "SignUpRecords", ["find", "remove"], {
      find: async () => kept,
      remove: async (...args) => void seen.push(["remove", ...args]),
    }),
    testLayerFor(TermsRecords, "TermsRecords", ["agree", "carryOver"], {
      agree: async (...args) => void seen.push(["agree", ...args]),
      carryOver: async (...args) => void seen.push(["carryOver", ...args]),
    }),
    ClockFixed(NOW),
  );
};

describe("registerDonor", () => {
  it("registers the identity and keeps the terms agreed with the NRIC, at the portal's time", async () => {
    const seen: Array<unknown> = [];
    await Effect.runPromise(
      registerDonor({ identity, details, termsVersion: TERMS_VERSION }).pipe(
        Effect.provide(accounts(seen, "registered")),
      ),
    );
    expect(seen).toEqual([
      ["register", identity, details],
      ["agree", "donor-1", TERMS_VERSION, new Date(NOW)],
    ]);
  });

  it("refuses an NRIC or a mobile number another account holds, and agrees to nothing", async () => {
    for (const [outcome, code] of [
      ["nric.exists", "signup_failed_nric_exists"],
      ["mobile.exists", "validation.mobile.exists"],
    ] as const) {
      const seen: Array<unknown> = [];
      const refused = await refusal(
        registerDonor({ identity, details, termsVersion: TERMS_VERSION }).pipe(
          Effect.provide(accounts(seen, outcome)),
        ),
      );
      expect(refused.code).toBe(code);
      expect(seen.map((call) => (call as Array<unknown>)[0])).toEqual(["register"]);
    }
  });

  it("keeps no agreement when none came with the NRIC", async () => {
    const seen: Array<unknown> = [];
    await Effect.runPromise(
      registerDonor({ identity, details, termsVersion: undefined }).pipe(
        Effect.provide(accounts(seen, "alreadyRegistered")),
      ),
    );
    expect(seen).toEqual([["register", identity, details]]);
  });
});

describe("completeSignUp", () => {
  it("registers what the sign-up kept, with the proved e-mail, then forgets it and carries its terms over", async () => {
    const seen: Array<unknown> = [];
    const found = await Effect.runPromise(
      completeSignUp(identity).pipe(
        Effect.provide(accounts(seen, "registered", { ...details, email: "old@example.sg" })),
      ),
    );
    expect(found).toEqual({ donor });
    expect(seen).toEqual([
      ["register", identity, { ...details, email: "aminah@example.sg" }],
      ["remove", identity.issuer, identity.subject],
      ["carryOver", identity.issuer, identity.subject, "donor-1"],
    ]);
  });

  it("registers nothing, keeps the sign-up's details and says why when another account holds the NRIC or UEN", async () => {
    const company: DonorDetailsInput = { kind: "corporate", name: "Ahmad", uen: "201912345K" };
    for (const [kept, told] of [
      [details, "signup_failed_nric_exists"],
      [company, "signup_failed_uen_exists"],
    ] as const) {
      const seen: Array<unknown> = [];
      const found = await Effect.runPromise(
        completeSignUp(identity).pipe(Effect.provide(accounts(seen, "nric.exists", kept))),
      );
      expect(found).toEqual({ donor: undefined, told });
      expect(seen.map((call) => (call as Array<unknown>)[0])).toEqual(["register"]);
    }
  });

  it("registers without a mobile number another donor uses, and says so", async () => {
    const seen: Array<unknown> = [];
    const withMobile = { ...details, countryCode: "+65", mobile: "91234567" };
    const found = await Effect.runPromise(
      completeSignUp(identity).pipe(
        Effect.provide(accounts(seen, ["mobile.exists", "registered"], withMobile)),
      ),
    );
    expect(found).toEqual({ donor, told: "validation.mobile.exists" });
    expect(seen.slice(0, 3)).toEqual([
      ["register", identity, { ...withMobile, email: "aminah@example.sg" }],
      ["register", identity, { ...details, email: "aminah@example.sg" }],
      ["remove", identity.issuer, identity.subject],
    ]);
  });

  it("does nothing for an account whose sign-up kept nothing", async () => {
    const seen: Array<unknown> = [];
    const found = await Effect.runPromise(
      completeSignUp(identity).pipe(Effect.provide(accounts(seen, "registered"))),
    );
    expect(found).toEqual({ donor: undefined });
    expect(seen).toEqual([]);
  });
});

describe("cancelPlan", () => {
  const plans = (seen: Array<unknown>, outcome: CancelOutcome) =>
    testLayerFor(PlanRecords, "PlanRecords", ["cancelOwn", "cancelByManageToken"], {
      cancelOwn: async (...args) => {
        seen.push(["cancelOwn", ...args]);
        return outcome;
      },
      cancelByManageToken: async (...args) => {
        seen.push(["cancelByManageToken", ...args]);
        return outcome;
      },
    });

  it("cancels the donor's own plan, or the one a manage link names; a cancelled one again is no error", async () => {
    const seen: Array<unknown> = [];
    await Effect.runPromise(
      cancelPlan({ transactionNo: "WK1", by: { donorId: "donor-1" } }).pipe(
        Effect.provide(plans(seen, "cancelled")),
      ),
    );
    await Effect.runPromise(
      cancelPlan({ transactionNo: "WK1", by: { manageToken: "tok" } }).pipe(
        Effect.provide(plans(seen, "alreadyCancelled")),
      ),
    );
    expect(seen).toEqual([
      ["cancelOwn", "donor-1", "WK1"],
      ["cancelByManageToken", "tok", "WK1"],
    ]);
  });

  it("says a gift not the caller's is not found, and a gift given once is not recurring", async () => {
    const missing = await refusal(
      cancelPlan({ transactionNo: "WK9", by: { donorId: "donor-2" } }).pipe(
        Effect.provide(plans([], undefined)),
      ),
    );
    expect(missing.code).toBe("transaction.notFound");
    const once = await refusal(
      cancelPlan({ transactionNo: "ZK1", by: { donorId: "donor-1" } }).pipe(
        Effect.provide(plans([], "notRecurring")),
      ),
    );
    expect(once.code).toBe("recurring.none");
  });
});
