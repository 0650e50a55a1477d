import { readFileSync } from "node:fs";
import type { Configuration } from "openid-client";
import { parseRoleGroups } from "@portal/domain";
import {
  consoleSessions,
  rateDrafts,
  signInRefusals,
  staffDirectoryClient,
  type StaffDirectoryConfig,
} from "@portal/adapters/console";
import type { PortalConfig } from "../config";
import { discovered } from "../discovery";
import type { PortalDatabase } from "../database";
import type { Deferred } from "../records";

type StaffSettings = PortalConfig["staff"];

export interface StaffDirectory {
  readonly config: StaffDirectoryConfig;
  /** openid-client's configuration from the directory's discovery, made on first sign-in. */
  readonly client: () => Promise<Configuration>;
}

/**
 * The council's staff directory (docs/console.md, PORTAL_STAFF_*), or undefined without
 * PORTAL_STAFF_ISSUER: then nobody signs in to the console. `npm start` points it at the embedded one.
 */
export const staffDirectoryOf = (settings: StaffSettings): StaffDirectory | undefined => {
  const env = (name: keyof StaffSettings): string | undefined => settings[name];
  const required = (name: keyof StaffSettings): string => {
    const value = env(name);
    if (value === undefined) throw new Error(`${name} must be set when PORTAL_STAFF_ISSUER is`);
    return value;
  };
  const issuer = env("PORTAL_STAFF_ISSUER")?.replace(/\/+$/, "");
  if (issuer === undefined) return undefined;
  const secretFile = env("PORTAL_STAFF_CLIENT_SECRET_FILE");
  const config: StaffDirectoryConfig = {
    issuer,
    clientId: required("PORTAL_STAFF_CLIENT_ID"),
    clientSecret:
      secretFile === undefined
        ? required("PORTAL_STAFF_CLIENT_SECRET")
        : readFileSync(secretFile, "utf8").trim(),
    redirectUri: required("PORTAL_STAFF_REDIRECT_URI"),
    groupsClaim: env("PORTAL_STAFF_GROUPS_CLAIM") ?? "groups",
    roleGroups: parseRoleGroups(env("PORTAL_STAFF_ROLE_GROUPS") ?? ""),
    scopes: env("PORTAL_STAFF_SCOPES")?.split(/[\s,]+/) ?? ["openid", "profile", "groups"],
  };
  return { config, client: discovered(() => staffDirectoryClient(config)) };
};

/** The registered redirect URI on the host the officer is on, else the first. */
export const redirectUriFor = (config: StaffDirectoryConfig, host: string | null): string => {
  const uris = config.redirectUri.split(",").map((uri) => uri.trim());
  return uris.find((uri) => host !== null && new URL(uri).host === host) ?? uris[0] ?? "";
};

/** The console's own records over the portal's database. */
export interface ConsoleRecords {
  readonly sessions: Deferred<ReturnType<typeof consoleSessions>>;
  readonly rateDrafts: Deferred<ReturnType<typeof rateDrafts>>;
  readonly signInRefusals: Deferred<ReturnType<typeof signInRefusals>>;
}

export const consoleRecords = (database: PortalDatabase): ConsoleRecords => ({
  sessions: database.over(consoleSessions),
  rateDrafts: database.over(rateDrafts),
  signInRefusals: database.over(signInRefusals),
});
