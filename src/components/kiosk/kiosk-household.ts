import {
  householdProblems,
  KIOSK_HOUSEHOLD_FUNDS,
  type Cents,
  type HouseholdLine,
  type HouseholdRates,
} from "@portal/domain";
import type { HouseholdForm } from "../ui/household/household-form";
import type { HouseholdLabels } from "../ui/household/labels";

// The kiosk's household (docs/counter.md "Kiosks"): for fitrah and fidyah the payer may press "Name
// each person" and fill in the shared household form (src/components/ui/household/, loaded only when
// pressed) in place of the persons count or the amount. Its lines are what the kiosk signs; the server
// prices each person again at the current rates.

export interface KioskHousehold {
  /** Whether the payer names each person (the form is shown and its lines are the order). */
  readonly named: () => boolean;
  /** The household's total, or undefined while a person is incomplete (or the form is loading). */
  readonly total: () => Cents | undefined;
  /** Each person's line of the fund paid, as the kiosk signs them. */
  readonly lines: () => ReadonlyArray<HouseholdLine>;
  /** Show each person's problem beside their field and focus the first; true when there are none. */
  readonly check: () => boolean;
  /** A fund chosen (a new one starts with the count; the same one, after new rates, keeps the people). */
  readonly setFund: (fund: string, rates: HouseholdRates | undefined) => void;
  /** Forget the people (the next payer sees nothing of the last). */
  readonly reset: () => void;
}

export const kioskHousehold = (options: {
  readonly labels: HouseholdLabels;
  /** The amount screen's title while people are named ("Who are you paying for?"). */
  readonly title: string;
  readonly onChange: () => void;
}): KioskHousehold => {
  const toggle = document.querySelector<HTMLButtonElement>("[data-kiosk-household-toggle]")!;
  const root = document.querySelector<HTMLElement>("[data-kiosk-household]")!;
  const counts = [
    document.querySelector<HTMLElement>("[data-kiosk-persons]")!,
    document.querySelector<HTMLElement>("[data-kiosk-amount]")!,
  ];
  let fund = "";
  let rates: HouseholdRates | undefined;
  let form: HouseholdForm | undefined;
  let named = false;
  const title = document.querySelector<HTMLElement>("[data-kiosk-amount-title]")!;
  /** The count's title ("How many persons?") while the named people's is shown. */
  let countTitle: string | undefined;

  const item = () => (fund === "fidyah" ? "fidyah" : "fitrah");
  const show = (on: boolean) => {
    named = on;
    toggle.setAttribute("aria-pressed", String(on));
    root.hidden = !on;
    if (on) {
      countTitle ??= title.textContent ?? "";
      title.textContent = options.title;
    } else if (countTitle !== undefined) {
      title.textContent = countTitle;
    }
    if (!on) countTitle = undefined;
    // The count (fitrah) or the amount (fidyah) is the other way: shown only when nobody is named.
    counts[0]!.hidden = on || fund !== "fitrah";
    counts[1]!.hidden = on || fund === "fitrah";
    options.onChange();
  };

  toggle.addEventListener("click", () => {
    if (named) return show(false);
    if (!rates) return;
    const at = rates;
    show(true);
    if (form) {
      root.querySelector("input")?.focus();
      return;
    }
    void import("../ui/household/household-form").then(({ mountHousehold }) => {
      form = mountHousehold(root, {
        labels: options.labels,
        rates: at,
        items: [item()],
        onChange: options.onChange,
      });
      root.querySelector("input")?.focus();
      options.onChange();
    });
  });

  const reset = () => {
    fund = "";
    form = undefined;
    root.replaceChildren();
    show(false);
  };

  return {
    named: () => named,
    total: () => {
      if (!form || !rates || householdProblems(form.members(), rates).length > 0) return undefined;
      const cents = form.lines().total;
      return Number.isSafeInteger(cents) && cents > 0 ? (cents as Cents) : undefined;
    },
    lines: () => (form ? form.lines().items[item()] : []),
    check: () => form?.check() ?? false,
    setFund: (chosen, fresh) => {
      rates = fresh;
      toggle.hidden = !(KIOSK_HOUSEHOLD_FUNDS as ReadonlyArray<string>).includes(chosen);
      if (chosen === fund && form) {
        if (fresh) form.setRates(fresh);
        return show(named);
      }
      reset();
      fund = chosen;
      show(false);
    },
    reset,
  };
};
