import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { readText, send } from "../http";
import { callCognitoLocal, type Body } from "./cognito-local";

/**
 * Browser tests only: a stand-in for the user pool's hosted UI with Google and Facebook behind it, so a
 * social sign-in runs end to end with no real provider. Amplify's `signInWithRedirect` goes to
 * `https://<oauth domain>/oauth2/authorize`; the tests route that domain here (`/__test/oauth2/...`,
 * mounted with the portal's test controls, behind their token). The "provider" is a form asking which
 * e-mail and name it vouches for. The account is then made in cognito-local as Cognito makes a
 * federated user (its own account beside any other with that e-mail, e-mail verified), its tokens are
 * issued by cognito-local, and they are handed over by the authorization-code exchange with PKCE, as
 * the hosted UI does. Everything after the return (Amplify, the layer, the portal's calls and checks)
 * is the real code.
 */
export interface FakeSocialOptions {
  /** cognito-local's address. */
  readonly upstream: string;
  readonly userPoolId: string;
  readonly clientId: string;
  readonly now?: () => number;
}

type Tokens = { access_token: string; id_token: string; refresh_token: string };

const CODE_LIFETIME_MS = 5 * 60_000;
const PROVIDERS = new Set(["Google", "Facebook"]);

const escape = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

const s256 = (verifier: string) => createHash("sha256").update(verifier).digest("base64url");

const sameText = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

const readForm = async (req: IncomingMessage) =>
  new URLSearchParams(await readText(req, 16 * 1024));

