import { useEffect, useRef, useState } from "react";
import { type CheckoutOrder, type HouseholdItem, type RateConfig } from "@portal/domain";
import { Checkbox } from "../ui/Checkbox";
import type { HouseholdForm } from "../ui/household/household-form";
import { splitOrder, type SplitOrder } from "./household-order";
import type { CheckoutLabels } from "./labels";

// Named people at checkout (issues 32 and 33, one household form for checkout, counter and kiosk):
// the donor may name each person they pay for, with what the fund pays for them (zakat: fitrah and
// harta; fidyah: days); the order's lines are then the people's, each named on the receipt. The form
// is the counter's own (plain DOM, mounted here).

/** The people a signed-in donor keeps (docs/households.md), offered in the household form. */
export type SavedPeople = ReadonlyArray<{
  readonly id: string;
  readonly name: string;
  readonly relation: string;
}>;
/** A guest keeps no household (one list, so the form is not mounted again at each draw). */
export const NO_HOUSEHOLD: SavedPeople = [];

/** The household the donor names, if any: what it makes of the order, and its check before paying. */
export function useHousehold() {
  const [form, setForm] = useState<HouseholdForm | null>(null);
  // Each change draws again: the order's fitrah line and total follow the people named.
  const [, changed] = useState(0);
  return {
    form,
    attach: (next: HouseholdForm | null) => {
      setForm(next);
      changed((n) => n + 1);
    },
    changed: () => changed((n) => n + 1),
    /**
     * The order as the people named make it (as it was until they are complete), and in the zakat
     * checkout their days of fidyah as a fidyah order of its own (household-order.ts).
     */
    apply: (order: CheckoutOrder | null, rates: RateConfig | null): SplitOrder =>
      splitOrder(order, form ? form.members() : null, rates),
    /** Whether paying may go on: no household, or one whose people are all complete (else said). */
    ready: () => form === null || form.check(),
  };
}

export type Household = ReturnType<typeof useHousehold>;

export function HouseholdSection(props: {
  readonly labels: CheckoutLabels;
  readonly rates: RateConfig | null;
  readonly household: Household;
  /** The people a signed-in donor keeps (none for a guest), offered in the form to add. */
  readonly saved: SavedPeople;
  /** What the fund pays for a named person (`householdItemsOf(flow)`). */
  readonly items: ReadonlyArray<HouseholdItem>;
}) {
  const { labels: l, rates, household, saved, items } = props;
  const fidyah = !items.includes("fitrah");
  const [named, setNamed] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const { attach, changed } = household;
  useEffect(() => {
    const root = box.current;
    if (!named || !root || !rates) return;
    let gone = false;
    // The form loads when the donor chooses to name people: no other donor carries it.
    // The people the donor keeps (signed in) are offered above it, from their own lazy chunk.
    void Promise.all([
      import("../ui/household/household-form"),
      saved.length > 0 ? import("../ui/household/household-form-saved") : null,
    ]).then(([{ mountHousehold }, offer]) => {
      if (gone) return;
      const form = mountHousehold(root, { labels: l, rates, items, onChange: changed });
      offer?.offerSaved(root, form, saved, l);
      attach(form);
      root.querySelector<HTMLElement>(".household-person input")?.focus();
    });
    return () => {
      gone = true;
      attach(null);
      root.replaceChildren();
    };
    // Mounted once per choice to name the people (and per rates read and people kept); attach and
    // changed only set state.
  }, [named, rates, saved, items.join()]);
  return (
    <section className="calc-card household" aria-labelledby="household-title">
      <h2 id="household-title">
        {fidyah ? l.household_checkout_title_fidyah : l.household_checkout_title}
      </h2>
      <Checkbox
        label={
          fidyah
            ? l.household_checkout_toggle_fidyah
            : items.includes("fidyah")
              ? l.household_checkout_toggle_order
              : l.household_checkout_toggle
        }
        checked={named}
        onChange={setNamed}
        testId="household-toggle"
      />
      <div ref={box} hidden={!named} />
    </section>
  );
}
