import { fill } from "../../i18n/fill";
import type { DeviceRecord } from "../../lib/counter-store";
import type { CounterLabelKey, CounterLabels } from "./labels";

// What the counter page's sections share (counter-page.ts, counter-amil.ts, counter-sync.ts): the
// words, the page's elements, the device's record as the page holds it now, and redrawing.

export interface CounterContext {
  readonly labels: CounterLabels;
  readonly t: (key: CounterLabelKey, values?: Record<string, string | number>) => string;
  readonly $: <E extends HTMLElement>(selector: string) => E;
  /** Show (or clear, with "") a form's problem, and move the focus to it. */
  readonly problem: (form: HTMLElement, text: string) => void;
  readonly record: () => DeviceRecord | undefined;
  readonly setRecord: (record: DeviceRecord | undefined) => void;
  /** Show the sections the device's state allows (set up, amil, take a payment, queue). */
  readonly drawDevice: () => void;
}

export const counterContext = (
  labels: CounterLabels,
  state: Pick<CounterContext, "record" | "setRecord" | "drawDevice">,
): CounterContext => ({
  labels,
  t: (key, values = {}) =>
    fill(
      labels[key],
      Object.fromEntries(Object.entries(values).map(([name, value]) => [name, String(value)])),
    ),
  $: <E extends HTMLElement>(selector: string) => document.querySelector<E>(selector)!,
  problem: (form, text) => {
    const box = form.querySelector<HTMLElement>("[data-problem]")!;
    box.textContent = text;
    box.hidden = text === "";
    if (text !== "") box.focus();
  },
  ...state,
});
