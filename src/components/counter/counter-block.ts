import { readSerials, writeDevice } from "../../lib/counter-store";
import type { CounterContext } from "./counter-context";
import type { CounterLabelKey } from "./labels";

// The device's block of receipt numbers (issue 32, docs/counter.md): the page says when a series is
// nearly or wholly used up, and an approver signed in to the console on the device asks the council
// for a new block, online; it continues the same series after the old one.

/** Numbers left in a series at which the page starts to say so. */
const LOW = 20;

export interface BlockSection {
  readonly draw: () => Promise<void>;
}

export const startBlock = (ctx: CounterContext): BlockSection => {
  const { $, t, problem } = ctx;
  const card = $("[data-counter-block]");
  const state = $("[data-counter-block-state]");
  const ask = $<HTMLButtonElement>("[data-counter-block-ask]");

  const draw = async () => {
    const record = ctx.record();
    if (!record) {
      card.hidden = true;
      return;
    }
    const serials = await readSerials();
    const { blockFrom, blockTo, series } = record.device;
    const left = series
      .map((one) => ({
        series: one,
        left: Math.max(0, blockTo - Math.max(serials[one] ?? blockFrom, blockFrom) + 1),
      }))
      .sort((a, b) => a.left - b.left)[0];
    card.hidden = left === undefined || left.left > LOW;
    if (left && !card.hidden) {
      state.textContent =
        left.left === 0 ? t("counter_block_used", left) : t("counter_block_low", left);
    }
  };

  const newBlock = async (deviceId: string): Promise<number | CounterLabelKey> => {
    const session = await fetch("/console/api/session", { credentials: "same-origin" });
    if (!session.ok) return "counter_block_signed_out";
    const { data: info } = (await session.json()) as { data: { csrfToken: string } };
    const answer = await fetch(`/console/api/counter/devices/${deviceId}?do=block`, {
      method: "POST",
      credentials: "same-origin",
      headers: {
        accept: "application/json",
        "content-type": "application/json",
        "x-console-csrf": info.csrfToken,
      },
      body: "{}",
    });
    if (answer.status === 401) return "counter_block_signed_out";
    if (answer.status === 403) return "counter_block_forbidden";
    const body = (await answer.json().catch(() => ({}))) as { data?: { blockTo?: unknown } };
    const to = body.data?.blockTo;
    return answer.ok && Number.isSafeInteger(to) ? (to as number) : "counter_block_failed";
  };

  ask.addEventListener("click", () => {
    const record = ctx.record();
    if (!record || ask.disabled) return;
    if (!navigator.onLine) return problem(card, t("counter_block_offline"));
    ask.disabled = true;
    void newBlock(record.device.id)
      .then(async (to) => {
        if (typeof to === "string") return problem(card, t(to));
        const next = { ...record, device: { ...record.device, blockTo: to } };
        await writeDevice({ ...next, amil: undefined });
        ctx.setRecord({ ...next, amil: ctx.record()?.amil });
        problem(card, "");
        await draw();
        ctx.drawDevice();
        const said = $("[data-counter-sync-message]");
        said.textContent = t("counter_block_given", { to });
      })
      .catch(() => problem(card, t("counter_block_failed")))
      .finally(() => {
        ask.disabled = false;
      });
  });

  return { draw };
};
