import { enforceLimits, type LimitStore } from "./shared";

/**
 * Limits on the donor calls that take an NRIC or answer whether an NRIC or a mobile number is in use,
 * and on registering a sign-in: per caller (a sign-in's token subject; for the guest's holdSocialNric,
 * its guest session) and per client address, each per hour, counted in the database for every
 * instance together (see shared.ts). With them a stolen or fresh sign-in cannot walk the NRIC space: ten NRIC checks an
 * hour per account, thirty per address.
 */
const donorCallLimits = {
  checkCognitoNricExists: { perCaller: 10, perAddress: 30 },
  checkCognitoMobileExists: { perCaller: 20, perAddress: 60 },
  // A mobile change answers "mobile exists" too.
  updateCognitoUser: { perCaller: 20, perAddress: 60 },
  registerCognitoUser: { perCaller: 10, perAddress: 30 },
  holdSocialNric: { perCaller: 10, perAddress: 30 },
} as const;

const HOUR = 60 * 60_000;

type LimitedCall = keyof typeof donorCallLimits;

/** Count one call; over either limit, 429 `rate.limited` with `retry-after`. */
export async function limitDonorCall(
  store: LimitStore,
  call: LimitedCall,
  caller: string,
  clientAddress: string,
): Promise<void> {
  const limits = donorCallLimits[call];
  await enforceLimits(store, [
    [{ name: `${call}:caller`, limit: limits.perCaller, windowMs: HOUR }, caller],
    [{ name: `${call}:address`, limit: limits.perAddress, windowMs: HOUR }, clientAddress],
  ]);
}
