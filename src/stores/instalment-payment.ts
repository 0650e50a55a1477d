import { readStored, removeStored, writeStored } from "./session-storage";

/** The tab's key for a payment of an instalment plan the account page sent to checkout. */
const KEY = "portal.instalmentPayment";

/**
 * A payment of the donor's instalment plan (docs/instalments.md): which plan, which part and the
 * amount the plan says. Checkout uses it only when its address names the same plan
 * (`?flow=zakat&instalment=<id>`); the server checks the amount against the plan again.
 */
export interface InstalmentPayment {
  readonly planId: string;
  readonly part: "first" | "settle";
  readonly amountCents: number;
}

export const writeInstalmentPayment = (payment: InstalmentPayment): void =>
  writeStored(KEY, payment);

/** The stored payment of the plan the address names, or undefined. */
export const readInstalmentPayment = (planId: string | null): InstalmentPayment | undefined => {
  const stored = readStored(KEY) as Partial<InstalmentPayment> | undefined;
  if (
    !planId ||
    !stored ||
    stored.planId !== planId ||
    (stored.part !== "first" && stored.part !== "settle") ||
    !Number.isSafeInteger(stored.amountCents) ||
    (stored.amountCents ?? 0) <= 0
  )
    return undefined;
  return { planId, part: stored.part, amountCents: stored.amountCents as number };
};

export const clearInstalmentPayment = (): void => removeStored(KEY);
