import type { HouseholdForm } from "./household-form";
import type { HouseholdLabels } from "./labels";

// The people a signed-in donor keeps in their account (issue 33, docs/households.md), offered above
// the household form at checkout: ticked and added, each is named in the form (at the normal fitrah
// rate where the payment pays fitrah) and what is paid for them can then be changed as any person's. Apart from the form, so the counter and the kiosk, which
// have no account, do not load it (its name starts with the form's: a lazy `onAction` chunk).

export const offerSaved = (
  root: HTMLElement,
  form: HouseholdForm,
  saved: ReadonlyArray<{ readonly id: string; readonly name: string; readonly relation: string }>,
  labels: HouseholdLabels,
): void => {
  if (saved.length === 0) return;
  const chooser = document.createElement("fieldset");
  chooser.className = "household-saved";
  const legend = document.createElement("legend");
  legend.textContent = labels.household_saved_title;
  chooser.append(legend);
  const boxes = saved.map((member, index) => {
    const label = document.createElement("label");
    label.className = "choice-option";
    const box = document.createElement("input");
    box.type = "checkbox";
    box.value = String(index);
    const text = document.createElement("span");
    const relation = labels[`household_relation_${member.relation}` as keyof HouseholdLabels];
    text.textContent = relation ? `${member.name} (${relation})` : member.name;
    label.append(box, text);
    chooser.append(label);
    return box;
  });
  const take = document.createElement("button");
  take.type = "button";
  take.className = "button button-secondary household-take";
  take.textContent = labels.household_saved_add;
  chooser.append(take);
  root.prepend(chooser);
  take.addEventListener("click", () => {
    let first: HTMLElement | null = null;
    for (const box of boxes.filter((b) => b.checked)) {
      const kept = saved[Number(box.value)]!;
      // A kept person goes by their id: the server names them from the donor's own list.
      const person = form.name(kept.name, kept.id);
      if (!person) break;
      first ??= person;
      box.checked = false;
    }
    (first?.querySelector<HTMLElement>("select, input:not([readonly])") ?? first)?.focus();
  });
};
