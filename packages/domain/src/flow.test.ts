import { describe, expect, it } from "vitest";
import {
  enrolmentPath,
  flowFromPath,
  flowRoots,
  homePath,
  isEnrolmentPath,
  isFlowRoot,
  isFlowType,
  profilePath,
  resolveFlow,
  sessionExpirePath,
  MAIN_CHARITY_ID,
  DEFAULT_PRODUCT_ROUTE,
  productRouteOf,
} from "./flow.ts";
import { fundOf } from "./funds/lookup.ts";

describe("flows", () => {
  it("picks the flow from the path or the wakaf host", () => {
    expect(flowFromPath("/fidyah/profile")).toBe("FIDYAH");
    expect(flowFromPath("/kaffarah")).toBe("KAFFARAH");
    expect(flowFromPath("/wakaf-ilmu/enrollment")).toBe("ILMU");
    expect(flowFromPath("/wms")).toBe("WMS");
    expect(flowFromPath("/wms", "wakaf.localhost")).toBe("WMS");
    expect(flowFromPath("/", "wakaf.localhost")).toBe("ILMU");
    expect(flowFromPath("/calculator", "zakat.localhost")).toBe("ZAKAT");
    expect(flowFromPath("/amal-ilmu", "", "amal")).toBe("ILMU");
  });

  it("prefers a stored flow", () => {
    expect(resolveFlow({ stored: "KAFFARAH", path: "/" })).toBe("KAFFARAH");
    expect(resolveFlow({ stored: "nonsense", path: "/fidyah" })).toBe("FIDYAH");
    expect(isFlowType(null)).toBe(false);
  });

  it("knows each flow's home, enrolment, session-expire and profile paths", () => {
    expect(homePath("ZAKAT")).toBe("/");
    expect(homePath("ILMU")).toBe("/wakaf-ilmu");
    expect(homePath("WMS")).toBe("/wms");
    expect(enrolmentPath("ZAKAT")).toBe("/enrollment");
    expect(enrolmentPath("KAFFARAH")).toBe("/kaffarah/enrollment");
    expect(sessionExpirePath("FIDYAH")).toBe("/fidyah/session-expire");
    expect(sessionExpirePath("ZAKAT")).toBe("/session-expire");
    expect(profilePath("WMS")).toBe("/wms/profile");
    expect(flowRoots()).toContain("/calculator");
    expect(isFlowRoot("/fidyah/")).toBe(true);
    expect(isFlowRoot("/")).toBe(true);
    expect(isFlowRoot("/profile")).toBe(false);
    expect(isEnrolmentPath("/enrollment/singpass")).toBe(true);
    expect(isEnrolmentPath("/wakaf-ilmu/enrollment")).toBe(true);
    expect(isEnrolmentPath("/fidyah")).toBe(false);
  });

  it("holds the wakaf fund ids", () => {
    expect([fundOf("ILMU").charityId, fundOf("ILMU").donationTypeId]).toEqual([135, 33]);
    expect([fundOf("WMS").charityId, fundOf("WMS").donationTypeId]).toEqual([136, 34]);
    expect(MAIN_CHARITY_ID).toBe(25);
  });
});

describe("productRouteOf", () => {
  it("takes a route name and falls back to the default for anything else", () => {
    expect(productRouteOf("amal")).toBe("amal");
    expect(productRouteOf(undefined)).toBe(DEFAULT_PRODUCT_ROUTE);
    expect(productRouteOf("Wakaf/../x")).toBe(DEFAULT_PRODUCT_ROUTE);
  });
});
