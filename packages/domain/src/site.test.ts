import { describe, expect, it } from "vitest";
import {
  hostBrand,
  isPathAtOrBelow,
  readSiteEntries,
  requestVariant,
  siteEntriesFor,
  siteHead,
  siteMessages,
  siteVariant,
  type SiteEntry,
} from "./site.ts";

const entries: ReadonlyArray<SiteEntry> = [
  { variant: "zakat", path: "/", url: "https://zakat.localhost/" },
  { variant: "fidyah", path: "/fidyah", url: "https://zakat.localhost/fidyah" },
  { variant: "ilmu", path: "/wakaf-ilmu", url: "https://wakaf.localhost/wakaf-ilmu" },
  { variant: "wms", path: "/wms/", url: "https://wakaf.localhost/wms" },
];

describe("site variants", () => {
  it("matches the most specific entry at or above the path", () => {
    expect(
      siteVariant({ entries, path: "/fidyah/profile", host: "zakat.localhost" })?.variant,
    ).toBe("fidyah");
    expect(siteVariant({ entries, path: "/wms", host: "wakaf.localhost" })?.variant).toBe("wms");
    expect(siteVariant({ entries, path: "/calculator", host: "zakat.localhost" })?.variant).toBe(
      "zakat",
    );
    expect(siteVariant({ entries, path: "/fidyahx", host: "zakat.localhost" })?.variant).toBe(
      "zakat",
    );
  });

  it("falls back to the ilmu entry on the wakaf host, otherwise none", () => {
    const noRoot = entries.filter((e) => e.path !== "/");
    expect(siteVariant({ entries: noRoot, path: "/", host: "wakaf.localhost" })?.variant).toBe(
      "ilmu",
    );
    expect(siteVariant({ entries: noRoot, path: "/", host: "zakat.localhost" })).toBeNull();
    expect(siteVariant({ entries: [], path: "/", host: "wakaf.localhost" })).toBeNull();
    expect(isPathAtOrBelow("/a/b", "/a/")).toBe(true);
  });

  it("gives zakat, fidyah and kaffarah the zakat head and ilmu, wms the wakaf head", () => {
    expect(siteHead("kaffarah")).toEqual(siteHead("zakat"));
    expect(siteHead("wms").titleKey).toBe("site.wakaf.title");
    expect(siteMessages[siteHead("fidyah").descriptionKey as keyof typeof siteMessages]).toMatch(
      /one-stop portal/,
    );
  });
});

describe("the host a request comes to, from the configured site entries", () => {
  // The portal's configuration: the zakat site and a wakaf site whose host does not name the route.
  const configured = siteEntriesFor("wakaf", {
    zakat: "https://www.zakat.sg",
    wakaf: "https://giving.muis.sg/",
  });

  it("puts each fund's home on its brand's host", () => {
    expect(configured).toEqual([
      { variant: "zakat", path: "/", url: "https://www.zakat.sg/" },
      { variant: "fidyah", path: "/fidyah", url: "https://www.zakat.sg/fidyah" },
      { variant: "kaffarah", path: "/kaffarah", url: "https://www.zakat.sg/kaffarah" },
      { variant: "ilmu", path: "/wakaf-ilmu", url: "https://giving.muis.sg/wakaf-ilmu" },
      { variant: "wms", path: "/wms", url: "https://giving.muis.sg/wms" },
    ]);
    expect(siteEntriesFor("amal").map((entry) => entry.url)).toContain("/amal-ilmu");
  });

  it("gives a configured host its entries: their own paths, else the brand's home", () => {
    const on = (host: string, path: string) =>
      requestVariant({ entries: configured, host, path })?.variant;
    expect(on("giving.muis.sg", "/")).toBe("ilmu");
    expect(on("GIVING.muis.sg:443", "/profile")).toBe("ilmu");
    expect(on("giving.muis.sg", "/wms/profile")).toBe("wms");
    expect(on("www.zakat.sg", "/fidyah/profile")).toBe("fidyah");
    expect(on("www.zakat.sg", "/checkout")).toBe("zakat");
    expect(hostBrand({ entries: configured, host: "giving.muis.sg" })).toBe("wakaf");
    // A configured zakat host stays zakat even if its name contains the route.
    const zakatNamedWakaf = siteEntriesFor("wakaf", {
      zakat: "http://wakaf-zakat.localhost:4321",
      wakaf: "http://amal.localhost:4321",
    });
    expect(hostBrand({ entries: zakatNamedWakaf, host: "wakaf-zakat.localhost:4321" })).toBe(
      "zakat",
    );
    expect(hostBrand({ entries: zakatNamedWakaf, host: "amal.localhost:4321" })).toBe("wakaf");
  });

  it("on a host no entry names, §1's rule: the route in the host is the wakaf brand", () => {
    const pathsOnly = siteEntriesFor("wakaf");
    expect(hostBrand({ entries: pathsOnly, host: "wakaf.localhost:4321" })).toBe("wakaf");
    expect(hostBrand({ entries: pathsOnly, host: "localhost:4321" })).toBe("zakat");
    expect(hostBrand({ entries: configured, host: "127.0.0.1:4321" })).toBe("zakat");
    expect(hostBrand({ entries: [], host: "wakaf.localhost" })).toBe("zakat");
  });

  it("reads the stored entries, leaving out what is not one", () => {
    expect(
      readSiteEntries({
        siteEntries: [
          { variant: "ilmu", path: "/wakaf-ilmu", url: "https://giving.muis.sg/wakaf-ilmu" },
          { variant: "nope", path: "/x", url: "/x" },
          { variant: "zakat", path: "no-slash", url: "/" },
          null,
        ],
      }),
    ).toEqual([{ variant: "ilmu", path: "/wakaf-ilmu", url: "https://giving.muis.sg/wakaf-ilmu" }]);
    expect(readSiteEntries(undefined)).toEqual([]);
  });
});
