import { describe, expect, it } from "vitest";
import { isPathAtOrBelow, siteHead, siteMessages, siteVariant, type SiteEntry } from "./site";

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
