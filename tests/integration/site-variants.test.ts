import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPortal, type RunningPortal } from "../support/portal";

// Spec §1: the site variant comes from the configured site entries. The wakaf site is configured at an
// address whose name does not contain the route (giving.localhost), and the zakat site at one that does
// (wakaf-zakat.localhost): the brand follows the configuration, not the name. Port 7760.
const port = 7760;

/** A page as the browser on `host` gets it: its status, the brand in its title and any redirect. */
const page = (host: string, path: string) =>
  new Promise<{ status: number; brand: string; location?: string }>((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port, path, headers: { host: `${host}:${port}` } },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => {
          const title = /<title>([^<]*)<\/title>/.exec(body)?.[1] ?? "";
          const brand = /Wakaf Singap(?:ore|ura)/.test(title)
            ? "wakaf"
            : /Zakat Singap(?:ore|ura)/.test(title)
              ? "zakat"
              : title;
          const location = res.headers.location;
          resolve({ status: res.statusCode ?? 0, brand, ...(location ? { location } : {}) });
        });
      },
    );
    req.on("error", reject);
    req.end();
  });

describe("site variants from the configured site entries", () => {
  let portal: RunningPortal;
  beforeAll(async () => {
    portal = await startPortal(port, undefined, {
      PORTAL_PUBLIC_URL: `http://wakaf-zakat.localhost:${port}`,
      PORTAL_WAKAF_PUBLIC_URL: `http://giving.localhost:${port}`,
    });
  }, 120_000);
  afterAll(async () => {
    await portal?.stop();
  });

  it("serves the wakaf brand on the configured wakaf host and the zakat brand on the zakat host", async () => {
    expect(await page("giving.localhost", "/checkout?flow=ILMU")).toEqual({
      status: 200,
      brand: "wakaf",
    });
    expect(await page("giving.localhost", "/profile")).toMatchObject({ brand: "wakaf" });
    // Issue 34: the privacy statement, terms, session expiry and enrolment say the wakaf title there.
    for (const path of [
      "/privacy",
      "/ms/terms",
      "/session-expire",
      "/enrollment",
      "/ms/enrollment",
    ]) {
      expect(await page("giving.localhost", path), path).toEqual({ status: 200, brand: "wakaf" });
      expect(await page("wakaf-zakat.localhost", path), path).toEqual({
        status: 200,
        brand: "zakat",
      });
    }
    expect(await page("giving.localhost", "/no-such-page")).toEqual({
      status: 404,
      brand: "wakaf",
    });
    // The zakat host's name contains the route, but it is configured as the zakat site.
    expect(await page("wakaf-zakat.localhost", "/checkout?flow=ILMU")).toMatchObject({
      brand: "zakat",
    });
    expect(await page("wakaf-zakat.localhost", "/profile")).toMatchObject({ brand: "zakat" });
    expect(await page("wakaf-zakat.localhost", "/no-such-page")).toEqual({
      status: 404,
      brand: "zakat",
    });
    // A host no entry names: §1's rule, the route in its name.
    expect(await page("wakaf.localhost", "/profile")).toMatchObject({ brand: "wakaf" });
    expect(await page("127.0.0.1", "/profile")).toMatchObject({ brand: "zakat" });
  });

  it("opens the wakaf landings and the wakaf home on the configured wakaf host only (§2)", async () => {
    expect(await page("giving.localhost", "/wakaf-ilmu")).toEqual({ status: 200, brand: "wakaf" });
    expect(await page("giving.localhost", "/ms/wms")).toEqual({ status: 200, brand: "wakaf" });
    // Home there is the wakaf home (its script opens the stored wakaf flow's landing).
    const home = await page("giving.localhost", "/");
    expect(home).toEqual({ status: 200, brand: "wakaf" });
    // On the zakat site, though its name contains the route, a wakaf landing goes home in its language.
    expect(await page("wakaf-zakat.localhost", "/wakaf-ilmu")).toEqual({
      status: 302,
      brand: "",
      location: "/",
    });
    expect(await page("wakaf-zakat.localhost", "/ms/wms/")).toEqual({
      status: 302,
      brand: "",
      location: "/ms/",
    });
    expect(await page("wakaf-zakat.localhost", "/")).toEqual({ status: 200, brand: "zakat" });
  });
});
