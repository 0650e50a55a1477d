import type { IncomingMessage, ServerResponse } from "node:http";
import { readJson, send } from "../http";
import { cognitoLayer, type LayerOptions } from "./layer";

/** The path the browser's Amplify calls (`userPoolEndpoint`) when the embedded provider runs. */
export const LAYER_PATH = "/cognito-idp";

export interface LayerHttpOptions extends LayerOptions {
  /** The caller's address, as every other limit of the portal keys it. */
  readonly clientAddress: (req: IncomingMessage) => string;
  /** Whether another call from this address may be served now (a flood stops before any work). */
  readonly allowCall: (clientAddress: string) => boolean;
}

/**
 * The layer at `/cognito-idp`: the Cognito JSON calls (POST with `x-amz-target`), and the pool's JWKS
 * (cognito-local's) and OpenID configuration.
 */
export function serveCognitoLayer(options: LayerHttpOptions) {
  const layer = cognitoLayer(options);
  const type = "application/x-amz-json-1.1";
  return async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const rest = url.pathname.slice(LAYER_PATH.length).replace(/\/+$/, "");
    const pool = `/${options.userPoolId}/.well-known`;
    if (req.method === "GET" && rest === `${pool}/jwks.json`) {
      const answer = await fetch(`${options.upstream}${pool}/jwks.json`);
      send(res, answer.status, await answer.json());
      return;
    }
    if (req.method === "GET" && rest === `${pool}/openid-configuration`) {
      send(res, 200, {
        issuer: options.issuer,
        jwks_uri: `${options.issuer}/.well-known/jwks.json`,
        id_token_signing_alg_values_supported: ["RS256"],
      });
      return;
    }
    if (req.method !== "POST" || rest !== "") {
      send(res, 404, { message: "Not found" });
      return;
    }
    const clientAddress = options.clientAddress(req);
    if (!options.allowCall(clientAddress)) {
      send(res, 400, { __type: "TooManyRequestsException", message: "Too many requests." }, type);
      return;
    }
    const target = String(req.headers["x-amz-target"] ?? "").split(".")[1] ?? "";
    let body: unknown;
    try {
      body = await readJson(req, 64 * 1024);
    } catch {
      send(res, 400, { __type: "SerializationException", message: "Bad request body." }, type);
      return;
    }
    const adminKey = req.headers["x-portal-admin-key"];
    const answer = await layer({
      target,
      body,
      clientAddress,
      adminKey: typeof adminKey === "string" ? adminKey : undefined,
    });
    send(res, answer.status, answer.body, type);
  };
}
