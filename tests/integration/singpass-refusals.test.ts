import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { importJWK, SignJWT } from "jose";
import * as client from "openid-client";
import { decodeResponse } from "@portal/adapters/responses";
import { singpassClient, startLogin, type SingpassConfig } from "@portal/adapters/singpass";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../../src/i18n/locales/en/translation.json";
import ms from "../../src/i18n/locales/ms/translation.json";
import { testDatabases } from "../support/databases";
import { guestCookie, startPortal, type Reply, type RunningPortal } from "../support/portal";
import { singpassCall, throughStandin } from "../support/singpass";

// Ports 6400-6409. The stand-in's pushed requests live 3 s here, so one can be let expire.
let nextPort = 6400;
const PAR_TTL_SECONDS = 3;

/** Each refusal code the enrolment page turns into a message of its own, in English and Malay. */
const MESSAGE_KEYS: Record<string, keyof typeof en & keyof typeof ms> = {
  "singpass.failed": "singpass_fapi_refused",
  "singpass.state": "singpass_fapi_state",
  "singpass.expired": "singpass_fapi_expired",
  "singpass.cancelled": "enrol_sp_cancelled",
};

/** What the page sends on: the code, our state and the issuer. */
const returned = ({ code, state, iss }: { code: string; state: string; iss: string }) => ({
  code,
  state,
  iss,
});

