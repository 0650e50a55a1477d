import {
  fundOf,
  fidyahOrder,
  homePath,
  kaffarahOrder,
  wakafOrder,
  zakatOrder,
  type CheckoutOrder,
  type FlowType,
  type RateConfig,
} from "@portal/domain";
import { resetCalculator, restoreCalculator } from "../../stores/calculator";
import { clearInstalmentPayment, readInstalmentPayment } from "../../stores/instalment-payment";
import { readStored, storageKeys } from "../../stores/session-storage";
import { resetDonationWidget, restoreDonationWidget } from "../../stores/donation-widget";
import { resetFidyah, restoreFidyah } from "../../stores/fidyah";
import { resetKaffarah, restoreKaffarah } from "../../stores/kaffarah";

/** What the flow's giving page left in this tab, as an order priced with `rates`. */
export const orderFromStores = (flow: FlowType, rates: RateConfig): CheckoutOrder => {
  switch (flow) {
    case "ZAKAT": {
      // A payment of the donor's instalment plan: zakat harta of the plan's amount (docs/instalments.md).
      const instalment = instalmentOfPage();
      if (instalment) {
        const amount = instalment.amountCents as CheckoutOrder["total"];
        return {
          flow,
          items: { harta: amount },
          lines: [{ kind: "harta", amount }],
          total: amount,
        };
      }
      const snapshot = restoreCalculator(rates);
      return snapshot
        ? zakatOrder(snapshot.state, rates)
        : { flow, items: {}, lines: [], total: 0 as CheckoutOrder["total"] };
    }
    case "FIDYAH": {
      const snapshot = restoreFidyah(rates);
      return snapshot
        ? fidyahOrder(snapshot.state)
        : { flow, items: {}, lines: [], total: 0 as CheckoutOrder["total"] };
    }
    case "KAFFARAH": {
      const snapshot = restoreKaffarah(rates);
      return snapshot
        ? kaffarahOrder(snapshot.state)
        : { flow, items: {}, lines: [], total: 0 as CheckoutOrder["total"] };
    }
    default: {
      // Every other fund is a gift of a chosen amount (the registry's `amount` item).
      const limit = fundOf(flow).limits;
      const snapshot = restoreDonationWidget(flow, { minAmount: limit.min, maxAmount: limit.max });
      return wakafOrder(flow, snapshot.state.cause.donationAmount);
    }
  }
};

/** After a passed transaction the giving pages start afresh (spec §4). */
export const clearGivingEntries = (): void => {
  clearInstalmentPayment();
  resetCalculator();
  resetFidyah();
  resetKaffarah();
  resetDonationWidget();
};

/** Whether any giving page holds entries in this tab (a new gift since the last passed payment). */
export const hasGivingEntries = (): boolean =>
  Object.values(storageKeys).some((key) => readStored(key) !== undefined) ||
  instalmentOfPage() !== undefined;

/** Where the flow's giving page is, for "back". */
export const givingPathOf = (flow: FlowType, productRoute: string): string =>
  flow === "ZAKAT" ? "/calculator" : homePath(flow, productRoute);

/** The instalment plan payment this checkout is for: its address names the plan the tab stored. */
export const instalmentOfPage = () =>
  typeof window === "undefined"
    ? undefined
    : readInstalmentPayment(new URLSearchParams(window.location.search).get("instalment"));

/** The instalment plan payment of this checkout: zakat's only (docs/instalments.md). */
export const instalmentOfFlow = (flow: FlowType) =>
  flow === "ZAKAT" ? instalmentOfPage() : undefined;

/** What create sends for this page's instalment plan payment (none on other pages). */
export const instalmentRequest = (flow: FlowType) => {
  const plan = instalmentOfFlow(flow);
  return plan ? { instalment: { planId: plan.planId, part: plan.part } } : {};
};
