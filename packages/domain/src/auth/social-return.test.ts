import { Effect, Layer } from "effect";
import { describe, expect, it } from "vitest";
import { AccountsTest, type Account } from "../ports/accounts";
import { SocialRegistrationTest, type SocialRegistrationShape } from "../ports/social-registration";
import { socialReturn } from "./social-return";

const account: Account = {
  name: "Aminah Google",
  email: "aminah@gmail.com",
  federated: true,
  attributes: { sub: "sub-1", name: "Aminah Google", email: "aminah@gmail.com" },
};

/** A fake identity layer that records what the rules did to the account. */
const run = (storedNric: string | null, portal: Partial<SocialRegistrationShape>) => {
  const done: string[] = [];
  const layer = Layer.mergeAll(
    AccountsTest({
      deleteAccount: () => Effect.sync(() => void done.push("deleted")),
      updateAttributes: (attributes) =>
        Effect.sync(() => void done.push(`updated ${JSON.stringify(attributes)}`)),
    }),
    SocialRegistrationTest(portal),
  );
  return Effect.runPromise(Effect.provide(socialReturn({ storedNric, account }), layer)).then(
    (outcome) => ({ outcome, done }),
  );
};

describe("after a social sign-in returns (§4)", () => {
  it("a stored NRIC with an e-mail that has two sign-ins is pre-registered, and the new account is deleted", async () => {
    const { outcome, done } = await run("S1234567D", { accountCount: () => Effect.succeed(2) });
    expect(outcome).toEqual({ kind: "preRegistered" });
    expect(done).toEqual(["deleted"]);
  });

  it("a stored NRIC updates the attributes and registers the account; a refusal clears the stored NRIC", async () => {
    const registered: string[] = [];
    const ok = await run("S1234567D", {
      accountCount: () => Effect.succeed(1),
      register: (nric) => Effect.sync(() => (registered.push(nric), 0)),
    });
    expect(ok.outcome).toEqual({ kind: "registered", ok: true, clearStoredNric: false });
    expect(ok.done).toEqual([
      'updated {"custom:BUSINESS_ACC":"No","email":"aminah@gmail.com","name":"Aminah Google"}',
    ]);
    expect(registered).toEqual(["S1234567D"]);
    const refused = await run("S1234567D", {
      accountCount: () => Effect.succeed(1),
      register: () => Effect.succeed(1),
    });
    expect(refused.outcome).toEqual({ kind: "registered", ok: false, clearStoredNric: true });
  });

  it("a registered donor gets the portal's profile, with the token's name and id where it has none", async () => {
    const full = await run(null, {
      registeredDonor: () =>
        Effect.succeed({ name: "Aminah binte Ali", userId: "donor-9", email: "aminah@gmail.com" }),
    });
    expect(full.outcome).toEqual({
      kind: "profile",
      profile: { name: "Aminah binte Ali", userId: "donor-9", email: "aminah@gmail.com" },
    });
    const bare = await run(null, {
      registeredDonor: () => Effect.succeed({ name: "", userId: "", email: "" }),
    });
    expect(bare.outcome).toEqual({
      kind: "profile",
      profile: { name: "Aminah Google", userId: "sub-1", email: "aminah@gmail.com" },
    });
    expect(bare.done).toEqual([]);
  });

  it("no stored NRIC and no registered donor is unauthorised, and the account is deleted", async () => {
    const { outcome, done } = await run(null, { registeredDonor: () => Effect.succeed(null) });
    expect(outcome).toEqual({ kind: "unauthorised" });
    expect(done).toEqual(["deleted"]);
  });
});
