import { describe, expect, it } from "vitest";
import { fundsOfBrand } from "@portal/domain";
import { brandedPagePath, landingRedirect, notFoundPagePath, siteLinkRequest } from "./brand";

/** The wakaf brand's flows, as the services bundle gives them to the server. */
const wakafFlows = new Set(fundsOfBrand("wakaf").map((fund) => fund.flow));

const params = (query: string) => new URLSearchParams(query);

describe("brandedPagePath", () => {
  it("serves the wakaf checkout on the wakaf host for a wakaf flow, in both languages", () => {
    expect(
      brandedPagePath(
        "/checkout",
        params("flow=ILMU"),
        "wakaf.localhost:4321",
        "wakaf",
        wakafFlows,
      ),
    ).toBe("/checkout/wakaf");
    expect(
      brandedPagePath("/ms/checkout/", params("flow=wms"), "wakaf.example.sg", "wakaf", wakafFlows),
    ).toBe("/ms/checkout/wakaf");
  });

  it("keeps the wakaf chrome on the wakaf host when the flow comes from the tab (back from the bank)", () => {
    expect(
      brandedPagePath("/checkout", params("return=3ds"), "wakaf.localhost", "wakaf", wakafFlows),
    ).toBe("/checkout/wakaf");
  });

  it("serves the zakat checkout for a zakat flow, on any other host, and leaves other pages alone", () => {
    expect(
      brandedPagePath("/checkout", params("flow=ZAKAT"), "wakaf.localhost", "wakaf", wakafFlows),
    ).toBe("/checkout");
    expect(
      brandedPagePath("/checkout", params("flow=ILMU"), "localhost:4321", "wakaf", wakafFlows),
    ).toBe("/checkout");
    expect(brandedPagePath("/wms", params(""), "wakaf.localhost", "wakaf", wakafFlows)).toBe(
      "/wms",
    );
  });

  it("follows the configured route name, as the pages are built with it", () => {
    expect(
      brandedPagePath("/checkout", params("flow=ILMU"), "amal.localhost", "amal", wakafFlows),
    ).toBe("/checkout/wakaf");
    // The wakaf twins live under the wakaf brand's home fund's route (the registry's `{product}-ilmu`).
    expect(brandedPagePath("/ms/profile", params(""), "amal.localhost", "amal", wakafFlows)).toBe(
      "/ms/amal-ilmu/profile",
    );
    expect(brandedPagePath("/", params(""), "amal.localhost", "amal", wakafFlows)).toBe(
      "/amal-ilmu/home",
    );
    expect(notFoundPagePath("/x", "amal.localhost", "amal")).toBe("/amal-ilmu/404");
  });
});

describe("the pages every flow shares, on the wakaf host", () => {
  it("serves their wakaf twins there, in both languages", () => {
    const on = (path: string) =>
      brandedPagePath(path, params(""), "wakaf.localhost:4321", "wakaf", wakafFlows);
    expect(on("/profile")).toBe("/wakaf-ilmu/profile");
    expect(on("/ms/enrollment/")).toBe("/ms/wakaf-ilmu/enrollment");
    expect(on("/enrollment/enroll-individual")).toBe("/wakaf-ilmu/enrollment/enroll-individual");
    // Issue 34: the Singpass pages too, whatever flow the tab keeps.
    expect(on("/enrollment/singpass")).toBe("/wakaf-ilmu/enrollment/singpass");
    expect(on("/ms/enrollment/singpass-update")).toBe("/ms/wakaf-ilmu/enrollment/singpass-update");
    expect(on("/ms/register")).toBe("/ms/wakaf-ilmu/register");
    expect(on("/register/tax-deduction")).toBe("/wakaf-ilmu/register/tax-deduction");
    expect(on("/calculator")).toBe("/calculator");
    expect(on("/profiles")).toBe("/profiles");
  });

  it("serves them as asked on any other host", () => {
    expect(brandedPagePath("/profile", params(""), "localhost:4321", "wakaf", wakafFlows)).toBe(
      "/profile",
    );
  });

  it("answers an unknown path with the host's not-found page, in the path's language", () => {
    expect(notFoundPagePath("/nope", "localhost:4321", "wakaf")).toBe("/404");
    expect(notFoundPagePath("/ms/tiada", "localhost", "wakaf")).toBe("/ms/404");
    expect(notFoundPagePath("/nope", "wakaf.localhost", "wakaf")).toBe("/wakaf-ilmu/404");
    expect(notFoundPagePath("/ms/tiada", "wakaf.example.sg", "wakaf")).toBe("/ms/wakaf-ilmu/404");
  });
});

