import type { Cents, HaulWealth } from "@portal/domain";
import { storageKeys, writeStored } from "../../stores/session-storage";

// Paying zakat on one wealth from the account (the haul tracker, the year's ledger): the calculator's
// entries left for checkout in this tab.

/** A conventional policy (`INSURANCE_CONVENTIONAL`): zakat on its surrender value, the balance kept. */
const CONVENTIONAL = 1;

/**
 * The calculator's entries for zakat on `base` held in one wealth, as the calculator leaves them for
 * checkout in this tab (only that wealth's part: the rest is the calculator's initial state when
 * checkout restores it). Checkout, and then the server, price them again at the rates in force.
 */
export const payOn = (wealth: HaulWealth, base: Cents) => {
  const state =
    wealth === "savings"
      ? { savings: { accounts: [{ amount: base, interest: 0, remark: "" }], type: "savings" } }
      : wealth === "shares"
        ? { shares: { portfolios: [{ amount: base, remark: "" }], totalSharesAmount: 0 } }
        : wealth === "insurance"
          ? {
              insurance: { policies: [{ type: CONVENTIONAL, amount: base, remark: "" }] },
            }
          : { cpf: { ordinaryAccount: base } };
  writeStored(storageKeys.calculator, { state, ratesVersion: null });
};
