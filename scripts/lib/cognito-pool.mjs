// The embedded user pool and app client, made on first start and found again afterwards (by name),
// through cognito-local's own API. Idempotent: starting twice leaves one pool and one client.
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export const POOL_NAME = "portal";
export const CLIENT_NAME = "portal-web";

async function call(endpoint, target, body) {
  const response = await fetch(`${endpoint}/`, {
    method: "POST",
    headers: {
      "content-type": "application/x-amz-json-1.1",
      "x-amz-target": `AWSCognitoIdentityProviderService.${target}`,
    },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok)
    throw new Error(`${target}: ${answer.__type ?? response.status} ${answer.message ?? ""}`);
  return answer;
}

/**
 * The custom attributes of spec §3 the portal sets at the provider (the NRIC is not among them: it goes
 * to the PreSignUp check and the portal only). A real pool declares them in its schema; so does this
 * one, or cognito-local refuses to update them (a social sign-up sets BUSINESS_ACC on return).
 */
export const CUSTOM_ATTRIBUTES = ["BUSINESS_ACC", "COUNTRY_CODE", "UEN", "COMPANY_NAME"];

async function ensureCustomAttributes(endpoint, userPoolId) {
  const described = await call(endpoint, "DescribeUserPool", { UserPoolId: userPoolId });
  const known = new Set((described.UserPool?.SchemaAttributes ?? []).map((a) => a.Name));
  const missing = CUSTOM_ATTRIBUTES.filter((name) => !known.has(`custom:${name}`));
  if (missing.length === 0) return;
  await call(endpoint, "AddCustomAttributes", {
    UserPoolId: userPoolId,
    CustomAttributes: missing.map((Name) => ({ Name, AttributeDataType: "String", Mutable: true })),
  });
}

/** The pool (users sign in with their e-mail) and its client (USER_PASSWORD_AUTH, refresh). */
export async function ensurePool(endpoint) {
  const pools = await call(endpoint, "ListUserPools", { MaxResults: 60 });
  let pool = (pools.UserPools ?? []).find((p) => p.Name === POOL_NAME);
  pool ??= (
    await call(endpoint, "CreateUserPool", {
      PoolName: POOL_NAME,
      UsernameAttributes: ["email"],
      AutoVerifiedAttributes: ["email"],
      Policies: {
        PasswordPolicy: {
          MinimumLength: 7,
          RequireUppercase: true,
          RequireLowercase: true,
          RequireNumbers: true,
          RequireSymbols: true,
        },
      },
    })
  ).UserPool;
  await ensureCustomAttributes(endpoint, pool.Id);
  const clients = await call(endpoint, "ListUserPoolClients", {
    UserPoolId: pool.Id,
    MaxResults: 60,
  });
  let client = (clients.UserPoolClients ?? []).find((c) => c.ClientName === CLIENT_NAME);
  client ??= (
    await call(endpoint, "CreateUserPoolClient", {
      UserPoolId: pool.Id,
      ClientName: CLIENT_NAME,
      ExplicitAuthFlows: ["ALLOW_USER_PASSWORD_AUTH", "ALLOW_REFRESH_TOKEN_AUTH"],
      IdTokenValidity: 60,
      AccessTokenValidity: 60,
      RefreshTokenValidity: 1,
      TokenValidityUnits: { IdToken: "minutes", AccessToken: "minutes", RefreshToken: "days" },
    })
  ).UserPoolClient;
  return { userPoolId: pool.Id, clientId: client.ClientId };
}

/**
 * cognito-local's configuration: its tokens name the portal's layer as issuer
 * (`http://127.0.0.1:<port>/cognito-idp/<pool>`), which is where the browser reaches the pool.
 */
export function writeCognitoConfig(folder, portalPort) {
  const configDir = path.join(folder, ".cognito");
  mkdirSync(configDir, { recursive: true });
  writeFileSync(
    path.join(configDir, "config.json"),
    JSON.stringify(
      {
        TokenConfig: { IssuerDomain: `http://127.0.0.1:${portalPort}/cognito-idp` },
        UserPoolDefaults: { UsernameAttributes: ["email"] },
      },
      null,
      2,
    ),
  );
}

/** The key that opens the layer's admin calls: made once per data folder, readable by its owner only. */
export function adminKey(folder) {
  const file = path.join(folder, "admin.key");
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(folder, { recursive: true });
    const key = randomBytes(24).toString("base64url");
    writeFileSync(file, key, { mode: 0o600 });
    return key;
  }
}
