import { Effect, Exit } from "effect";
import { describe, expect, it } from "vitest";
import type { Fetch } from "./fetch-json";
import { googleReverseGeocode } from "./google-geocode";
import ok from "./fixtures/google-ok.json";
import zero from "./fixtures/google-zero-results.json";
import denied from "./fixtures/google-request-denied.json";

const BASE = "https://maps.googleapis.com/maps/api/geocode/json";

const serving = (body: unknown, status = 200) => {
  const urls: string[] = [];
  const fetch: Fetch = async (url) => {
    urls.push(url);
    return new Response(JSON.stringify(body), { status });
  };
  return { fetch, urls };
};

const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromiseExit(effect);
const failureCode = (exit: Exit.Exit<unknown, { code: string }>) =>
  Exit.isFailure(exit) ? exit.cause.reasons.map((r) => ("error" in r ? r.error.code : r._tag)) : [];

describe("Google reverse geocoding", () => {
  it("asks ?latlng={lat},{lng} with the key and maps the first result of an OK answer", async () => {
    const { fetch, urls } = serving(ok);
    const exit = await run(
      googleReverseGeocode({ baseUrl: BASE, apiKey: "test-key", fetch })(1.3418852, 103.9508335),
    );
    const url = new URL(urls[0] ?? "");
    expect(`${url.origin}${url.pathname}`).toBe(BASE);
    expect(url.searchParams.get("latlng")).toBe("1.3418852,103.9508335");
    expect(url.searchParams.get("key")).toBe("test-key");
    expect(exit).toEqual(
      Exit.succeed({
        postalCode: "520106",
        blockNumber: "106",
        streetName: "Simei Street 1",
        buildingName: "",
        country: "SG",
      }),
    );
  });

  it("answers no address for ZERO_RESULTS", async () => {
    const { fetch } = serving(zero);
    expect(
      await run(googleReverseGeocode({ baseUrl: BASE, apiKey: "k", fetch })(1.2, 104.2)),
    ).toEqual(Exit.succeed(null));
  });

  it("is unavailable when Google refuses (status other than OK), errs or is silent", async () => {
    const cases: Fetch[] = [
      serving(denied).fetch,
      serving({ status: "OVER_QUERY_LIMIT", results: [] }).fetch,
      serving({}, 500).fetch,
      () => new Promise<Response>(() => {}),
    ];
    for (const fetch of cases) {
      const exit = await run(
        googleReverseGeocode({ baseUrl: BASE, apiKey: "k", fetch, timeoutMs: 50 })(1.3, 103.9),
      );
      expect(failureCode(exit)).toEqual(["port.unavailable"]);
    }
  });

  it("refuses a point that is not on Earth without calling Google", async () => {
    const { fetch, urls } = serving(ok);
    for (const [lat, lng] of [
      [91, 0],
      [0, 181],
      [Number.NaN, 0],
    ] as const) {
      const exit = await run(googleReverseGeocode({ baseUrl: BASE, apiKey: "k", fetch })(lat, lng));
      expect(failureCode(exit)).toEqual(["address.coordinates"]);
    }
    expect(urls).toEqual([]);
  });
});
