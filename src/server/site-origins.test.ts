import { describe, expect, it } from "vitest";
import { siteOrigins } from "./site-origins";

describe("the two brands' origins", () => {
  it("are the configured public addresses, the wakaf one named after the route when not given", () => {
    expect(siteOrigins({ publicUrl: "https://www.zakat.sg/", productRoute: "wakaf" })).toEqual({
      zakat: "https://www.zakat.sg",
      wakaf: "https://wakaf.www.zakat.sg",
    });
    expect(
      siteOrigins({
        publicUrl: "http://localhost:4321",
        wakafPublicUrl: "https://giving.muis.sg/x",
        productRoute: "wakaf",
      }),
    ).toEqual({ zakat: "http://localhost:4321", wakaf: "https://giving.muis.sg" });
  });
});
