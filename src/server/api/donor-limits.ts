import { rateLimit, type RateLimit } from "../rate-limit";
import { shared } from "../shared";
import { enforceLimits } from "./rate-limit";

/**
 * Limits on the donor calls that take an NRIC or answer whether an NRIC or a mobile number is in use,
 * and on registering a sign-in: per caller (a sign-in's token subject; for the guest's holdSocialNric,
 * its guest session) and per client address, each per hour, in this process's memory (see
 * rate-limit.ts). With them a stolen or fresh sign-in cannot walk the NRIC space: ten NRIC checks an
 * hour per account, thirty per address.
 */
const donorCallLimits = {
  checkCognitoNricExists: { perCaller: 10, perAddress: 30 },
  checkCognitoMobileExists: { perCaller: 20, perAddress: 60 },
  registerCognitoUser: { perCaller: 10, perAddress: 30 },
  holdSocialNric: { perCaller: 10, perAddress: 30 },
} as const;

const HOUR = 60 * 60_000;

type LimitedCall = keyof typeof donorCallLimits;

const limiters = () =>
  shared("donorCallLimits", () => {
    const made = new Map<string, RateLimit>();
    for (const [call, limits] of Object.entries(donorCallLimits)) {
      made.set(`${call}:caller`, rateLimit({ limit: limits.perCaller, windowMs: HOUR }));
      made.set(`${call}:address`, rateLimit({ limit: limits.perAddress, windowMs: HOUR }));
    }
    return made;
  });

/** Count one call; over either limit, 429 `rate.limited` with `retry-after`. */
export function limitDonorCall(call: LimitedCall, caller: string, clientAddress: string): void {
  const all = limiters();
  enforceLimits([
    [all.get(`${call}:caller`), caller],
    [all.get(`${call}:address`), clientAddress],
  ]);
}
