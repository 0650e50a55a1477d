import {
  formatMoney,
  householdLines,
  householdProblems,
  linesTotal,
  readMoney,
  HOUSEHOLD_MAX_FIDYAH_DAYS,
  HOUSEHOLD_MAX_MEMBERS,
  type Cents,
  type FitrahRateKind,
  type HouseholdItem,
  type HouseholdLine,
  type HouseholdMember,
  type HouseholdProblem,
  type HouseholdRates,
} from "@portal/domain";
import { fill } from "../../../i18n/fill";
import "./household.css";
import type { HouseholdLabels } from "./labels";

// The household form (issue 32, house.md: one household component for checkout, counter and kiosk):
// one payer names each person they pay for, with fitrah at the normal or higher rate or an own rate,
// days of fidyah and zakat harta. Plain DOM, so the counter app's small offline page and the React
// pages (through a ref) mount the same form; the rules are the domain's (`householdProblems`,
// `householdLines`), which the server runs again.

export interface HouseholdForm {
  /** The people as entered (amounts read as cents; what cannot be read is left for `check`). */
  readonly members: () => ReadonlyArray<HouseholdMember>;
  /** Show each person's problems beside their fields, focus the first; true when there are none. */
  readonly check: () => boolean;
  /** The lines per item at the rates, and their total: what the payer pays. */
  readonly lines: () => {
    readonly items: Readonly<Record<HouseholdItem, ReadonlyArray<HouseholdLine>>>;
    readonly total: number;
  };
  /** Back to one empty person. */
  readonly reset: () => void;
  /**
   * Name a person (in the first empty place, else a new one; none past the most a household names)
   * at the normal fitrah rate unless one is chosen; their element, or null when the list is full. A
   * person kept in the donor's account comes with their id: their name is then the kept one (not
   * typed over), and the server names them from the account again.
   */
  readonly name: (name: string, memberId?: string) => HTMLElement | null;
  /** New rates (the device read them again): prices shown and totals follow. */
  readonly setRates: (rates: HouseholdRates) => void;
}

const PROBLEM_FIELD: Record<HouseholdProblem, string> = {
  "household.empty": "name",
  "household.tooMany": "name",
  "household.name": "name",
  "household.nothing": "fitrah",
  "household.ownRate": "own",
  "household.days": "days",
  "household.harta": "harta",
};

let made = 0;

/**
 * Mount the household form in `root`: its people (one to start), "Add a person", and the running
 * total (announced politely). `items` says which columns the page pays (the counter: all three; a
 * fund's checkout: its own).
 */
