import { Effect, Exit } from "effect";
import { describe, expect, it } from "vitest";
import type { Fetch } from "./fetch-json";
import { failureCodes, recordedFetch } from "./recorded-fetch";
import { oneMapPostalCodes, oneMapSearchUrl } from "./onemap";
import simei from "./fixtures/onemap-520106.json";
import paragon from "./fixtures/onemap-238859.json";
import none from "./fixtures/onemap-none.json";

const BASE = "https://www.onemap.gov.sg/api/common";
const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromiseExit(effect);

describe("OneMap postal-code lookup", () => {
  it("asks spec §7's search with address details and no geometry", async () => {
    const { fetch, urls } = recordedFetch(simei);
    await run(oneMapPostalCodes({ baseUrl: `${BASE}/`, fetch })(" 520106 "));
    expect(urls).toEqual([oneMapSearchUrl(BASE, "520106")]);
    const url = new URL(urls[0] ?? "");
    expect(url.pathname).toBe("/api/common/elastic/search");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      searchVal: "520106",
      returnGeom: "N",
      getAddrDetails: "Y",
      pageNum: "1",
    });
  });

  it("maps the recorded answer of an HDB block (BUILDING NIL) to the portal's address", async () => {
    const { fetch } = recordedFetch(simei);
    const exit = await run(oneMapPostalCodes({ baseUrl: BASE, fetch })("520106"));
    expect(exit).toEqual(
      Exit.succeed([
        {
          postalCode: "520106",
          blockNumber: "106",
          streetName: "SIMEI STREET 1",
          buildingName: "",
          country: "SG",
        },
      ]),
    );
  });

  it("offers each address of a building with several names once, without the bus stop", async () => {
    const { fetch } = recordedFetch(paragon);
    const exit = await run(oneMapPostalCodes({ baseUrl: BASE, fetch })("238859"));
    expect(Exit.isSuccess(exit) && exit.value.map((a) => a.buildingName)).toEqual([
      "THE PARAGON",
      "PARAGON MEDICAL",
    ]);
  });

  it("finds nothing for a postal code OneMap does not know", async () => {
    const { fetch } = recordedFetch(none);
    expect(await run(oneMapPostalCodes({ baseUrl: BASE, fetch })("999999"))).toEqual(
      Exit.succeed([]),
    );
  });

  it("never calls OneMap with something that is not a postal code", async () => {
    const { fetch, urls } = recordedFetch(simei);
    const exit = await run(oneMapPostalCodes({ baseUrl: BASE, fetch })("52010A"));
    expect(failureCodes(exit)).toEqual(["validation.postalCode.invalid"]);
    expect(urls).toEqual([]);
  });

  it("is unavailable, not a crash, on an error status, a strange body, a refused connection or silence", async () => {
    const cases: Fetch[] = [
      recordedFetch({ error: "Too many requests" }, 429).fetch,
      recordedFetch("<html>maintenance</html>").fetch,
      recordedFetch({ found: 1, results: "none" }).fetch,
      () => Promise.reject(new TypeError("fetch failed")),
      () => new Promise<Response>(() => {}),
    ];
    for (const fetch of cases) {
      const exit = await run(oneMapPostalCodes({ baseUrl: BASE, fetch, timeoutMs: 50 })("520106"));
      expect(failureCodes(exit)).toEqual(["port.unavailable"]);
    }
  });

  it("aborts the request it gave up on", async () => {
    let signal: AbortSignal | undefined;
    const fetch: Fetch = (_, init) => {
      signal = init.signal;
      return new Promise<Response>(() => {});
    };
    await run(oneMapPostalCodes({ baseUrl: BASE, fetch, timeoutMs: 20 })("520106"));
    expect(signal?.aborted).toBe(true);
  });
});
