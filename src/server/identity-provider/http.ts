import type { IncomingMessage, ServerResponse } from "node:http";
import { mailTransport } from "../mail";
import {
  identityCodeRecords,
  identityStateRecords,
  rateWindowRecords,
  signupRecords,
} from "../records";
import { callerAddressOf, rateLimit } from "../rate-limit";
import { config, scoped } from "../root";
import { cognitoLayer, type CognitoLayer } from "./layer";
import { preSignUp } from "./pre-sign-up";

/** The path the browser's Amplify calls (`userPoolEndpoint`) when the embedded provider runs. */
export const LAYER_PATH = "/cognito-idp";
/** What the browser needs to configure Amplify; see `identityClientConfiguration`. */
export const CONFIG_PATH = "/auth/config";

/**
 * What the browser needs to sign in: the pool, the app client, the endpoint (only for the embedded
 * provider; Amplify finds Cognito's own from the pool's region) and which social providers are set up.
 * `enabled: false` when no pool is configured: the sign-in button then says sign-in is unavailable.
 */
function identityClientConfiguration() {
  const identity = config().identity;
  const userPoolId = identity.poolId;
  const userPoolClientId = identity.clientId;
  if (!userPoolId || !userPoolClientId) return { enabled: false as const };
  const oauthDomain = identity.oauthDomain;
  const social = identity.socialProviders;
  return {
    enabled: true as const,
    userPoolId,
    userPoolClientId,
    ...(identity.cognitoLocalUrl ? { userPoolEndpoint: LAYER_PATH } : {}),
    social: oauthDomain ? social : [],
    ...(oauthDomain ? { oauthDomain } : {}),
  };
}

/** The compatibility layer, when the launcher started cognito-local (PORTAL_COGNITO_LOCAL_URL). */
const layer = (): CognitoLayer | undefined =>
  scoped("cognitoLayer", () => {
    const identity = config().identity;
    const upstream = identity.cognitoLocalUrl;
    const userPoolId = identity.poolId;
    const clientId = identity.clientId;
    const issuer = identity.issuer;
    const adminKey = identity.cognitoAdminKey;
    if (!upstream || !userPoolId || !clientId || !issuer || !adminKey) return undefined;
    return cognitoLayer({
      upstream,
      userPoolId,
      clientId,
      issuer,
      adminKey,
      // Codes go straight to the transport, not the queue: a code is worth something only while
      // the donor waits for it, and the donor can ask again (ResendConfirmationCode).
      mailer: mailTransport(),
      store: async () => ({
        codes: await identityCodeRecords(),
        limits: await rateWindowRecords(),
        state: await identityStateRecords(),
      }),
      preSignUp: (event) => preSignUp(event, issuer),
      abandonSignUp: async (subject) => (await signupRecords()).remove(issuer, subject),
    });
  });

const send = (res: ServerResponse, status: number, body: unknown, type = "application/json") => {
  res.statusCode = status;
  res.setHeader("content-type", type);
  res.setHeader("cache-control", "no-store");
  res.end(JSON.stringify(body));
};

const readJson = (req: IncomingMessage): Promise<unknown> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > 64 * 1024) {
        req.removeAllListeners("data");
        req.resume();
        reject(new Error("too large"));
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => {
      try {
        const raw = Buffer.concat(chunks).toString("utf8").trim();
        resolve(raw === "" ? {} : (JSON.parse(raw) as unknown));
      } catch (error) {
        reject(error instanceof Error ? error : new Error("bad JSON"));
      }
    });
    req.on("error", reject);
  });

/** Every call to the layer counts here first: a flood from one address stops before any work. */
const floodLimit = () => scoped("identityFlood", () => rateLimit({ limit: 600, windowMs: 60_000 }));

/**
 * `/auth/config` (anyone) and, with the embedded provider, the layer at `/cognito-idp`: the Cognito
 * JSON calls (POST with `x-amz-target`), and the pool's JWKS and OpenID configuration.
 */
export async function serveIdentity(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  if (url.pathname === CONFIG_PATH) {
    send(res, 200, identityClientConfiguration());
    return;
  }
  const current = layer();
  if (!current) {
    send(res, 404, { message: "Not found" });
    return;
  }
  const rest = url.pathname.slice(LAYER_PATH.length).replace(/\/+$/, "");
  const upstream = config().identity.cognitoLocalUrl ?? "";
  const poolId = config().identity.poolId ?? "";
  if (req.method === "GET" && rest === `/${poolId}/.well-known/jwks.json`) {
    const answer = await fetch(`${upstream}/${poolId}/.well-known/jwks.json`);
    send(res, answer.status, await answer.json());
    return;
  }
  if (req.method === "GET" && rest === `/${poolId}/.well-known/openid-configuration`) {
    const issuer = config().identity.issuer ?? "";
    send(res, 200, {
      issuer,
      jwks_uri: `${issuer}/.well-known/jwks.json`,
      id_token_signing_alg_values_supported: ["RS256"],
    });
    return;
  }
  if (req.method !== "POST" || rest !== "") {
    send(res, 404, { message: "Not found" });
    return;
  }
  // The same address every other limit keys on (PORTAL_TRUST_PROXY: the proxy's forwarded one).
  const clientAddress = callerAddressOf(req);
  const type = "application/x-amz-json-1.1";
  if (!floodLimit().hit(clientAddress).allowed) {
    send(res, 400, { __type: "TooManyRequestsException", message: "Too many requests." }, type);
    return;
  }
  const target = String(req.headers["x-amz-target"] ?? "").split(".")[1] ?? "";
  let body: unknown;
  try {
    body = await readJson(req);
  } catch {
    send(res, 400, { __type: "SerializationException", message: "Bad request body." }, type);
    return;
  }
  const adminKey = req.headers["x-portal-admin-key"];
  const answer = await current({
    target,
    body,
    clientAddress,
    adminKey: typeof adminKey === "string" ? adminKey : undefined,
  });
  send(res, answer.status, answer.body, type);
}