describe("the configured site entries' answer for the host", () => {
  it("decides over the route in the host's name, for checkout, the shared pages and not-found", () => {
    // A wakaf host configured as giving.muis.sg (no route in its name), and a zakat host that has it.
    expect(
      brandedPagePath(
        "/checkout",
        params("flow=ILMU"),
        "giving.muis.sg",
        "wakaf",
        wakafFlows,
        true,
      ),
    ).toBe("/checkout/wakaf");
    expect(
      brandedPagePath("/profile", params(""), "wakaf-zakat.sg", "wakaf", wakafFlows, false),
    ).toBe("/profile");
    expect(notFoundPagePath("/ms/x", "giving.muis.sg", "wakaf", true)).toBe("/ms/wakaf-ilmu/404");
    expect(notFoundPagePath("/x", "wakaf-zakat.sg", "wakaf", false)).toBe("/404");
  });
});

describe("the wakaf host's home and landings", () => {
  const landings = new Set(["/wakaf-ilmu", "/wms"]);
  it("serves home's wakaf twin on the wakaf host, in both languages", () => {
    const on = (path: string) =>
      brandedPagePath(path, params(""), "giving.sg", "wakaf", wakafFlows, true);
    expect(on("/")).toBe("/wakaf-ilmu/home");
    expect(on("/ms")).toBe("/ms/wakaf-ilmu/home");
    expect(on("/ms/")).toBe("/ms/wakaf-ilmu/home");
    expect(brandedPagePath("/", params(""), "wakaf.localhost", "wakaf", wakafFlows, false)).toBe(
      "/",
    );
  });

  it("sends a wakaf landing home, in its language, only away from the wakaf host", () => {
    expect(landingRedirect("/wakaf-ilmu", landings, false)).toBe("/");
    expect(landingRedirect("/ms/wms/", landings, false)).toBe("/ms/");
    expect(landingRedirect("/wakaf-ilmu", landings, true)).toBeUndefined();
    expect(landingRedirect("/wakaf-ilmu/profile", landings, false)).toBeUndefined();
    expect(landingRedirect("/calculator", landings, false)).toBeUndefined();
  });
});

describe("the site's links (issue 34)", () => {
  it("are asked for at /go/<name>, in a language, and nothing else is", () => {
    expect(siteLinkRequest("/go/privacy")).toEqual({ name: "privacy", prefix: "" });
    expect(siteLinkRequest("/ms/go/wakafSite")).toEqual({ name: "wakafSite", prefix: "/ms" });
    for (const path of ["/go/", "/go/a/b", "/go/..%2f", "/privacy", "/xx/go/privacy/x"])
      expect(siteLinkRequest(path), path).toBeUndefined();
  });

  it("serve the privacy, terms, session and manage pages as the wakaf host's twins", () => {
    for (const page of ["/privacy", "/terms", "/session-expire", "/manage-gift"]) {
      expect(brandedPagePath(`/ms${page}`, new URLSearchParams(), "wakaf.localhost", "wakaf")).toBe(
        `/ms/wakaf-ilmu${page}`,
      );
      expect(brandedPagePath(page, new URLSearchParams(), "localhost", "wakaf")).toBe(page);
    }
  });
});
