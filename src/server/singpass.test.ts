import { describe, expect, it } from "vitest";
import { redirectUriFor } from "./singpass";

const config = {
  issuer: "https://id.singpass.gov.sg/fapi",
  clientId: "client",
  redirectUris: [
    "https://zakat.example.sg/enrollment/singpass",
    "https://wakaf.example.sg/enrollment/singpass",
  ],
  signingKey: {},
  decryptionKey: {},
  scopes: ["openid"],
};

describe("the redirect URI of a Singpass login", () => {
  it("is the registered one on the donor's host, else the first", () => {
    expect(redirectUriFor(config, "wakaf.example.sg")).toBe(
      "https://wakaf.example.sg/enrollment/singpass",
    );
    expect(redirectUriFor(config, "zakat.example.sg")).toBe(
      "https://zakat.example.sg/enrollment/singpass",
    );
    expect(redirectUriFor(config, "evil.example")).toBe(
      "https://zakat.example.sg/enrollment/singpass",
    );
    expect(redirectUriFor(config, null)).toBe("https://zakat.example.sg/enrollment/singpass");
  });
});
