import { randomUUID } from "node:crypto";
import type { Cents, FlowType } from "@portal/domain";

/**
 * A donation as the payment records take it (`payments(sql, key).create`), made by a guest named
 * Aminah: one fund's `item` for `cents`, given once, at rates version 1; `more` adds or overrides
 * (the guest session, the frequency, what the request was).
 */
export const donationInput = <M extends Record<string, unknown>>(
  flow: FlowType,
  item: string,
  cents: number,
  more: M = {} as M,
) => ({
  idempotencyKey: randomUUID(),
  request: { amount: cents },
  flow,
  amounts: { [item]: cents as Cents },
  total: cents as Cents,
  inputs: {},
  donorDetails: { name: "Aminah", email: "a@example.com", anonymous: false },
  frequency: "one time",
  ratesVersion: 1,
  ...more,
});
