import { Effect, Layer } from "effect";
import { describe, expect, it } from "vitest";
import { AccountsTest, type Account } from "../ports/accounts.ts";
import {
  SocialRegistrationTest,
  type SocialRegistrationShape,
} from "../ports/social-registration.ts";
import { socialReturn } from "./social-return.ts";

const account: Account = {
  name: "Aminah Google",
  email: "aminah@gmail.com",
  federated: true,
  attributes: { sub: "sub-1", name: "Aminah Google", email: "aminah@gmail.com" },
};

/**
 * A fake identity layer and a fake portal that holds (or not) the NRIC the donor gave, recording what
 * the rules did to the account and to the held NRIC.
 */
const run = (held: boolean, portal: Partial<SocialRegistrationShape>) => {
  const done: string[] = [];
  const layer = Layer.mergeAll(
    AccountsTest({
      deleteAccount: () => Effect.sync(() => void done.push("deleted")),
      updateAttributes: (attributes) =>
        Effect.sync(() => void done.push(`updated ${JSON.stringify(attributes)}`)),
    }),
    SocialRegistrationTest({
      nricHeld: () => Effect.succeed(held),
      forgetNric: () => Effect.sync(() => void done.push("nric forgotten")),
      ...portal,
    }),
  );
  return Effect.runPromise(Effect.provide(socialReturn({ account }), layer)).then((outcome) => ({
    outcome,
    done,
  }));
};

const updated =
  'updated {"custom:BUSINESS_ACC":"No","email":"aminah@gmail.com","name":"Aminah Google"}';

describe("after a social sign-in returns (§4)", () => {
  it("a held NRIC with an e-mail that has two sign-ins is pre-registered: the new account is deleted, the NRIC dropped", async () => {
    const { outcome, done } = await run(true, { accountCount: () => Effect.succeed(2) });
    expect(outcome).toEqual({ kind: "preRegistered" });
    expect(done).toEqual(["nric forgotten", "deleted"]);
  });

  it("a held NRIC updates the attributes and registers the account with it; a refusal is reported", async () => {
    let registrations = 0;
    const ok = await run(true, {
      accountCount: () => Effect.succeed(1),
      registerHeldNric: () => Effect.sync(() => (registrations++, 0)),
    });
    expect(ok.outcome).toEqual({ kind: "registered", ok: true });
    expect(ok.done).toEqual([updated]);
    expect(registrations).toBe(1);
    const refused = await run(true, {
      accountCount: () => Effect.succeed(1),
      registerHeldNric: () => Effect.succeed(1),
    });
    expect(refused.outcome).toEqual({ kind: "registered", ok: false });
    expect(refused.done).toEqual([updated]);
  });

  it("a held NRIC that expired before it was used counts as none: a registered donor is signed in, anyone else refused", async () => {
    const donor = await run(true, {
      accountCount: () => Effect.succeed(1),
      registerHeldNric: () => Effect.succeed(null),
      registeredDonor: () =>
        Effect.succeed({ name: "Aminah binte Ali", userId: "donor-9", email: "aminah@gmail.com" }),
    });
    expect(donor.outcome).toEqual({
      kind: "profile",
      profile: { name: "Aminah binte Ali", userId: "donor-9", email: "aminah@gmail.com" },
    });
    const stranger = await run(true, {
      accountCount: () => Effect.succeed(1),
      registerHeldNric: () => Effect.succeed(null),
      registeredDonor: () => Effect.succeed(null),
    });
    expect(stranger.outcome).toEqual({ kind: "unauthorised" });
    expect(stranger.done).toEqual([updated, "deleted"]);
  });

  it("a registered donor gets the portal's profile, with the token's name and id where it has none", async () => {
    const full = await run(false, {
      registeredDonor: () =>
        Effect.succeed({ name: "Aminah binte Ali", userId: "donor-9", email: "aminah@gmail.com" }),
    });
    expect(full.outcome).toEqual({
      kind: "profile",
      profile: { name: "Aminah binte Ali", userId: "donor-9", email: "aminah@gmail.com" },
    });
    const bare = await run(false, {
      registeredDonor: () => Effect.succeed({ name: "", userId: "", email: "" }),
    });
    expect(bare.outcome).toEqual({
      kind: "profile",
      profile: { name: "Aminah Google", userId: "sub-1", email: "aminah@gmail.com" },
    });
    expect(bare.done).toEqual([]);
  });

  it("no held NRIC and no registered donor is unauthorised, and the account is deleted", async () => {
    const { outcome, done } = await run(false, { registeredDonor: () => Effect.succeed(null) });
    expect(outcome).toEqual({ kind: "unauthorised" });
    expect(done).toEqual(["deleted"]);
  });
});
