// The embedded Singpass stand-in (dev and test only): oidc-provider, a certified OpenID provider,
// configured as Singpass's FAPI 2.0 profile: PAR required, PKCE S256, `private_key_jwt`, DPoP-bound
// tokens, ID tokens and userinfo signed (ES256) then encrypted (ECDH-ES+A256KW, A256GCM) to the
// portal's key from its JWKS, Myinfo under userinfo's `person_info`. The tester picks a persona on its
// login page. On 127.0.0.1 only; the launcher (scripts/lib/singpass-standin.mjs) sets its environment.
import { generateKeyPairSync } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { CompactEncrypt, CompactSign, importJWK } from "jose";
import Provider, { errors, interactionPolicy } from "oidc-provider";
import { loginPage, errorPage, readForm, FAULTS } from "./singpass-standin-pages.mjs";
import { MYINFO_ITEMS, personas } from "./singpass-personas.mjs";

const env = (name) => {
  const value = process.env[name];
  if (!value) {
    console.error(`[singpass] ${name} must be set`);
    process.exit(1);
  }
  return value;
};
const port = Number(env("SINGPASS_STANDIN_PORT"));
const issuer = `http://127.0.0.1:${port}`;
const keys = JSON.parse(readFileSync(env("SINGPASS_STANDIN_KEYS_FILE"), "utf8"));
const clientJwksUri = env("SINGPASS_STANDIN_CLIENT_JWKS_URI");
const parTtl = Number(process.env.SINGPASS_STANDIN_PAR_TTL ?? "60");

// Every authorization shows the login page (no single sign-on between logins), as a tester expects.
const policy = interactionPolicy.base();
policy
  .get("login")
  .checks.add(
    new interactionPolicy.Check("every_time", "the tester picks a persona every time", (ctx) =>
      ctx.oidc.result?.login
        ? interactionPolicy.Check.NO_NEED_TO_PROMPT
        : interactionPolicy.Check.REQUEST_PROMPT,
    ),
  );

