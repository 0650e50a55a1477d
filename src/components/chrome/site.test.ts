import { afterEach, describe, expect, it } from "vitest";
import { backToSiteLink, COUNCIL_SITE, legalLinks } from "./site";

const names = [
  "PORTAL_ZAKAT_SITE_URL",
  "PORTAL_FIDYAH_SITE_URL",
  "PORTAL_WAKAF_SITE_URL",
  "PORTAL_PRIVACY_URL",
  "PORTAL_TERMS_URL",
];
const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));

afterEach(() => {
  for (const name of names) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

describe("the council's addresses", () => {
  it("go to the council's zakat and wakaf sites, and its own site, until they are configured", () => {
    for (const name of names) delete process.env[name];
    expect(backToSiteLink("ZAKAT")).toBe("https://www.zakat.sg/");
    expect(backToSiteLink("KAFFARAH")).toBe("https://www.zakat.sg/");
    expect(backToSiteLink("FIDYAH")).toBe("https://www.zakat.sg/");
    expect(backToSiteLink("ILMU")).toBe("https://www.ourwakaf.sg/");
    expect(backToSiteLink("WMS")).toBe("https://www.ourwakaf.sg/");
    expect(legalLinks()).toEqual({ privacy: COUNCIL_SITE, terms: COUNCIL_SITE });
  });

  it("follow the configuration: fidyah, wakaf and zakat (with kaffarah) each their own", () => {
    process.env["PORTAL_ZAKAT_SITE_URL"] = "https://zakat.example/";
    process.env["PORTAL_FIDYAH_SITE_URL"] = "https://zakat.example/fidyah";
    process.env["PORTAL_WAKAF_SITE_URL"] = " https://wakaf.example/ ";
    process.env["PORTAL_PRIVACY_URL"] = "https://council.example/privacy";
    process.env["PORTAL_TERMS_URL"] = "https://council.example/terms";
    expect(backToSiteLink("ZAKAT")).toBe("https://zakat.example/");
    expect(backToSiteLink("KAFFARAH")).toBe("https://zakat.example/");
    expect(backToSiteLink("FIDYAH")).toBe("https://zakat.example/fidyah");
    expect(backToSiteLink("WMS")).toBe("https://wakaf.example/");
    expect(legalLinks()).toEqual({
      privacy: "https://council.example/privacy",
      terms: "https://council.example/terms",
    });
  });

  it("refuse anything but an http(s) address, so a typo stops the build", () => {
    process.env["PORTAL_PRIVACY_URL"] = "javascript:alert(1)";
    expect(() => legalLinks()).toThrow(/PORTAL_PRIVACY_URL must be an http\(s\) address/);
    process.env["PORTAL_PRIVACY_URL"] = "www.example.org/privacy";
    expect(() => legalLinks()).toThrow(/PORTAL_PRIVACY_URL/);
  });
});
