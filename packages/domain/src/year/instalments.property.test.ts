import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cents } from "../money.ts";
import { chargeDate } from "../recurring.ts";
import { dateOfDay, dayOf } from "./days.ts";
import { instalmentPlan, instalmentProgress, settlement } from "./instalments.ts";

const FIRST = dayOf("2025-01-01");
const date = fc.integer({ min: FIRST, max: FIRST + 800 }).map(dateOfDay);
const amount = fc.integer({ min: 0, max: 100_000_000 }).map(cents);
const plans = fc.record({ amount, firstDate: date, haulDate: date });

describe("instalment plan properties", () => {
  it("the months add up to the amount exactly, none negative, none after the haul date", () => {
    fc.assert(
      fc.property(plans, (input) => {
        const { months } = instalmentPlan(input);
        if (months.length === 0) {
          expect(dayOf(input.firstDate)).toBeGreaterThan(dayOf(input.haulDate));
          return;
        }
        expect(months.reduce((sum, m) => sum + m.amount, 0)).toBe(input.amount);
        for (const m of months) {
          expect(Number.isSafeInteger(m.amount)).toBe(true);
          expect(m.amount).toBeGreaterThanOrEqual(0);
          expect(dayOf(m.date)).toBeLessThanOrEqual(dayOf(input.haulDate));
        }
        const amounts = months.map((m) => m.amount);
        expect(Math.max(...amounts) - Math.min(...amounts)).toBeLessThanOrEqual(1);
        // Never more cents on a later month than on an earlier one.
        for (let i = 1; i < amounts.length; i++)
          expect(amounts[i]).toBeLessThanOrEqual(amounts[i - 1]!);
      }),
    );
  });

  it("one instalment a month from the first date, and no month left before the haul date", () => {
    fc.assert(
      fc.property(plans, (input) => {
        const { months } = instalmentPlan(input);
        months.forEach((m, i) => {
          expect(m.index).toBe(i);
          if (i > 0) {
            const gap = dayOf(m.date) - dayOf(months[i - 1]!.date);
            expect(gap).toBeGreaterThanOrEqual(28);
            expect(gap).toBeLessThanOrEqual(31);
          }
        });
        if (months.length > 0) {
          // The next month would fall after the haul date.
          const next = chargeDate(input.firstDate, "monthly", months.length);
          expect(dayOf(next)).toBeGreaterThan(dayOf(input.haulDate));
          expect(months[0]!.date).toBe(input.firstDate);
        }
      }),
    );
  });

  it("paid and remaining add up to the amount until it is paid; the end's difference is only offered", () => {
    fc.assert(
      fc.property(
        plans,
        fc.array(fc.integer({ min: 0, max: 10_000_000 }).map(cents), { maxLength: 12 }),
        amount,
        date,
        (input, payments, due, asOf) => {
          const plan = instalmentPlan(input);
          const p = instalmentProgress(plan, payments, asOf);
          expect(p.remaining).toBe(Math.max(0, input.amount - p.paid));
          expect(p.remaining).toBeGreaterThanOrEqual(0);
          const s = settlement(due, p.paid);
          if (s.kind === "offer") expect(s.amount).toBe(due - p.paid);
          if (s.kind === "paidMore") expect(s.amount).toBe(p.paid - due);
          if (s.kind !== "settled") expect(s.amount).toBeGreaterThan(0);
        },
      ),
    );
  });
});