const byUuid = new Map(personas.map((persona) => [persona.uuid, persona]));
/** Where each pushed request came from (request URI -> redirect URI, state), kept 30 minutes. */
const pushedRequests = new Map();
/** Faults a tester asked for on the login page, by grant (dev/test only: they exercise the portal). */
const faults = new Map();

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: env("SINGPASS_STANDIN_CLIENT_ID"),
      redirect_uris: env("SINGPASS_STANDIN_REDIRECT_URIS").split(","),
      grant_types: ["authorization_code"],
      response_types: ["code"],
      token_endpoint_auth_method: "private_key_jwt",
      token_endpoint_auth_signing_alg: "ES256",
      jwks_uri: clientJwksUri,
      id_token_signed_response_alg: "ES256",
      id_token_encrypted_response_alg: "ECDH-ES+A256KW",
      id_token_encrypted_response_enc: "A256GCM",
      userinfo_signed_response_alg: "ES256",
      userinfo_encrypted_response_alg: "ECDH-ES+A256KW",
      userinfo_encrypted_response_enc: "A256GCM",
      dpop_bound_access_tokens: true,
      require_pushed_authorization_requests: true,
    },
  ],
  jwks: { keys: [keys.signing] },
  cookies: { keys: [keys.cookie] },
  clientAuthMethods: ["private_key_jwt"],
  // Singpass's FAPI 2.0 page asks for `typ: "JWT"` in the client assertion's header; the audience
  // must be the issuer (oidc-provider's own FAPI 2.0 check, which this replaces, kept).
  async assertJwtClientAuthClaimsAndHeader(_ctx, claims, header) {
    if (header.typ !== "JWT") {
      throw new errors.InvalidClientAuth('the client assertion\'s header must have typ "JWT"');
    }
    if (claims.aud !== issuer) {
      throw new errors.InvalidClientAuth("audience (aud) must equal the issuer identifier url");
    }
  },
  pkce: { required: () => true },
  scopes: ["openid", ...MYINFO_ITEMS],
  claims: {
    openid: ["sub"],
    ...Object.fromEntries(MYINFO_ITEMS.map((scope) => [scope, ["person_info"]])),
  },
  enabledJWA: {
    clientAuthSigningAlgValues: ["ES256"],
    idTokenSigningAlgValues: ["ES256"],
    userinfoSigningAlgValues: ["ES256"],
    idTokenEncryptionAlgValues: ["ECDH-ES+A256KW"],
    idTokenEncryptionEncValues: ["A256GCM"],
    userinfoEncryptionAlgValues: ["ECDH-ES+A256KW"],
    userinfoEncryptionEncValues: ["A256GCM"],
    dPoPSigningAlgValues: ["ES256"],
  },
  features: {
    devInteractions: { enabled: false },
    pushedAuthorizationRequests: { enabled: true, requirePushedAuthorizationRequests: true },
    dPoP: { enabled: true },
    encryption: { enabled: true },
    jwtUserinfo: { enabled: true },
    userinfo: { enabled: true },
    fapi: { enabled: true, profile: "2.0" },
  },
  ttl: { AccessToken: 1800, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 600 },
  // oidc-provider refuses loopback addresses (SSRF protection); the portal's JWKS is one here.
  fetch: (url, { dispatcher: _loopbackRefused, ...options }) =>
    globalThis.fetch(
      url,
      String(url) === clientJwksUri ? options : { ...options, dispatcher: _loopbackRefused },
    ),
  interactions: { policy, url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  async findAccount(_ctx, id) {
    const persona = byUuid.get(id);
    if (!persona) return undefined;
    return {
      accountId: id,
      // Userinfo carries the scoped Myinfo items; the ID token only `sub` (Singpass's user UUID).
      async claims(use, scope) {
        if (use !== "userinfo") return { sub: id };
        const asked = new Set(String(scope).split(" "));
        const info = Object.fromEntries(
          Object.entries(persona.person).filter(([name]) => asked.has(name)),
        );
        return { sub: id, person_info: info };
      },
    };
  },
  async renderError(ctx, out) {
    // A pushed request that expired (or was used) names no redirect URI the provider still trusts; the
    // stand-in remembers where each came from and sends the donor back with the error, as a relying
    // party needs to see it. Anything else: its own error page.
    const pushed = pushedRequests.get(String(ctx.oidc?.params?.request_uri ?? ""));
    if (out.error === "invalid_request_uri" && pushed) {
      const back = new URL(pushed.redirectUri);
      back.search = new URLSearchParams({
        error: out.error,
        error_description: out.error_description ?? "",
        state: pushed.state,
        iss: issuer,
      }).toString();
      ctx.redirect(back.toString());
      return;
    }
    ctx.type = "html";
    ctx.body = errorPage(out);
  },
});
provider.proxy = false;
// Why a request was refused (the error's code and description, never a token or a person).
for (const event of [
  "pushed_authorization_request.error",
  "authorization.error",
  "grant.error",
  "userinfo.error",
  "server_error",
]) {
  provider.on(event, (_ctx, error) => {
    console.log(
      `[singpass] ${event}: ${error.error ?? error.name} ${error.error_description ?? ""} ${error.error_detail ?? ""}`,
    );
  });
}

// A pushed request lives SINGPASS_STANDIN_PAR_TTL seconds (Singpass: 60), so a test can let one expire.
const { save } = provider.PushedAuthorizationRequest.prototype;
provider.PushedAuthorizationRequest.prototype.save = function (ttl) {
  return save.call(this, Math.min(ttl ?? parTtl, parTtl));
};

const portalEncryptionKey = async () => {
  const jwks = await (await fetch(clientJwksUri)).json();
  const jwk = jwks.keys.find((key) => key.use === "enc");
  return importJWK(jwk, "ECDH-ES+A256KW");
};

/** An ID token made here to carry a fault: signed with the stand-in's key, encrypted to `key` if any. */
async function faultyIdToken(code, clientId, nonce, key) {
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    iss: issuer,
    sub: code.accountId,
    aud: clientId,
    iat: now,
    exp: now + 600,
    nonce,
  };
  const signed = await new CompactSign(new TextEncoder().encode(JSON.stringify(claims)))
    .setProtectedHeader({ alg: "ES256", typ: "JWT", kid: keys.signing.kid })
    .sign(await importJWK(keys.signing, "ES256"));
  if (!key) return signed;
  return new CompactEncrypt(new TextEncoder().encode(signed))
    .setProtectedHeader({ alg: "ECDH-ES+A256KW", enc: "A256GCM", cty: "JWT" })
    .encrypt(key);
}

