import { describe, expect, it } from "vitest";
import { brandedPagePath, productRouteOf } from "./brand.mjs";

const params = (query) => new URLSearchParams(query);

describe("brandedPagePath", () => {
  it("serves the wakaf checkout on the wakaf host for a wakaf flow, in both languages", () => {
    expect(brandedPagePath("/checkout", params("flow=ILMU"), "wakaf.localhost:4321", "wakaf")).toBe(
      "/checkout/wakaf",
    );
    expect(brandedPagePath("/ms/checkout/", params("flow=wms"), "wakaf.example.sg", "wakaf")).toBe(
      "/ms/checkout/wakaf",
    );
  });

  it("keeps the wakaf chrome on the wakaf host when the flow comes from the tab (back from the bank)", () => {
    expect(brandedPagePath("/checkout", params("return=3ds"), "wakaf.localhost", "wakaf")).toBe(
      "/checkout/wakaf",
    );
  });

  it("serves the zakat checkout for a zakat flow, on any other host, and leaves other pages alone", () => {
    expect(brandedPagePath("/checkout", params("flow=ZAKAT"), "wakaf.localhost", "wakaf")).toBe(
      "/checkout",
    );
    expect(brandedPagePath("/checkout", params("flow=ILMU"), "localhost:4321", "wakaf")).toBe(
      "/checkout",
    );
    expect(brandedPagePath("/wms", params(""), "wakaf.localhost", "wakaf")).toBe("/wms");
  });

  it("follows the configured route name, checked as the build checks it", () => {
    expect(brandedPagePath("/checkout", params("flow=ILMU"), "amal.localhost", "amal")).toBe(
      "/checkout/wakaf",
    );
    expect(productRouteOf("amal")).toBe("amal");
    expect(productRouteOf("Not a route")).toBe("wakaf");
    expect(productRouteOf(undefined)).toBe("wakaf");
  });
});
