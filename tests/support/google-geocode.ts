import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { root } from "./portal";

const fixtures = path.join(root, "packages/adapters/src/address/fixtures");
const recorded = (name: string) => readFileSync(path.join(fixtures, name), "utf8");

/** The key the stand-in accepts; any other is REQUEST_DENIED, as Google answers a bad key. */
export const GOOGLE_TEST_KEY = "test-geocoding-key";

/** Points with a recorded answer: 106 Simei Street 1 (OK, first of two results), and one at sea. */
export const SIMEI = { latitude: 1.3418852, longitude: 103.9508335 } as const;
export const AT_SEA = { latitude: 1.2, longitude: 104.2 } as const;
/** A point the stand-in refuses (OVER_QUERY_LIMIT), as Google does past the quota. */
export const REFUSED = { latitude: 1.3, longitude: 103.8 } as const;

export interface GoogleGeocodingStandIn {
  /** PORTAL_GOOGLE_GEOCODING_URL and _KEY for a portal that should ask this stand-in. */
  readonly env: Readonly<Record<string, string>>;
  /** The `latlng` values asked, in order. */
  readonly asked: string[];
  stop(): Promise<void>;
}

/**
 * Google's Geocoding JSON endpoint on 127.0.0.1 (a free port), serving the recorded answers under
 * packages/adapters/src/address/fixtures: the real HTTP path of the server's reverse geocoding.
 */
export async function startGoogleGeocodingStandIn(): Promise<GoogleGeocodingStandIn> {
  const asked: string[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (url.pathname !== "/maps/api/geocode/json") {
      response.writeHead(404).end();
      return;
    }
    const latlng = url.searchParams.get("latlng") ?? "";
    asked.push(latlng);
    const answer =
      url.searchParams.get("key") !== GOOGLE_TEST_KEY
        ? recorded("google-request-denied.json")
        : latlng === `${SIMEI.latitude},${SIMEI.longitude}`
          ? recorded("google-ok.json")
          : latlng === `${REFUSED.latitude},${REFUSED.longitude}`
            ? JSON.stringify({ results: [], status: "OVER_QUERY_LIMIT" })
            : recorded("google-zero-results.json");
    response.writeHead(200, { "content-type": "application/json" }).end(answer);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    env: {
      PORTAL_GOOGLE_GEOCODING_URL: `http://127.0.0.1:${port}/maps/api/geocode/json`,
      PORTAL_GOOGLE_GEOCODING_KEY: GOOGLE_TEST_KEY,
    },
    asked,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