describe.each(testDatabases())("Singpass refusals through the stand-in on $name", (database) => {
  let portal: RunningPortal;

  const call = (name: string, body: unknown, cookie: string): Promise<Reply> =>
    singpassCall(portal.base, name, body, cookie);

  /** A guest's login up to the stand-in's answer, with the persona and fault the tester picks. */
  const login = async (options: { fault?: string; wait?: number; cancel?: boolean } = {}) => {
    const guest = await guestCookie(portal.base);
    const start = await call("startSingpassLogin", { lang: "ms" }, guest);
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    const { url } = decodeResponse("startSingpassLogin", start.body).data;
    if (options.wait) await new Promise((resolve) => setTimeout(resolve, options.wait));
    return { guest, back: await throughStandin(url, options) };
  };

  /** The refusal's code and message; the login is spent, nothing of it was kept. */
  const expectRefused = async (guest: string, reply: Reply, code: string, reason?: RegExp) => {
    expect(reply.status, JSON.stringify(reply.body)).toBe(code === "singpass.state" ? 400 : 422);
    expect(reply.body["code"]).toBe(code);
    const key = MESSAGE_KEYS[code] ?? "singpass_fapi_refused";
    expect(en[key]).toMatch(/\w/);
    expect(ms[key]).toMatch(/\w/);
    expect(ms[key]).not.toBe(en[key]);
    expect((await call("getSingpassPerson", {}, guest)).body["code"]).toBe("singpass.none");
    // The server's log says why (it reaches the launcher's output a moment after the answer).
    if (reason) await expect.poll(() => portal.output()).toMatch(reason);
  };

  beforeAll(async () => {
    portal = await startPortal(nextPort++, undefined, {
      ...(await database.portalEnv()),
      PORTAL_SINGPASS_STANDIN_PAR_TTL: String(PAR_TTL_SECONDS),
    });
  });

  afterAll(async () => {
    await portal?.stop();
    await database.cleanup();
  });

  it("refuses a replayed state, after the login it named succeeded", async () => {
    const { guest, back } = await login();
    const { code, state, iss } = back;
    expect((await call("completeSingpassLogin", { code, state, iss }, guest)).status).toBe(200);
    const replay = await call("completeSingpassLogin", { code, state, iss }, guest);
    expect(replay.status).toBe(400);
    expect(replay.body["code"]).toBe("singpass.state");
    // The first login's details stay for the update page; the replay took nothing.
    expect((await call("getSingpassPerson", {}, guest)).status).toBe(200);
  });

  it("refuses an ID token that carries another login's nonce", async () => {
    const { guest, back } = await login({ fault: "nonce" });
    const reply = await call("completeSingpassLogin", returned(back), guest);
    await expectRefused(guest, reply, "singpass.failed", /JWT_CLAIM_COMPARISON_FAILED/);
    // Spent: the same return cannot be tried again.
    const again = await call("completeSingpassLogin", returned(back), guest);
    await expectRefused(guest, again, "singpass.state");
  });

  it("refuses an ID token altered in transit", async () => {
    const { guest, back } = await login({ fault: "id-token-tampered" });
    const reply = await call("completeSingpassLogin", returned(back), guest);
    await expectRefused(guest, reply, "singpass.failed", /DECRYPTION_FAILED/);
  });

  it("refuses an ID token encrypted to a key that is not the portal's", async () => {
    const { guest, back } = await login({ fault: "id-token-wrong-key" });
    const reply = await call("completeSingpassLogin", returned(back), guest);
    await expectRefused(guest, reply, "singpass.failed", /DECRYPTION_FAILED/);
  });

  it("refuses an ID token that is signed but not encrypted to the portal", async () => {
    const { guest, back } = await login({ fault: "id-token-unencrypted" });
    const reply = await call("completeSingpassLogin", returned(back), guest);
    await expectRefused(guest, reply, "singpass.failed", /complete: id token not encrypted/);
  });

  it("is refused by Singpass when the code is bound to another DPoP key than the portal's proof", async () => {
    const { guest, back } = await login({ fault: "dpop" });
    const reply = await call("completeSingpassLogin", returned(back), guest);
    await expectRefused(guest, reply, "singpass.failed", /complete: token server invalid_grant/);
  });

  it("is refused without a DPoP proof: the token request, then userinfo with a bound token", async () => {
    // The portal's own client (its keys from the data folder), redeeming as a thief would try to.
    const key = (name: string) =>
      JSON.parse(readFileSync(path.join(portal.dataDir, "singpass", name), "utf8")) as Record<
        string,
        string
      >;
    const issuer = /Singpass stand-in: (http:\/\/[\d.:]+)/.exec(portal.output())?.[1] ?? "";
    const config: SingpassConfig = {
      issuer,
      clientId: "giving-portal-local",
      redirectUris: [`http://localhost:${portal.port}/enrollment/singpass`],
      signingKey: key("portal-signing.jwk.json"),
      decryptionKey: key("portal-encryption.jwk.json"),
      scopes: ["openid", "uinfin", "name"],
    };
    const configuration = await singpassClient(config);
    const redeem = async (withProof: boolean) => {
      const started = await startLogin(configuration, config, config.redirectUris[0] ?? "");
      const back = await throughStandin(started.url);
      const { d: _d, ...publicJwk } = started.dpopKey;
      void _d;
      const dpop = client.getDPoPHandle(configuration, {
        privateKey: (await crypto.subtle.importKey(
          "jwk",
          started.dpopKey,
          { name: "ECDSA", namedCurve: "P-256" },
          false,
          ["sign"],
        )) as CryptoKey,
        publicKey: (await crypto.subtle.importKey(
          "jwk",
          publicJwk,
          { name: "ECDSA", namedCurve: "P-256" },
          true,
          ["verify"],
        )) as CryptoKey,
      });
      return client.authorizationCodeGrant(
        configuration,
        back.url,
        {
          pkceCodeVerifier: started.codeVerifier,
          expectedState: started.state,
          expectedNonce: started.nonce,
        },
        undefined,
        withProof ? { DPoP: dpop } : {},
      );
    };
    await expect(redeem(false)).rejects.toMatchObject({ error: "invalid_grant" });
    // The stand-in's log says why (its error detail is not sent to the client).
    await expect
      .poll(() => portal.output())
      .toMatch(/grant\.error: invalid_grant .*DPoP proof JWT not provided/);
    // With its proof the code redeems; the DPoP-bound token still needs one at userinfo.
    const tokens = await redeem(true);
    expect(tokens.token_type.toLowerCase()).toBe("dpop");
    await expect(
      client.fetchUserInfo(configuration, tokens.access_token, client.skipSubjectCheck),
    ).rejects.toThrow();
  });

  it('refuses a client assertion whose header lacks typ "JWT", as Singpass\'s FAPI 2.0 page asks', async () => {
    // The portal's own signing key, so only the header differs from the assertion the portal sends
    // (which carries the type: every login above redeemed its code with it).
    const signing = JSON.parse(
      readFileSync(path.join(portal.dataDir, "singpass", "portal-signing.jwk.json"), "utf8"),
    ) as Record<string, string>;
    const issuer = /Singpass stand-in: (http:\/\/[\d.:]+)/.exec(portal.output())?.[1] ?? "";
    const discovery = (await (
      await fetch(`${issuer}/.well-known/openid-configuration`)
    ).json()) as { token_endpoint: string };
    const redeem = async (typ: string | undefined) => {
      const now = Math.floor(Date.now() / 1000);
      const assertion = await new SignJWT({ jti: randomUUID() })
        .setProtectedHeader({ alg: "ES256", kid: signing["kid"]!, ...(typ ? { typ } : {}) })
        .setIssuer("giving-portal-local")
        .setSubject("giving-portal-local")
        .setAudience(issuer)
        .setIssuedAt(now)
        .setExpirationTime(now + 60)
        .sign(await importJWK(signing, "ES256"));
      const response = await fetch(discovery.token_endpoint, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          code: "not-a-code",
          redirect_uri: `http://localhost:${portal.port}/enrollment/singpass`,
          code_verifier: "v".repeat(43),
          client_id: "giving-portal-local",
          client_assertion_type: "urn:ietf:params:oauth:client-assertion-type:jwt-bearer",
          client_assertion: assertion,
        }),
      });
      return ((await response.json()) as { error: string }).error;
    };
    expect(await redeem(undefined)).toBe("invalid_client");
    expect(await redeem("at+jwt")).toBe("invalid_client");
    // With the type the client is authenticated; only the made-up code is then refused.
    expect(await redeem("JWT")).not.toBe("invalid_client");
  });

  it("refuses an expired pushed request: Singpass sends the donor back with the error", async () => {
    const { guest, back } = await login({ wait: (PAR_TTL_SECONDS + 1) * 1000 });
    expect(back.url.searchParams.get("error")).toBe("invalid_request_uri");
    expect(back.code).toBe("");
    const reply = await call(
      "completeSingpassLogin",
      { state: back.state, error: "invalid_request_uri" },
      guest,
    );
    await expectRefused(guest, reply, "singpass.expired");
  });

  it("says so when the donor cancels at Singpass", async () => {
    const { guest, back } = await login({ cancel: true });
    expect(back.url.searchParams.get("error")).toBe("access_denied");
    const reply = await call(
      "completeSingpassLogin",
      { state: back.state, error: "access_denied" },
      guest,
    );
    await expectRefused(guest, reply, "singpass.cancelled");
  });
});
