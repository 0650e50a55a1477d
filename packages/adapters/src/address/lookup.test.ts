import { Effect, Exit } from "effect";
import { describe, expect, it } from "vitest";
import { addressLookup } from "./lookup";
import simei from "./fixtures/onemap-520106.json";

describe("the address lookup", () => {
  it("says the lookup is off for a service that is not configured (the embedded default)", async () => {
    const lookup = addressLookup({});
    const program = Effect.gen(function* () {
      const byPostalCode = yield* Effect.flip(lookup.byPostalCode("520106"));
      const reverse = yield* Effect.flip(lookup.reverseGeocode(1.3, 103.9));
      return [byPostalCode.code, reverse.code];
    });
    expect(await Effect.runPromise(program)).toEqual(["address.lookupOff", "address.lookupOff"]);
  });

  it("looks postal codes up through OneMap when it is configured", async () => {
    const lookup = addressLookup({
      oneMap: {
        baseUrl: "https://onemap.test/api/common",
        fetch: async () => new Response(JSON.stringify(simei)),
      },
    });
    const exit = await Effect.runPromiseExit(lookup.byPostalCode("520106"));
    expect(Exit.isSuccess(exit) && exit.value.map((a) => a.blockNumber)).toEqual(["106"]);
  });
});
