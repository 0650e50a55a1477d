import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { root } from "./portal";

const fixtures = path.join(root, "packages/adapters/src/address/fixtures");
const recorded = (name: string) => readFileSync(path.join(fixtures, name), "utf8");

/** Postal codes the stand-in answers with a recorded OneMap answer; any other finds nothing. */
const answers: Readonly<Record<string, string>> = {
  "520106": recorded("onemap-520106.json"),
  "238859": recorded("onemap-238859.json"),
};

/** A postal code the stand-in answers with HTTP 500, as OneMap does when it is down. */
export const ONEMAP_BROKEN_POSTAL_CODE = "500500";

export interface OneMapStandIn {
  /** PORTAL_ONEMAP_URL for a portal that should ask this stand-in. */
  readonly url: string;
  /** The search values asked, in order. */
  readonly searches: string[];
  stop(): Promise<void>;
}

/**
 * OneMap's search on 127.0.0.1 (a free port) serving the recorded answers under
 * packages/adapters/src/address/fixtures: the real HTTP path of the server's lookup, without the network.
 */
export async function startOneMapStandIn(): Promise<OneMapStandIn> {
  const searches: string[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (url.pathname !== "/api/common/elastic/search") {
      response.writeHead(404).end();
      return;
    }
    const value = url.searchParams.get("searchVal") ?? "";
    searches.push(value);
    if (value === ONEMAP_BROKEN_POSTAL_CODE) {
      response
        .writeHead(500, { "content-type": "text/html" })
        .end("<h1>Internal Server Error</h1>");
      return;
    }
    response
      .writeHead(200, { "content-type": "application/json" })
      .end(answers[value] ?? recorded("onemap-none.json"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/common`,
    searches,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
