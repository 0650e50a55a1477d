import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { seedRates } from "./config.ts";
import { FLOW_TYPES, type FlowType } from "./flow.ts";
import { resetsOnLoad, staleTransactionOnLoad, startTransaction } from "./lifecycle.ts";
import {
  changedRates,
  checkSession,
  ensureSessionToken,
  isRateChange,
  RATE_CHANGE_FIELDS,
  readRateFields,
  TOKEN_LIFE_MS,
  type RateFields,
} from "./session.ts";

const time = fc.integer({ min: 0, max: 4_000_000_000_000 });
const flow = fc.constantFrom<FlowType>(...FLOW_TYPES);
const rateFields = fc.record({
  nisabValue: fc.nat(),
  fitrahMinAmount: fc.nat(),
  fitrahMaxAmount: fc.nat(),
  fitrahNormalRate: fc.nat(),
  fitrahPremiumRate: fc.nat(),
  fidyahPerDay: fc.nat(),
  kaffarahPerDay: fc.nat(),
  jimakNoOfPeople: fc.nat(),
  nazarNoOfPeople: fc.nat(),
}) as fc.Arbitrary<RateFields>;

describe("session lifecycle properties", () => {
  it("a session is active for exactly 30 minutes, and a recurring redirect extends it at most once", () => {
    fc.assert(
      fc.property(
        time,
        fc.nat({ max: 3 * TOKEN_LIFE_MS }),
        fc.boolean(),
        (start, age, redirect) => {
          const session = ensureSessionToken(null, start, "t");
          const tick = checkSession(session, start + age, redirect);
          if (age < TOKEN_LIFE_MS) expect(tick._tag).toBe("Active");
          else expect(tick._tag).toBe(redirect ? "Extended" : "Expired");
          if (tick._tag === "Extended") {
            const later = tick.session.expiresAt;
            expect(checkSession(tick.session, later, redirect)._tag).toBe("Expired");
          }
        },
      ),
    );
  });

  it("a transaction is stale only after 30 minutes, and a tab reloads for it at most once", () => {
    fc.assert(
      fc.property(
        time,
        fc.nat({ max: 2 * TOKEN_LIFE_MS }),
        fc.boolean(),
        (start, age, reloaded) => {
          const decision = staleTransactionOnLoad(startTransaction(start), start + age, reloaded);
          if (age <= TOKEN_LIFE_MS) expect(decision).toBe("none");
          else expect(decision).toBe(reloaded ? "expire" : "expireAndReload");
        },
      ),
    );
  });

  it("a load always keeps the page's flow and never resets the flow it lands on unless a transaction passed", () => {
    fc.assert(
      fc.property(flow, fc.option(flow), fc.boolean(), (pageFlow, storedFlow, passed) => {
        const result = resetsOnLoad({
          path: "/x",
          pageFlow,
          storedFlow,
          transactionPassed: passed,
        });
        expect(result.storeFlow).toBe(pageFlow);
        expect(result.clearPassed).toBe(false);
        expect(result.resets.length).toBe(storedFlow === null || storedFlow === pageFlow ? 0 : 1);
      }),
    );
  });

  it("rates differ exactly when one of the seven rate-change fields differs", () => {
    fc.assert(
      fc.property(rateFields, rateFields, (a, b) => {
        const differs = RATE_CHANGE_FIELDS.some((f) => a[f] !== b[f]);
        expect(isRateChange(a, b)).toBe(differs);
        expect(changedRates(a, a)).toEqual([]);
        expect(readRateFields(JSON.parse(JSON.stringify({ ...seedRates, ...b })))).toEqual(b);
      }),
    );
  });
});