export const mountHousehold = (
  root: HTMLElement,
  options: {
    readonly labels: HouseholdLabels;
    readonly rates: HouseholdRates;
    readonly items: ReadonlyArray<HouseholdItem>;
    readonly onChange?: () => void;
  },
): HouseholdForm => {
  const { labels, items } = options;
  let rates = options.rates;
  const id = `household-${(made += 1)}`;
  const t = (key: keyof HouseholdLabels, values: Record<string, string> = {}) =>
    fill(labels[key], values);
  const list = document.createElement("ol");
  list.className = "household-list";
  const add = document.createElement("button");
  add.type = "button";
  add.className = "button button-secondary household-add";
  add.textContent = t("household_add");
  const total = document.createElement("p");
  total.className = "household-total";
  total.setAttribute("aria-live", "polite");
  total.dataset["testid"] = "household-total";
  root.replaceChildren(list, add, total);
  let serial = 0;

  const input = (person: HTMLElement, name: string) =>
    person.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`)!;

  const field = (
    person: HTMLElement,
    name: string,
    label: string,
    control: HTMLInputElement | HTMLSelectElement,
  ) => {
    const wrap = document.createElement("div");
    wrap.className = "calc-field household-field";
    wrap.dataset["field"] = name;
    const fieldId = `${person.id}-${name}`;
    const text = document.createElement("label");
    text.htmlFor = fieldId;
    text.textContent = label;
    control.id = fieldId;
    control.name = name;
    const error = document.createElement("p");
    error.className = "calc-error";
    error.id = `${fieldId}-error`;
    error.hidden = true;
    wrap.append(text, control, error);
    return wrap;
  };

  const textInput = (mode: "text" | "decimal" | "numeric") => {
    const control = document.createElement("input");
    control.type = "text";
    control.autocomplete = "off";
    if (mode !== "text") control.inputMode = mode;
    return control;
  };

  const fitrahOptions = (select: HTMLSelectElement) => {
    const chosen = select.value;
    select.replaceChildren(
      ...(["", "normal", "premium", "own"] as const).map((kind) => {
        const option = document.createElement("option");
        option.value = kind;
        option.textContent =
          kind === ""
            ? t("household_fitrah_none")
            : kind === "own"
              ? t("household_fitrah_own")
              : t(kind === "normal" ? "household_fitrah_normal" : "household_fitrah_premium", {
                  rate: formatMoney(
                    (kind === "normal" ? rates.fitrahNormalRate : rates.fitrahPremiumRate) as Cents,
                  ),
                });
        return option;
      }),
    );
    select.value = chosen;
  };

  const renumber = () => {
    const people = [...list.children] as HTMLElement[];
    people.forEach((person, index) => {
      const n = String(index + 1);
      person.querySelector("legend")!.textContent = t("household_person", { n });
      person.querySelector<HTMLButtonElement>("[data-remove]")!.textContent = t(
        "household_remove",
        { n },
      );
      person.querySelector<HTMLButtonElement>("[data-remove]")!.hidden = people.length === 1;
    });
    add.hidden = people.length >= HOUSEHOLD_MAX_MEMBERS;
  };

  const members = (): HouseholdMember[] =>
    ([...list.children] as HTMLElement[]).map((person) => {
      const kind = input(person, "fitrah")?.value as FitrahRateKind | "" | undefined;
      const money = (name: string) => {
        const control = person.querySelector<HTMLInputElement>(`[name="${name}"]`);
        if (!control || control.value.trim() === "") return 0;
        const read = readMoney(control.value);
        return read.ok ? read.value : Number.NaN;
      };
      const daysText = person.querySelector<HTMLInputElement>('[name="days"]')?.value.trim() ?? "";
      const memberId = person.dataset["memberId"];
      return {
        name: input(person, "name").value,
        ...(memberId ? { memberId } : {}),
        ...(kind ? { fitrah: kind } : {}),
        ...(kind === "own" ? { ownRateCents: money("own") } : {}),
        fidyahDays: daysText === "" ? 0 : /^\d+$/.test(daysText) ? Number(daysText) : Number.NaN,
        hartaCents: money("harta"),
      };
    });

  const lines = () => {
    const priced = householdLines(members(), rates);
    return {
      items: priced,
      total: items.reduce((sum, item) => sum + linesTotal(priced[item]), 0),
    };
  };

  const showTotal = () => {
    const { total: cents } = lines();
    total.textContent = Number.isFinite(cents)
      ? t("household_total", { total: formatMoney(cents as Cents) })
      : "";
    options.onChange?.();
  };

  const addPerson = () => {
    serial += 1;
    const person = document.createElement("li");
    person.id = `${id}-${serial}`;
    person.className = "household-person";
    const set = document.createElement("fieldset");
    const legend = document.createElement("legend");
    set.append(legend, field(person, "name", t("household_name"), textInput("text")));
    if (items.includes("fitrah")) {
      const select = document.createElement("select");
      select.value = "";
      set.append(field(person, "fitrah", t("household_fitrah"), select));
      const own = field(
        person,
        "own",
        t("household_own_rate", {
          min: formatMoney(rates.fitrahMinAmount as Cents),
          max: formatMoney(rates.fitrahMaxAmount as Cents),
        }),
        textInput("decimal"),
      );
      own.hidden = true;
      set.append(own);
      select.addEventListener("change", () => {
        own.hidden = select.value !== "own";
      });
    }
    if (items.includes("fidyah")) {
      set.append(
        field(
          person,
          "days",
          t("household_days", { max: String(HOUSEHOLD_MAX_FIDYAH_DAYS) }),
          textInput("numeric"),
        ),
      );
    }
    if (items.includes("harta")) {
      set.append(field(person, "harta", t("household_harta"), textInput("decimal")));
    }
    const remove = document.createElement("button");
    remove.type = "button";
    remove.className = "button button-secondary household-remove";
    remove.dataset["remove"] = "";
    remove.addEventListener("click", () => {
      const next = (person.nextElementSibling ?? person.previousElementSibling) as HTMLElement;
      person.remove();
      renumber();
      showTotal();
      next?.querySelector("input")?.focus();
    });
    set.append(remove);
    person.append(set);
    list.append(person);
    const select = person.querySelector<HTMLSelectElement>('[name="fitrah"]');
    if (select) fitrahOptions(select);
    renumber();
    return person;
  };

  const clearProblems = () => {
    for (const error of root.querySelectorAll<HTMLElement>(".household-field .calc-error")) {
      error.hidden = true;
      error.textContent = "";
    }
    for (const control of root.querySelectorAll("[aria-invalid]")) {
      control.removeAttribute("aria-invalid");
      control.removeAttribute("aria-describedby");
    }
  };

  const check = (): boolean => {
    clearProblems();
    const problems = householdProblems(members(), rates);
    const people = [...list.children] as HTMLElement[];
    let first: HTMLElement | undefined;
    for (const { problem, member } of problems) {
      const person = people[member ?? 0];
      if (!person) continue;
      // Nothing to pay: said at the first thing this page pays (fitrah, else days, else harta).
      const control =
        (problem === "household.nothing"
          ? (input(person, "fitrah") ?? input(person, "days") ?? input(person, "harta"))
          : input(person, PROBLEM_FIELD[problem])) ?? input(person, "name");
      const error = person.querySelector<HTMLElement>(`#${control.id}-error`)!;
      error.textContent = t(
        `household_problem_${problem.slice("household.".length)}` as keyof HouseholdLabels,
        {
          max: String(HOUSEHOLD_MAX_MEMBERS),
          min: formatMoney(rates.fitrahMinAmount as Cents),
          top: formatMoney(rates.fitrahMaxAmount as Cents),
        },
      );
      error.hidden = false;
      control.setAttribute("aria-invalid", "true");
      control.setAttribute("aria-describedby", error.id);
      first ??= control;
    }
    first?.focus();
    return problems.length === 0;
  };

  add.addEventListener("click", () => {
    addPerson().querySelector("input")?.focus();
  });

  root.addEventListener("input", (event) => {
    // A field being corrected loses its message; the rest keep theirs until the next check.
    const control = event.target as HTMLElement;
    if (control.getAttribute("aria-invalid") === "true") {
      const error = root.querySelector<HTMLElement>(`#${control.id}-error`);
      if (error) error.hidden = true;
      control.removeAttribute("aria-invalid");
      control.removeAttribute("aria-describedby");
    }
    showTotal();
  });
  root.addEventListener("change", showTotal);

  const reset = () => {
    list.replaceChildren();
    clearProblems();
    addPerson();
    showTotal();
  };
  reset();

  const name = (who: string, memberId?: string) => {
    const people = [...list.children] as HTMLElement[];
    const empty = people.find((person) => input(person, "name").value.trim() === "");
    if (!empty && people.length >= HOUSEHOLD_MAX_MEMBERS) return null;
    const person = empty ?? addPerson();
    const named = input(person, "name") as HTMLInputElement;
    named.value = who;
    if (memberId) {
      person.dataset["memberId"] = memberId;
      named.readOnly = true;
    }
    const select = person.querySelector<HTMLSelectElement>('[name="fitrah"]');
    if (select && select.value === "") select.value = "normal";
    showTotal();
    return person;
  };

  return {
    members,
    check,
    lines,
    reset,
    name,
    setRates: (next) => {
      rates = next;
      for (const select of root.querySelectorAll<HTMLSelectElement>('select[name="fitrah"]')) {
        fitrahOptions(select);
      }
      showTotal();
    },
  };
};
