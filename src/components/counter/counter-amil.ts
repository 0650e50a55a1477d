import { writeDevice } from "../../lib/counter-store";
import type { CounterContext } from "./counter-context";

// The counter page's amil section (issue 32, docs/counter.md): who is taking the entries on this
// device. Every entry records the amil.

export interface AmilSection {
  /** Show the amil's form or who is signed in now. */
  readonly draw: () => void;
}

export const startAmil = (ctx: CounterContext, onSignedIn: () => void): AmilSection => {
  const { $, t, problem } = ctx;
  const amilForm = $<HTMLFormElement>("[data-counter-amil-form]");
  const amilNow = $("[data-counter-amil-now]");

  const draw = () => {
    const amil = ctx.record()?.amil;
    amilForm.hidden = amil !== undefined;
    amilNow.hidden = amil === undefined;
    if (amil) amilNow.querySelector("span")!.textContent = t("counter_amil_now", amil);
  };

  amilForm.addEventListener("submit", (event) => {
    event.preventDefault();
    void (async () => {
      const data = new FormData(amilForm);
      const name = String(data.get("amilName") ?? "").trim();
      const id = String(data.get("amilId") ?? "").trim();
      const record = ctx.record();
      if (name === "" || id === "" || !record) return problem(amilForm, t("counter_amil_missing"));
      const next = { ...record, amil: { id, name } };
      await writeDevice(next);
      ctx.setRecord(next);
      problem(amilForm, "");
      ctx.drawDevice();
      onSignedIn();
    })();
  });
  $("[data-counter-amil-change]").addEventListener("click", () => {
    amilForm.hidden = false;
    amilNow.hidden = true;
    amilForm.querySelector("input")?.focus();
  });

  return { draw };
};
