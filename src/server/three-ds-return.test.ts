import { describe, expect, it } from "vitest";
import { returnUrlFor } from "./payments";

describe("where the bank's 3-D Secure page sends a donor back", () => {
  const config = { publicUrl: "https://zakat.example.sg", productRoute: "wakaf" };

  it("keeps zakat, fidyah and kaffarah on the gateway's default (the public address)", () => {
    for (const flow of ["ZAKAT", "FIDYAH", "KAFFARAH"])
      expect(returnUrlFor(flow, config)).toBeUndefined();
  });

  it("sends wakaf donors back to the wakaf host, whose tab holds their checkout", () => {
    expect(returnUrlFor("ILMU", config)).toBe("https://wakaf.zakat.example.sg/checkout?return=3ds");
    expect(returnUrlFor("WMS", { publicUrl: "http://localhost:4321", productRoute: "wakaf" })).toBe(
      "http://wakaf.localhost:4321/checkout?return=3ds",
    );
    expect(
      returnUrlFor("WMS", { ...config, wakafPublicUrl: "https://www.wakaf.example.sg/" }),
    ).toBe("https://www.wakaf.example.sg/checkout?return=3ds");
  });
});
