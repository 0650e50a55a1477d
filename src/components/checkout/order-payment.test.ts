import { describe, expect, it } from "vitest";
import { labelsFor } from "../../i18n/labels";
import { orderProblem } from "./household-order";
import { checkoutLabelKeys } from "./labels";
import { awaitingCheck, goesOn, payParts } from "./order-payment";
import type { Donation, OrderPayment } from "./payment-api";

// A household's order whose card the bank checks (3-D Secure): each part confirmed in turn, the order
// stopping at a part waiting on its check, going on with the same card after it, never confirming a
// paid part again.

const check = { kind: "redirect" as const, payload: "https://bank.example/check" };
const part = (id: string, status: OrderPayment["status"], extra: Partial<OrderPayment> = {}) =>
  ({
    id,
    clientSecret: `${id}_secret`,
    fund: id === "z" ? "ZAKAT" : "FIDYAH",
    status,
    totalCents: id === "z" ? 29_750 : 1_200,
    nextAction: null,
    lastPaymentError: null,
    ...extra,
  }) as OrderPayment;

/** A gateway answering each confirmation from a script, recording what it was asked. */
const gateway = (answers: Record<string, Partial<Donation>>) => {
  const asked: Array<{ id: string; card: string; saveCard: boolean }> = [];
  const confirm = async (p: OrderPayment, card: string, saveCard: boolean) => {
    asked.push({ id: p.id, card, saveCard });
    return { ...p, ...answers[p.id] } as Donation;
  };
  return { asked, confirm };
};

describe("paying an order's parts with one card", () => {
  it("stops at a part its bank checks, and goes on after the check with the same card, asking to keep it once", async () => {
    const g = gateway({ z: { status: "requires_action", nextAction: check } });
    const seen: Array<ReadonlyArray<OrderPayment>> = [];
    const first = await payParts(
      [part("z", "requires_payment_method"), part("f", "requires_payment_method")],
      "pm_1",
      true,
      g.confirm,
      (now) => seen.push(now),
    );
    // The fidyah is not confirmed while the zakat's check waits.
    expect(g.asked).toEqual([{ id: "z", card: "pm_1", saveCard: true }]);
    expect(awaitingCheck(first)?.id).toBe("z");
    expect(seen).toHaveLength(1);
    // Its check passed: the rest goes on by itself with the kept card, the card kept no second time.
    const afterCheck = first.map((p) =>
      p.id === "z" ? { ...p, status: "succeeded" as const, nextAction: null } : p,
    );
    expect(goesOn(afterCheck, "pm_1")).toBe(true);
    const g2 = gateway({ f: { status: "succeeded" } });
    const done = await payParts(afterCheck, "pm_1", false, g2.confirm);
    expect(g2.asked).toEqual([{ id: "f", card: "pm_1", saveCard: false }]);
    expect(done.map((p) => p.status)).toEqual(["succeeded", "succeeded"]);
    expect(awaitingCheck(done)).toBeUndefined();
  });

  it("never confirms a paid part again, and asks to keep the card with the first part it succeeds on", async () => {
    const g = gateway({ f: { status: "succeeded" } });
    await payParts(
      [part("z", "succeeded"), part("f", "requires_payment_method")],
      "pm_2",
      true,
      g.confirm,
    );
    expect(g.asked).toEqual([{ id: "f", card: "pm_2", saveCard: true }]);
  });

  it("does not go on by itself after a failed check, with nothing paid, without a kept card, or when all is paid", () => {
    const failed = part("f", "requires_payment_method", {
      lastPaymentError: "authentication_failed",
    });
    expect(goesOn([part("z", "succeeded"), failed], "pm_1")).toBe(false);
    expect(
      goesOn([part("z", "requires_payment_method"), part("f", "requires_payment_method")], "pm_1"),
    ).toBe(false);
    expect(goesOn([part("z", "succeeded"), part("f", "requires_payment_method")], undefined)).toBe(
      false,
    );
    expect(goesOn([part("z", "succeeded"), part("f", "succeeded")], "pm_1")).toBe(false);
    // A part still waiting on its check is opened, not confirmed again.
    expect(
      goesOn([part("z", "succeeded"), part("f", "requires_action", { nextAction: check })], "pm_1"),
    ).toBe(false);
  });
});

describe("what the page says of an order whose bank's check was not finished", () => {
  for (const lng of ["en", "ms"] as const) {
    const l = labelsFor(lng, checkoutLabelKeys);
    it(`${lng}: a part paid names it and the fund whose check is left; nothing paid says nothing was charged`, () => {
      const waiting = part("f", "requires_action", { nextAction: check });
      const said = orderProblem(l, [part("z", "succeeded"), waiting]);
      expect(said).toBe(
        lng === "en"
          ? "Your Zakat is paid (its receipt is below). The bank's check of the Fidyah payment was not finished, and nothing was charged for it: press Pay to open the check again."
          : "Zakat anda telah dibayar (resitnya di bawah). Pengesahan bank bagi bayaran Fidyah tidak selesai, dan tiada caj dikenakan untuknya: tekan Bayar untuk membuka pengesahan itu semula.",
      );
      expect(orderProblem(l, [part("z", "requires_action", { nextAction: check })])).toBe(
        l.polish_3ds_cancelled,
      );
    });
  }
});
