import { Effect, Exit } from "effect";
import { describe, expect, it } from "vitest";
import type { Fetch } from "./fetch-json";
import { failureCodes, recordedFetch } from "./recorded-fetch";
import { googleReverseGeocode } from "./google-geocode";
import ok from "./fixtures/google-ok.json";
import zero from "./fixtures/google-zero-results.json";
import denied from "./fixtures/google-request-denied.json";

const BASE = "https://maps.googleapis.com/maps/api/geocode/json";

const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromiseExit(effect);

describe("Google reverse geocoding", () => {
  it("asks ?latlng={lat},{lng} with the key and maps the first result of an OK answer", async () => {
    const { fetch, urls } = recordedFetch(ok);
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
    const { fetch } = recordedFetch(zero);
    expect(
      await run(googleReverseGeocode({ baseUrl: BASE, apiKey: "k", fetch })(1.2, 104.2)),
    ).toEqual(Exit.succeed(null));
  });

  it("is unavailable when Google refuses (status other than OK), errs or is silent", async () => {
    const cases: Fetch[] = [
      recordedFetch(denied).fetch,
      recordedFetch({ status: "OVER_QUERY_LIMIT", results: [] }).fetch,
      recordedFetch({}, 500).fetch,
      () => new Promise<Response>(() => {}),
    ];
    for (const fetch of cases) {
      const exit = await run(
        googleReverseGeocode({ baseUrl: BASE, apiKey: "k", fetch, timeoutMs: 50 })(1.3, 103.9),
      );
      expect(failureCodes(exit)).toEqual(["port.unavailable"]);
    }
  });

  it("refuses a point that is not on Earth without calling Google", async () => {
    const { fetch, urls } = recordedFetch(ok);
    for (const [lat, lng] of [
      [91, 0],
      [0, 181],
      [Number.NaN, 0],
    ] as const) {
      const exit = await run(googleReverseGeocode({ baseUrl: BASE, apiKey: "k", fetch })(lat, lng));
      expect(failureCodes(exit)).toEqual(["address.coordinates"]);
    }
    expect(urls).toEqual([]);
  });
});