provider.use(async (ctx, next) => {
  await next();
  if (ctx.path === "/request" && ctx.status === 201 && ctx.body?.request_uri) {
    const { redirect_uri: redirectUri, state } = ctx.oidc.params;
    pushedRequests.set(ctx.body.request_uri, { redirectUri, state });
    setTimeout(() => pushedRequests.delete(ctx.body.request_uri), 30 * 60_000).unref();
  }
  const code = ctx.oidc?.entities?.AuthorizationCode;
  if (ctx.path !== "/token" || ctx.status !== 200 || !code) return;
  const fault = faults.get(code.grantId);
  if (fault === "id-token-tampered") {
    const parts = ctx.body.id_token.split(".");
    const cipher = parts[3];
    parts[3] = `${cipher[0] === "A" ? "B" : "A"}${cipher.slice(1)}`;
    ctx.body = { ...ctx.body, id_token: parts.join(".") };
  } else if (fault === "id-token-wrong-key") {
    const { publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    ctx.body = {
      ...ctx.body,
      id_token: await faultyIdToken(code, code.clientId, code.nonce, publicKey),
    };
  } else if (fault === "id-token-unencrypted") {
    ctx.body = { ...ctx.body, id_token: await faultyIdToken(code, code.clientId, code.nonce) };
  } else if (fault === "nonce") {
    const key = await portalEncryptionKey();
    ctx.body = {
      ...ctx.body,
      id_token: await faultyIdToken(code, code.clientId, "a-nonce-of-another-login", key),
    };
  }
});

async function interaction(req, res, uid, path) {
  const details = await provider.interactionDetails(req, res);
  if (details.uid !== uid) throw new Error("interaction mismatch");
  if (req.method === "GET" && path === "") {
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.end(loginPage(uid, personas));
    return;
  }
  if (req.method !== "POST") throw new Error("method");
  const form = await readForm(req);
  if (path === "/cancel" || !byUuid.has(form.get("persona"))) {
    await provider.interactionFinished(req, res, {
      error: "access_denied",
      error_description: "The user cancelled the login",
    });
    return;
  }
  const accountId = form.get("persona");
  const fault = FAULTS.includes(form.get("fault")) ? form.get("fault") : "";
  const grant = new provider.Grant({ accountId, clientId: details.params.client_id });
  grant.addOIDCScope(details.params.scope);
  const grantId = await grant.save();
  if (fault) faults.set(grantId, fault);
  if (fault === "dpop") {
    // Bind the code to a key the portal does not hold: its (correct) DPoP proof is then the wrong one.
    details.params.dpop_jkt = "wrongwrongwrongwrongwrongwrongwrongwrongwro";
    await details.save(details.exp - Math.floor(Date.now() / 1000));
  }
  await provider.interactionFinished(
    req,
    res,
    { login: { accountId }, consent: { grantId } },
    { mergeWithLastSubmission: false },
  );
}

const callback = provider.callback();
const server = createServer((req, res) => {
  const match = /^\/interaction\/([\w-]+)(\/cancel|\/login)?$/.exec(req.url?.split("?")[0] ?? "");
  if (!match) return callback(req, res);
  interaction(req, res, match[1], match[2] === "/cancel" ? "/cancel" : match[2] ? "/login" : "")
    .then(() => undefined)
    .catch((error) => {
      console.error(`[singpass] interaction failed: ${error.message}`);
      if (!res.headersSent) res.statusCode = 400;
      res.end("This login has expired. Go back to the portal and start again.");
    });
});
server.listen(port, "127.0.0.1", () => {
  console.log(`[singpass] FAPI 2.0 stand-in listening on ${issuer}`);
});
const stop = () => server.close(() => process.exit(0));
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
