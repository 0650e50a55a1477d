import { readFileSync } from "node:fs";
import type { JWK } from "jose";
import type { Configuration } from "openid-client";
import { MYINFO_SCOPES, singpassClient, type SingpassConfig } from "@portal/adapters/singpass";
import type { PortalConfig } from "./config";
import { discovered } from "./discovery";

export interface SingpassSetup {
  readonly config: SingpassConfig;
  /** openid-client's configuration from Singpass's discovery document, made on first use. */
  readonly client: () => Promise<Configuration>;
}

type SingpassSettings = PortalConfig["singpass"];
type Env = (name: keyof SingpassSettings) => string | undefined;

const requiredOf =
  (env: Env) =>
  (name: keyof SingpassSettings): string => {
    const value = env(name);
    if (value === undefined) throw new Error(`${name} must be set when PORTAL_SINGPASS_ISSUER is`);
    return value;
  };

/** A private JWK from `<name>` (the JSON itself) or `<name>_FILE` (a file holding it). */
const jwk = (
  env: Env,
  name: "PORTAL_SINGPASS_SIGNING_KEY" | "PORTAL_SINGPASS_DECRYPTION_KEY",
): JWK => {
  const required = requiredOf(env);
  const file = env(`${name}_FILE`);
  const text = file === undefined ? required(name) : readFileSync(file, "utf8");
  try {
    const key = JSON.parse(text) as JWK;
    if (typeof key.d !== "string") throw new Error("not private");
    return key;
  } catch {
    throw new Error(`${name} (or ${name}_FILE) must be a private JWK in JSON`);
  }
};

/**
 * Singpass as configured (docs/configuration.md, PORTAL_SINGPASS_*). Without PORTAL_SINGPASS_ISSUER
 * there is no Singpass: the enrolment calls answer 404 `singpass.unavailable`. `npm start` sets them
 * all to its embedded stand-in.
 */
export const singpassSetupOf = (settings: SingpassSettings): SingpassSetup | undefined => {
  const env: Env = (name) => settings[name];
  const required = requiredOf(env);
  const issuer = env("PORTAL_SINGPASS_ISSUER")?.replace(/\/+$/, "");
  if (issuer === undefined) return undefined;
  const config: SingpassConfig = {
    issuer,
    clientId: required("PORTAL_SINGPASS_CLIENT_ID"),
    redirectUris: required("PORTAL_SINGPASS_REDIRECT_URI")
      .split(",")
      .map((uri) => uri.trim())
      .filter((uri) => uri !== ""),
    signingKey: jwk(env, "PORTAL_SINGPASS_SIGNING_KEY"),
    decryptionKey: jwk(env, "PORTAL_SINGPASS_DECRYPTION_KEY"),
    scopes: env("PORTAL_SINGPASS_SCOPES")?.split(/[\s,]+/) ?? [...MYINFO_SCOPES],
  };
  return { config, client: discovered(() => singpassClient(config)) };
};

/** The registered redirect URI on the host the donor is on (zakat or wakaf), else the first. */
export const redirectUriFor = (config: SingpassConfig, host: string | null): string => {
  const match = config.redirectUris.find((uri) => host !== null && new URL(uri).host === host);
  const first = config.redirectUris[0];
  if (first === undefined) throw new Error("PORTAL_SINGPASS_REDIRECT_URI names no address");
  return match ?? first;
};
