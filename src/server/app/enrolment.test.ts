import { Effect, Layer } from "effect";
import { describe, expect, it } from "vitest";
import { ClockFixed, IdsTest, TERMS_VERSION, testLayerFor, type Clock } from "@portal/domain";
import type { DonorDetailsInput, GuestSession } from "@portal/adapters/db";
import type { MyInfoPerson } from "@portal/adapters/singpass";
import {
  agreementTo,
  agreeToTerms,
  attachGuestSession,
  enrolManually,
  type Enrollee,
} from "./enrolment";
import {
  DonorRecords,
  NricProofRecords,
  SessionRecords,
  SingpassLoginRecords,
  SingpassProvider,
  TermsRecords,
} from "./ports";
import { Caller, type CallerPort } from "./caller";
import { Refused } from "./refused";
import { enrolWithSingpass, finishSingpassLogin } from "./singpass";

const NOW = Date.UTC(2026, 2, 1, 4, 0, 0);
const refusal = (effect: Effect.Effect<unknown, Refused>) => Effect.runPromise(Effect.flip(effect));

const details: DonorDetailsInput = { kind: "individual", name: "Aminah", nric: "S1234567D" };

/** Repositories that write down what they were asked. */
const recording = (seen: Array<unknown>) =>
  Layer.mergeAll(
    testLayerFor(DonorRecords, "DonorRecords", ["enrolGuest", "updateProfile"], {
      enrolGuest: async (...args) => void seen.push(["enrolGuest", ...args]),
      updateProfile: async (...args) => void seen.push(["updateProfile", ...args]),
    }),
    testLayerFor(TermsRecords, "TermsRecords", ["agree"], {
      agree: async (...args) => void seen.push(["agree", ...args]),
    }),
  );

describe("attachGuestSession", () => {
  it("keeps the live session a request holds and starts one only when there is none", async () => {
    const live: GuestSession = { id: "g-1", expiresAt: new Date(NOW) };
    const started = { token: "t", session: { id: "g-2", expiresAt: new Date(NOW) } };
    const sessions = testLayerFor(SessionRecords, "SessionRecords", ["start"], {
      start: () => Promise.resolve(started),
    });
    const run = (current: GuestSession | undefined) =>
      Effect.runPromise(Effect.provide(attachGuestSession(current), sessions));
    expect(await run(live)).toEqual({ session: live });
    expect(await run(undefined)).toEqual(started);
  });
});

/** The request's caller, as the router hands it to a use case. */
const callerLayer = (caller: Partial<CallerPort>) =>
  testLayerFor(
    Caller,
    "Caller",
    ["giver", "enrollee", "signedInDonor", "signedInIdentity"],
    caller,
  );

describe("enrolManually", () => {
  const guest = (): Promise<Enrollee> => Promise.resolve({ kind: "guest", guestSessionId: "g-1" });

  it("holds a guest's details for the session, with the terms agreed now on the portal's clock", async () => {
    const seen: Array<unknown> = [];
    const answer = await Effect.runPromise(
      Effect.provide(
        enrolManually({ details, termsVersion: TERMS_VERSION }),
        Layer.mergeAll(recording(seen), ClockFixed(NOW), callerLayer({ enrollee: guest })),
      ),
    );
    expect(answer).toEqual({ enrolmentId: 1 });
    expect(seen).toEqual([
      [
        "enrolGuest",
        "g-1",
        details,
        "Manually",
        { version: TERMS_VERSION, agreedAt: new Date(NOW).toISOString() },
      ],
    ]);
  });

  it("updates a signed-in donor's own details and keeps no agreement that names no version", async () => {
    const seen: Array<unknown> = [];
    const donor = (): Promise<Enrollee> =>
      Promise.resolve({ kind: "donor", donorId: "p-1", donorKind: "corporate" });
    const answer = await Effect.runPromise(
      Effect.provide(
        enrolManually({ details, termsVersion: "not a version!" }),
        Layer.mergeAll(recording(seen), ClockFixed(NOW), callerLayer({ enrollee: donor })),
      ),
    );
    expect(answer).toEqual({ enrolmentId: 2 });
    expect(seen).toEqual([["updateProfile", "p-1", details]]);
  });

  it("refuses a date of birth after now on the portal's clock, before asking who calls", async () => {
    let asked = false;
    const tomorrow = "02/03/2026";
    const program = enrolManually({
      details: { ...details, profile: { dateOfBirth: tomorrow } },
      termsVersion: undefined,
    });
    const refused = await refusal(
      Effect.provide(
        program,
        Layer.mergeAll(
          recording([]),
          ClockFixed(NOW),
          callerLayer({ enrollee: () => ((asked = true), guest()) }),
        ),
      ),
    );
    expect(refused).toBeInstanceOf(Refused);
    expect(refused.code).toMatch(/^validation\./);
    expect(asked).toBe(false);
    // The same date is in the past once the portal's clock has passed it.
    const later = enrolManually({
      details: { ...details, profile: { dateOfBirth: tomorrow } },
      termsVersion: undefined,
    });
    await Effect.runPromise(
      Effect.provide(
        later,
        Layer.mergeAll(
          recording([]),
          ClockFixed(NOW + 2 * 86_400_000),
          callerLayer({ enrollee: guest }),
        ),
      ),
    );
  });
});