export function fakeSocialProvider(options: FakeSocialOptions) {
  const now = options.now ?? Date.now;
  const codes = new Map<
    string,
    { tokens: Tokens; redirectUri: string; challenge: string; expires: number }
  >();
  /** The pool account each provider identity was given (`Google:a@b.sg` → cognito-local's sub). */
  const accounts = new Map<string, string>();

  const cognito = (target: string, body: Body) => callCognitoLocal(options.upstream, target, body);

  /** The pool account of this provider identity, made on its first sign-in. */
  async function accountFor(provider: string, email: string, name: string): Promise<string> {
    const key = `${provider}:${email}`;
    const known = accounts.get(key);
    if (known) {
      const found = await cognito("AdminGetUser", {
        UserPoolId: options.userPoolId,
        Username: known,
      }).catch(() => undefined);
      if (found) return known;
    }
    const identity = createHash("sha256").update(key).digest("hex").slice(0, 20);
    const created = await cognito("AdminCreateUser", {
      UserPoolId: options.userPoolId,
      // Cognito names federated users `<Provider>_<id>`; cognito-local's e-mail pool wants an address.
      Username: `${provider.toLowerCase()}_${identity}@federated.invalid`,
      MessageAction: "SUPPRESS",
      TemporaryPassword: `T1!${randomBytes(12).toString("base64url")}`,
      UserAttributes: [
        { Name: "email", Value: email },
        { Name: "email_verified", Value: "true" },
        { Name: "name", Value: name },
      ],
    });
    const user = created["User"] as { Username: string };
    accounts.set(key, user.Username);
    return user.Username;
  }

  /** Tokens of the account, issued by cognito-local (a fresh one-off password stands in for the IdP). */
  async function tokensOf(username: string): Promise<Tokens> {
    const password = `P1!${randomBytes(18).toString("base64url")}`;
    await cognito("AdminSetUserPassword", {
      UserPoolId: options.userPoolId,
      Username: username,
      Password: password,
      Permanent: true,
    });
    const answer = await cognito("InitiateAuth", {
      AuthFlow: "USER_PASSWORD_AUTH",
      ClientId: options.clientId,
      AuthParameters: { USERNAME: username, PASSWORD: password },
    });
    const result = answer["AuthenticationResult"] as Record<string, string>;
    return {
      access_token: result["AccessToken"] ?? "",
      id_token: result["IdToken"] ?? "",
      refresh_token: result["RefreshToken"] ?? "",
    };
  }

  const oauthError = (res: ServerResponse, cors: Record<string, string>, description: string) =>
    send(
      res,
      400,
      { error: "invalid_request", error_description: description },
      "application/json",
      cors,
    );

  const page = (params: URLSearchParams, provider: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(provider)} (test stand-in)</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family:sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem">
<h1>${escape(provider)}</h1>
<p>Test stand-in: no ${escape(provider)} runs here. Say which account ${escape(provider)} vouches for.</p>
<form method="post" action="/oauth2/authorize">
${["redirect_uri", "client_id", "identity_provider", "state", "code_challenge"]
  .map((name) => `<input type="hidden" name="${name}" value="${escape(params.get(name) ?? "")}">`)
  .join("\n")}
<p><label>E-mail <input name="email" type="email" required autocomplete="off"></label></p>
<p><label>Name <input name="name" required autocomplete="off"></label></p>
<button type="submit">Continue</button>
</form></body></html>`;

  /**
   * `/__test/oauth2/authorize` (GET the form, POST it), `/__test/oauth2/token`, `/__test/logout`, and
   * `/__test/oauth2/account?provider&email` (whether that identity's pool account still exists).
   */
  return async function handle(req: IncomingMessage, res: ServerResponse, url: URL) {
    const origin = typeof req.headers.origin === "string" ? req.headers.origin : "*";
    const cors = {
      "access-control-allow-origin": origin,
      "access-control-allow-headers": "content-type, x-amz-user-agent",
      "access-control-allow-methods": "POST, OPTIONS",
    };
    const path = url.pathname.replace(/^\/__test/, "");
    if (req.method === "OPTIONS") {
      send(res, 204, "", "text/plain", cors);
      return;
    }
    if (path === "/oauth2/authorize" && req.method === "GET") {
      const q = url.searchParams;
      const provider = q.get("identity_provider") ?? "";
      if (
        q.get("client_id") !== options.clientId ||
        q.get("response_type") !== "code" ||
        q.get("code_challenge_method") !== "S256" ||
        !q.get("code_challenge") ||
        !q.get("redirect_uri") ||
        !PROVIDERS.has(provider)
      ) {
        oauthError(res, {}, "Bad authorization request");
        return;
      }
      send(res, 200, page(q, provider), "text/html; charset=utf-8");
      return;
    }
    if (path === "/oauth2/authorize" && req.method === "POST") {
      const form = await readForm(req);
      const provider = form.get("identity_provider") ?? "";
      const email = (form.get("email") ?? "").trim().toLowerCase();
      const name = (form.get("name") ?? "").trim();
      const redirectUri = form.get("redirect_uri") ?? "";
      if (form.get("client_id") !== options.clientId || !PROVIDERS.has(provider) || !email) {
        oauthError(res, {}, "Bad authorization request");
        return;
      }
      const tokens = await tokensOf(await accountFor(provider, email, name || email));
      const code = randomBytes(24).toString("base64url");
      codes.set(code, {
        tokens,
        redirectUri,
        challenge: form.get("code_challenge") ?? "",
        expires: now() + CODE_LIFETIME_MS,
      });
      const back = new URL(redirectUri);
      back.searchParams.set("code", code);
      back.searchParams.set("state", form.get("state") ?? "");
      res.statusCode = 302;
      res.setHeader("location", back.href);
      res.end();
      return;
    }
    if (path === "/oauth2/token" && req.method === "POST") {
      const form = await readForm(req);
      const code = form.get("code") ?? "";
      const kept = codes.get(code);
      codes.delete(code);
      const verifier = form.get("code_verifier") ?? "";
      if (
        form.get("grant_type") !== "authorization_code" ||
        form.get("client_id") !== options.clientId ||
        !kept ||
        kept.expires < now() ||
        kept.redirectUri !== form.get("redirect_uri") ||
        !sameText(s256(verifier), kept.challenge)
      ) {
        send(res, 400, { error: "invalid_grant" }, "application/json", cors);
        return;
      }
      const tokens = { ...kept.tokens, token_type: "Bearer", expires_in: 3600 };
      send(res, 200, tokens, "application/json", cors);
      return;
    }
    if (path === "/oauth2/account" && req.method === "GET") {
      // For the tests: whether the pool still holds the account this provider identity was given.
      const known = accounts.get(
        `${url.searchParams.get("provider") ?? ""}:${(url.searchParams.get("email") ?? "").toLowerCase()}`,
      );
      const found =
        known &&
        (await cognito("AdminGetUser", { UserPoolId: options.userPoolId, Username: known }).catch(
          () => undefined,
        ));
      send(res, 200, { exists: Boolean(found) });
      return;
    }
    if (path === "/logout" && req.method === "GET") {
      const to = url.searchParams.get("logout_uri");
      res.statusCode = to ? 302 : 200;
      if (to) res.setHeader("location", to);
      res.end();
      return;
    }
    send(res, 404, { message: "Not found" });
  };
}
