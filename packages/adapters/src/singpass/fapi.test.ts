import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { portalJwks, publicJwk, type SingpassConfig } from "./fapi";
import { personFromUserinfo } from "./person";

const privateJwk = (use: string) => ({
  ...generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({ format: "jwk" }),
  kid: `${use}-1`,
});

const config: SingpassConfig = {
  issuer: "https://id.singpass.gov.sg/fapi",
  clientId: "client",
  redirectUris: ["https://zakat.example/enrollment/singpass"],
  signingKey: privateJwk("sig"),
  decryptionKey: privateJwk("enc"),
  scopes: ["openid", "uinfin", "name"],
};

describe("the portal's JWKS", () => {
  it("publishes none of an RSA key's private members (d, p, q, dp, dq, qi)", () => {
    const rsa = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({
      format: "jwk",
    });
    expect(Object.keys(publicJwk({ ...rsa, kid: "r" })).sort()).toEqual(["e", "kid", "kty", "n"]);
  });

  it("publishes the signing and encryption keys' public halves only", () => {
    const { keys } = portalJwks(config);
    expect(keys.map(({ kid, use, alg }) => ({ kid, use, alg }))).toEqual([
      { kid: "sig-1", use: "sig", alg: "ES256" },
      { kid: "enc-1", use: "enc", alg: "ECDH-ES+A256KW" },
    ]);
    for (const key of keys) {
      expect(key).not.toHaveProperty("d");
      expect(key).toMatchObject({ kty: "EC", crv: "P-256" });
    }
  });
});

describe("userinfo's Myinfo person", () => {
  it("is read from person_info, the NRIC from uinfin", () => {
    expect(
      personFromUserinfo({
        sub: "b0a2c7e4-5f1d-4c3e-9a7b-2f6e1d8c9a01",
        person_info: {
          uinfin: { value: "F1612347K" },
          name: { value: "SITI NURHALIZA BINTI AHMAD" },
          sex: { code: "F", desc: "FEMALE" },
          birthcountry: { code: "MY", desc: "MALAYSIA" },
          email: { value: "" },
          mobileno: { prefix: { value: "+" }, areacode: { value: "" }, nbr: { value: "" } },
          regadd: { type: "SG", country: { code: "", desc: "" } },
        },
      }),
    ).toEqual({
      nric: "F1612347K",
      name: "SITI NURHALIZA BINTI AHMAD",
      sex: "FEMALE",
      countryOfBirth: "MALAYSIA",
      address: {},
    });
  });

  it("without person_info, or with Myinfo's person at the top level, is no person", () => {
    expect(personFromUserinfo({ sub: "x" })).toBeUndefined();
    expect(
      personFromUserinfo({ uinfin: { value: "S9812379B" }, name: { value: "LIM" } }),
    ).toBeUndefined();
  });
});