describe("the agreement to the terms at a registration's NRIC step", () => {
  it("is the current terms agreed at the portal's clock's time, or terms.required", async () => {
    const agreement = await Effect.runPromise(
      Effect.provide(agreementTo(TERMS_VERSION), ClockFixed(NOW)),
    );
    expect(agreement).toEqual({ version: TERMS_VERSION, agreedAt: new Date(NOW).toISOString() });
    const refused = await refusal(Effect.provide(agreementTo("1999-01"), ClockFixed(NOW)));
    expect(refused).toMatchObject({ code: "terms.required" });
  });

  it("becomes the donor's at the clock's time, and a version no form sends is not kept", async () => {
    const seen: Array<unknown> = [];
    const later = NOW + 30 * 86_400_000;
    await Effect.runPromise(
      Effect.provide(
        Effect.andThen(agreeToTerms("p-1", TERMS_VERSION), agreeToTerms("p-2", "not a version!")),
        Layer.mergeAll(recording(seen), ClockFixed(later)),
      ),
    );
    expect(seen).toEqual([["agree", "p-1", TERMS_VERSION, new Date(later)]]);
  });
});

const person = { nric: "S1234567D", name: "TAN AH KOW" } as MyInfoPerson;

describe("finishSingpassLogin", () => {
  const login = {
    step: "singpass" as const,
    secrets: {
      nonce: "n",
      codeVerifier: "v",
      dpopKey: { kty: "EC" },
      redirectUri: "https://zakat.example/singpass",
      lang: "ms" as const,
    },
  };
  const ports = (seen: Array<unknown>, taken: typeof login | undefined = login) =>
    Layer.mergeAll(
      testLayerFor(SingpassLoginRecords, "SingpassLoginRecords", ["take", "save"], {
        take: async () => taken,
        save: async (...args) => void seen.push(["save", ...args]),
      }),
      testLayerFor(SingpassProvider, "SingpassProvider", ["finishLogin"], {
        finishLogin: async () => ({ person }),
      }),
      IdsTest({ newToken: () => Effect.succeed("ready-token") }),
    );

  it("keeps the Myinfo person sealed under a new token from the Ids port", async () => {
    const seen: Array<unknown> = [];
    const program = finishSingpassLogin("g-1", { state: "st", code: "c" });
    const answer = await Effect.runPromise(Effect.provide(program, ports(seen)));
    expect(answer).toEqual({ lang: "ms" });
    expect(seen).toEqual([
      ["save", "g-1", "ready-token", "ready", { nric: person.nric, person, lang: "ms" }],
    ]);
  });

  it("refuses a state at another step (used, or never Singpass's), and says so when the donor cancelled at Singpass", async () => {
    const used = finishSingpassLogin("g-1", { state: "st", code: "c" });
    expect(
      await refusal(Effect.provide(used, ports([], { ...login, step: "ready" as never }))),
    ).toMatchObject({
      code: "singpass.state",
    });
    const cancelled = finishSingpassLogin("g-1", { state: "st", error: "access_denied" });
    expect(await refusal(Effect.provide(cancelled, ports([])))).toMatchObject({
      code: "singpass.cancelled",
    });
  });
});

describe("enrolWithSingpass", () => {
  const ready = (seen: Array<unknown>) =>
    testLayerFor(SingpassLoginRecords, "SingpassLoginRecords", ["ready", "finish"], {
      ready: async () => ({ nric: person.nric, person, lang: "en" as const }),
      finish: async (...args) => void seen.push(["finish", ...args]),
    });
  const run = (
    signedIn: (() => Promise<{ issuer: string; subject: string }>) | undefined,
    seen: Array<unknown>,
    termsVersion: string | undefined,
  ) =>
    Effect.provide(
      enrolWithSingpass({
        guestSessionId: "g-1",
        details: (given, nric) => ({ ...details, name: given.name, nric }),
        termsVersion,
      }),
      Layer.mergeAll(
        callerLayer({
          signedInIdentity: (signedIn ?? (async () => undefined)) as CallerPort["signedInIdentity"],
        }),
        ready(seen),
        recording(seen),
        ClockFixed(NOW) as Layer.Layer<Clock>,
        testLayerFor(NricProofRecords, "NricProofRecords", ["prove"], {
          prove: async (...args) => (seen.push(["prove", ...args]), { donorId: "p-9" }) as never,
        }),
      ),
    );

  it("holds a guest's Singpass enrolment with the terms, then ends the login", async () => {
    const seen: Array<unknown> = [];
    await Effect.runPromise(run(undefined, seen, TERMS_VERSION));
    const agreed = { version: TERMS_VERSION, agreedAt: new Date(NOW).toISOString() };
    expect(seen).toEqual([
      ["enrolGuest", "g-1", { ...details, name: person.name }, "Singpass", agreed],
      ["finish", "g-1"],
    ]);
  });

  it("gives a signed-in donor the NRIC Singpass proved, and refuses without the terms", async () => {
    const seen: Array<unknown> = [];
    const identity = { issuer: "cognito", subject: "sub-1" };
    await Effect.runPromise(run(async () => identity, seen, TERMS_VERSION));
    expect(seen).toEqual([
      ["prove", identity, { ...details, name: person.name, nric: person.nric }],
      ["agree", "p-9", TERMS_VERSION, new Date(NOW)],
      ["finish", "g-1"],
    ]);
    expect(await refusal(run(undefined, [], undefined))).toMatchObject({
      code: "terms.required",
    });
  });
});
