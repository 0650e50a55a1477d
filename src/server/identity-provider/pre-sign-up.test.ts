import { describe, expect, it } from "vitest";
import { clockOf, TERMS_VERSION } from "@portal/domain";
import type { IdentitySignups } from "@portal/adapters/db";
import { preSignUp, type PreSignUpEvent } from "./pre-sign-up";

const AT = Date.UTC(2026, 2, 1, 4, 0, 0);

const event = (validationData: Record<string, string>): PreSignUpEvent => ({
  triggerSource: "PreSignUp_SignUp",
  userPoolId: "pool",
  userName: "sub-1",
  request: {
    userAttributes: { email: "aminah@example.sg", name: "Aminah binte Ali" },
    validationData: { NRIC: "S1234567D", ...validationData },
  },
});

/** Sign-up records that write down what they were asked to keep. */
const recording = (seen: Array<unknown>): IdentitySignups => ({
  record: async (_provider, subject) => void seen.push(["record", subject]),
  remove: async () => {},
  agreeToTerms: async (...args) => void seen.push(["agreeToTerms", ...args]),
  find: async () => undefined,
});

describe("preSignUp", () => {
  it("keeps the sign-up form's agreement to the terms at the time of the clock it is given", async () => {
    const seen: Array<unknown> = [];
    await preSignUp(event({ TERMS_VERSION }), "https://issuer", {
      records: async () => recording(seen),
      clock: clockOf(() => AT),
    });
    expect(seen).toEqual([
      ["record", "sub-1"],
      ["agreeToTerms", "https://issuer", "sub-1", TERMS_VERSION, new Date(AT)],
    ]);
  });
});
