// The embedded staff directory (dev and test only): oidc-provider as the council's staff identity
// provider for the console. Authorization code with PKCE, the portal's client authenticated with its
// secret, ID tokens signed ES256, the officer's groups in the `groups` claim (scope `groups`). The
// officers (one per console role) and their passwords are made once into the data folder by the
// launcher (scripts/lib/staff-directory.mjs), which prints them. On 127.0.0.1 only. No MFA here; the
// council's directory enforces it in production.
import { createHash, timingSafeEqual } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import Provider, { interactionPolicy } from "oidc-provider";

const env = (name) => {
  const value = process.env[name];
  if (!value) {
    console.error(`[staff] ${name} must be set`);
    process.exit(1);
  }
  return value;
};
const port = Number(env("STAFF_DIRECTORY_PORT"));
const issuer = `http://127.0.0.1:${port}`;
const state = JSON.parse(readFileSync(env("STAFF_DIRECTORY_FILE"), "utf8"));
const byUsername = new Map(state.officers.map((officer) => [officer.username, officer]));
const byId = new Map(state.officers.map((officer) => [officer.id, officer]));

const escape = (text) =>
  String(text).replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c],
  );

const page = (title, body) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1b1b1b}
h1{font-size:1.4rem;color:#00594f}label{display:block;margin:.8rem 0 .2rem}
input{font:inherit;padding:.4rem;width:100%;box-sizing:border-box}
button{font:inherit;padding:.5rem 1.2rem;margin:1rem .5rem 0 0}.error{color:#b0192e}
.note{color:#444;font-size:.9rem}
</style></head><body><main>${body}</main></body></html>`;

const loginPage = (uid, error = "") =>
  page(
    "Council staff directory: sign in",
    `<h1>Council staff directory</h1>
<p class="note">Embedded stand-in for the council's staff identity provider. <code>npm start</code> printed the officers' usernames and passwords.</p>
${error ? `<p class="error" role="alert">${escape(error)}</p>` : ""}
<form method="post" action="/interaction/${escape(uid)}/login">
<label for="username">Username</label><input id="username" name="username" autocomplete="username" required autofocus>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button><button type="submit" formaction="/interaction/${escape(uid)}/cancel" formnovalidate>Cancel</button>
</form>`,
  );

const readForm = (req) =>
  new Promise((resolve, reject) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
      if (body.length > 10_000) reject(new Error("form too large"));
    });
    req.on("end", () => resolve(new URLSearchParams(body)));
    req.on("error", reject);
  });

const digest = (text) => createHash("sha256").update(String(text)).digest();
const passwordMatches = (officer, given) =>
  timingSafeEqual(digest(officer.password), digest(given ?? ""));

// Every authorization shows the sign-in page (no single sign-on between officers on one browser).
const policy = interactionPolicy.base();
policy
  .get("login")
  .checks.add(
    new interactionPolicy.Check("every_time", "officers sign in every time", (ctx) =>
      ctx.oidc.result?.login
        ? interactionPolicy.Check.NO_NEED_TO_PROMPT
        : interactionPolicy.Check.REQUEST_PROMPT,
    ),
  );

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: state.client.id,
      client_secret: state.client.secret,
      redirect_uris: env("STAFF_DIRECTORY_REDIRECT_URIS").split(","),
      grant_types: ["authorization_code"],
      response_types: ["code"],
      token_endpoint_auth_method: "client_secret_basic",
      id_token_signed_response_alg: "ES256",
    },
  ],
  jwks: { keys: [state.signingKey] },
  cookies: { keys: [state.cookieKey] },
  clientAuthMethods: ["client_secret_basic"],
  pkce: { required: () => true },
  scopes: ["openid", "profile", "groups"],
  claims: { openid: ["sub"], profile: ["name", "preferred_username"], groups: ["groups"] },
  features: { devInteractions: { enabled: false }, userinfo: { enabled: true } },
  ttl: { AccessToken: 300, AuthorizationCode: 60, IdToken: 300, Interaction: 600, Session: 600 },
  interactions: { policy, url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  async findAccount(_ctx, id) {
    const officer = byId.get(id);
    if (!officer) return undefined;
    return {
      accountId: id,
      async claims() {
        return {
          sub: id,
          name: officer.name,
          preferred_username: officer.username,
          groups: officer.groups,
        };
      },
    };
  },
  async renderError(ctx, out) {
    ctx.type = "html";
    ctx.body = page(
      "Council staff directory: error",
      `<h1>Sign-in refused</h1><p>${escape(out.error)}: ${escape(out.error_description ?? "")}</p>`,
    );
  },
});
provider.proxy = false;
for (const event of ["authorization.error", "grant.error", "userinfo.error", "server_error"]) {
  provider.on(event, (_ctx, error) => {
    console.log(`[staff] ${event}: ${error.error ?? error.name} ${error.error_description ?? ""}`);
  });
}

async function interaction(req, res, uid, path) {
  const details = await provider.interactionDetails(req, res);
  if (details.uid !== uid) throw new Error("interaction mismatch");
  if (req.method === "GET" && path === "") {
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.end(loginPage(uid));
    return;
  }
  if (req.method !== "POST") throw new Error("method");
  const form = await readForm(req);
  if (path === "/cancel") {
    await provider.interactionFinished(req, res, {
      error: "access_denied",
      error_description: "The officer cancelled the sign-in",
    });
    return;
  }
  const officer = byUsername.get(form.get("username") ?? "");
  if (!officer || !passwordMatches(officer, form.get("password"))) {
    res.statusCode = 401;
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.end(loginPage(uid, "Wrong username or password."));
    return;
  }
  const grant = new provider.Grant({ accountId: officer.id, clientId: details.params.client_id });
  grant.addOIDCScope(details.params.scope);
  const grantId = await grant.save();
  await provider.interactionFinished(
    req,
    res,
    { login: { accountId: officer.id }, consent: { grantId } },
    { mergeWithLastSubmission: false },
  );
}

const callback = provider.callback();
const server = createServer((req, res) => {
  const match = /^\/interaction\/([\w-]+)(\/cancel|\/login)?$/.exec(req.url?.split("?")[0] ?? "");
  if (!match) return callback(req, res);
  interaction(req, res, match[1], match[2] ?? "")
    .then(() => undefined)
    .catch((error) => {
      console.error(`[staff] interaction failed: ${error.message}`);
      if (!res.headersSent) res.statusCode = 400;
      res.end("This sign-in has expired. Go back to the console and start again.");
    });
});
server.listen(port, "127.0.0.1", () => {
  console.log(`[staff] staff directory listening on ${issuer}`);
});
const stop = () => server.close(() => process.exit(0));
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
