import { Cause, Effect, Exit, Layer } from "effect";
import { describe, expect, it } from "vitest";
import { dollarsToCents } from "../money.ts";
import { apiErrorReport } from "../api-error-report.ts";
import {
  Clock,
  ClockFixed,
  ClockTest,
  Ids,
  IdsTest,
  PaymentGateway,
  PaymentGatewayTest,
  portError,
} from "./index.ts";

const run = <A, E>(effect: Effect.Effect<A, E, never>) => Effect.runSyncExit(effect);

const diesWith = (exit: Exit.Exit<unknown, unknown>, text: string) => {
  expect(Exit.isFailure(exit)).toBe(true);
  if (Exit.isFailure(exit)) expect(Cause.pretty(exit.cause)).toContain(text);
};

describe("ports and their test layers", () => {
  it("serve what the test supplied", () => {
    const program = Effect.gen(function* () {
      const clock = yield* Clock;
      const ids = yield* Ids;
      const now = yield* clock.now();
      const id = yield* ids.newId();
      const token = yield* ids.newToken();
      return { now, id, token };
    });
    const layer = Layer.mergeAll(
      ClockFixed(42),
      IdsTest({ newId: () => Effect.succeed("trx-1"), newToken: () => Effect.succeed("t") }),
    );
    const exit = run(Effect.provide(program, layer));
    expect(exit).toEqual(Exit.succeed({ now: 42, id: "trx-1", token: "t" }));
  });

  it("die loudly, naming the port and method, when a test did not supply a method", () => {
    diesWith(
      run(
        Effect.provide(
          Clock.use((c) => c.now()),
          ClockTest({}),
        ),
      ),
      "Clock.now was called",
    );
    diesWith(
      run(
        Effect.provide(
          Ids.use((c) => c.newToken()),
          IdsTest({}),
        ),
      ),
      "Ids.newToken",
    );
    diesWith(
      run(
        Effect.provide(
          PaymentGateway.use((c) =>
            c.create({
              amount: dollarsToCents(5),
              currency: "SGD",
              idempotencyKey: "k",
              description: "d",
              method: "card",
            }),
          ),
          PaymentGatewayTest({}),
        ),
      ),
      "PaymentGateway.create",
    );
  });

  it("port errors carry a stable code", () => {
    expect(portError("AddressLookup", "port.unavailable", "down")).toEqual({
      _tag: "PortError",
      code: "port.unavailable",
      message: "down",
      port: "AddressLookup",
    });
  });

  it("builds API error reports as §8 describes", () => {
    expect(apiErrorReport("donor", new TypeError("boom"))).toEqual({
      message: "[donor] API Error: boom",
      name: "TypeError",
    });
    expect(apiErrorReport("donor", { status: 500 })).toEqual({
      message: "[donor] API Error: Unknown error",
      name: "Error",
    });
    expect(apiErrorReport("donor", {})).toBeNull();
    expect(apiErrorReport("donor", "oops")).toBeNull();
    expect(apiErrorReport("donor", null)).toBeNull();
  });
});
