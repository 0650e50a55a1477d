import type { JWK, JWTVerifyGetKey } from "jose";
import { singpassKeys, type MyInfoConfig, type SingpassConfig } from "@portal/adapters/singpass";
import { shared } from "./shared";

export interface SingpassSetup {
  readonly singpass: SingpassConfig;
  readonly myinfo: MyInfoConfig;
  readonly keys: JWTVerifyGetKey;
}

const env = (name: string): string | undefined => process.env[name]?.trim() || undefined;

const required = (name: string): string => {
  const value = env(name);
  if (value === undefined) throw new Error(`${name} must be set when PORTAL_SINGPASS_ISSUER is`);
  return value;
};

/** A PEM from the environment; secret stores often keep its line breaks as `\n`. */
const pem = (name: string) => required(name).replace(/\\n/g, "\n");

const jwk = (name: string): JWK => {
  try {
    return JSON.parse(required(name)) as JWK;
  } catch {
    throw new Error(`${name} must be a private JWK in JSON`);
  }
};

/**
 * Singpass and MyInfo as configured (README "Configuration"): PORTAL_SINGPASS_* and PORTAL_MYINFO_*.
 * Without PORTAL_SINGPASS_ISSUER there is no Singpass: the enrolment calls answer 404
 * `singpass.unavailable`. `npm start` sets them all to its embedded MockPass.
 */
export const singpassSetup = (): SingpassSetup | undefined =>
  shared("singpassSetup", () => {
    const issuer = env("PORTAL_SINGPASS_ISSUER")?.replace(/\/+$/, "");
    if (issuer === undefined) return undefined;
    const redirectUri = required("PORTAL_SINGPASS_REDIRECT_URI");
    const singpass: SingpassConfig = {
      issuer,
      authorizeUrl: env("PORTAL_SINGPASS_AUTHORIZE_URL") ?? `${issuer}/authorize`,
      tokenUrl: env("PORTAL_SINGPASS_TOKEN_URL") ?? `${issuer}/token`,
      jwksUrl: env("PORTAL_SINGPASS_JWKS_URL") ?? `${issuer}/.well-known/keys`,
      clientId: required("PORTAL_SINGPASS_CLIENT_ID"),
      redirectUri,
      signingKey: jwk("PORTAL_SINGPASS_SIGNING_KEY"),
      decryptionKey: jwk("PORTAL_SINGPASS_DECRYPTION_KEY"),
    };
    const myinfo: MyInfoConfig = {
      baseUrl: required("PORTAL_MYINFO_URL"),
      clientId: required("PORTAL_MYINFO_CLIENT_ID"),
      clientSecret: required("PORTAL_MYINFO_CLIENT_SECRET"),
      redirectUri: env("PORTAL_MYINFO_REDIRECT_URI") ?? redirectUri,
      privateKeyPem: pem("PORTAL_MYINFO_PRIVATE_KEY"),
      certificatePem: pem("PORTAL_MYINFO_CERT"),
      purpose: "Enrolment as a donor for zakat, fidyah, kaffarah and wakaf receipts",
    };
    return { singpass, myinfo, keys: singpassKeys(singpass) };
  });
