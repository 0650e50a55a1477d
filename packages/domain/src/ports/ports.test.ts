import { Cause, Effect, Exit, Layer } from "effect";
import { describe, expect, it } from "vitest";
import { dollarsToCents } from "../money";
import {
  AddressLookup,
  AddressLookupTest,
  apiErrorReport,
  Clock,
  ClockFixed,
  ClockTest,
  DonationRepository,
  DonationRepositoryTest,
  DonorApi,
  DonorApiTest,
  ErrorReporter,
  ErrorReporterTest,
  Identity,
  IdentityTest,
  Ids,
  IdsTest,
  KeyValueStore,
  KeyValueStoreTest,
  PaymentGateway,
  PaymentGatewayTest,
  portError,
} from "./index";

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
      const store = yield* KeyValueStore;
      const now = yield* clock.now();
      const id = yield* ids.newId();
      const v = yield* store.get("flow");
      return { now, id, v };
    });
    const layer = Layer.mergeAll(
      ClockFixed(42),
      IdsTest({ newId: () => Effect.succeed("trx-1") }),
      KeyValueStoreTest({ get: () => Effect.succeed("ZAKAT") }),
    );
    const exit = run(Effect.provide(program, layer));
    expect(exit).toEqual(Exit.succeed({ now: 42, id: "trx-1", v: "ZAKAT" }));
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
          KeyValueStore.use((c) => c.clear()),
          KeyValueStoreTest({}),
        ),
      ),
      "KeyValueStore.clear",
    );
    diesWith(
      run(
        Effect.provide(
          DonorApi.use((c) => c.cancelRecurring("1")),
          DonorApiTest({}),
        ),
      ),
      "DonorApi.cancelRecurring",
    );
    diesWith(
      run(
        Effect.provide(
          Identity.use((c) => c.signOut()),
          IdentityTest({}),
        ),
      ),
      "Identity.signOut",
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
    diesWith(
      run(
        Effect.provide(
          DonationRepository.use((c) => c.findByTransactionNo("1")),
          DonationRepositoryTest({}),
        ),
      ),
      "DonationRepository.findByTransactionNo",
    );
    diesWith(
      run(
        Effect.provide(
          AddressLookup.use((c) => c.byPostalCode("123456")),
          AddressLookupTest({}),
        ),
      ),
      "AddressLookup.byPostalCode",
    );
    diesWith(
      run(
        Effect.provide(
          ErrorReporter.use((c) => c.report({ message: "m", name: "Error" })),
          ErrorReporterTest({}),
        ),
      ),
      "ErrorReporter.report",
    );
  });

  it("port errors carry a stable code", () => {
    expect(portError("DonorApi", "port.unavailable", "down")).toEqual({
      _tag: "PortError",
      code: "port.unavailable",
      message: "down",
      port: "DonorApi",
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
