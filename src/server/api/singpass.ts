import { randomBytes } from "node:crypto";
import { Schema } from "effect";
import type { JWK } from "jose";
import { maskNric } from "@portal/domain";
import type { GuestSession, SingpassLoginSecrets } from "@portal/adapters/db";
import {
  finishLogin,
  portalJwks,
  SingpassError,
  startLogin,
  type MyInfoPerson,
} from "@portal/adapters/singpass";
import { singpassLoginRecords } from "../records";
import { redirectUriFor, singpassSetup, type SingpassSetup } from "../singpass";
import { liveGuest } from "./auth";
import { decode, Text } from "./decode";
import { RequestError, success } from "./envelope";
import type { Handler, RequestHeaders, ServiceResponse } from "./types";
import { languages, localizedPath } from "../../i18n/paths";

/** Singpass is configured, and the caller has a live guest session the login belongs to. */
export async function singpassGuest(
  headers: RequestHeaders,
): Promise<{ setup: SingpassSetup; guest: GuestSession }> {
  const setup = singpassSetup();
  if (!setup) {
    throw new RequestError(
      404,
      "Singpass enrolment is not available on this server.",
      "singpass.unavailable",
    );
  }
  return { setup, guest: await liveGuest(headers) };
}

/** The finished login's MyInfo person and the NRIC Singpass verified, or 404 `singpass.none`. */
export async function readyPerson(
  guest: GuestSession,
): Promise<{ secrets: SingpassLoginSecrets; person: MyInfoPerson }> {
  const secrets = await (await singpassLoginRecords()).ready(guest.id);
  const person = secrets?.person as MyInfoPerson | undefined;
  if (!secrets || !person || person.nric !== secrets.nric) {
    throw new RequestError(
      404,
      "Your Singpass details are no longer here. Please retrieve them again.",
      "singpass.none",
    );
  }
  return { secrets, person };
}

const StartBody = Schema.Struct({ lang: Schema.Literals(languages) });

const refused = (reason: string) => {
  // The reason names a step and an error code, never a code, a token or a person.
  console.error(`[singpass] login refused: ${reason}`);
  return new RequestError(
    422,
    "We could not verify your Singpass login, so nothing was taken from it. Please try again.",
    "singpass.failed",
  );
};

const reasonOf = (error: unknown) =>
  error instanceof SingpassError ? error.reason : error instanceof Error ? error.name : "unknown";

/**
 * startSingpassLogin: push the authorization request (PAR, DPoP, PKCE) and keep this guest's state,
 * nonce, PKCE verifier and DPoP key sealed; answer the URL that sends the donor to Singpass.
 */
const startSingpassLogin: Handler = async ({ headers, body }) => {
  const { setup, guest } = await singpassGuest(headers);
  const { lang } = decode(StartBody, body);
  let login;
  try {
    const redirectUri = redirectUriFor(setup.config, headers.get("host"));
    login = await startLogin(await setup.client(), setup.config, redirectUri);
  } catch (error) {
    throw refused(`start: ${reasonOf(error)}`);
  }
  const { url, state, ...secrets } = login;
  await (await singpassLoginRecords()).save(guest.id, state, "singpass", { ...secrets, lang });
  return success({ data: { url } });
};

const CompleteBody = Schema.Struct({
  state: Text(128),
  code: Schema.optional(Text(1024)),
  iss: Schema.optional(Text(512)),
  /** Singpass sent an error back instead of a code (`access_denied`, `invalid_request_uri`...). */
  error: Schema.optional(Text(64)),
});

/** Singpass's own refusal, sent back with our state: the donor cancelled, or the request expired. */
const returnedError = (error: string) => {
  console.error(`[singpass] login ended by Singpass: ${error.replace(/[^\w.-]/g, "")}`);
  if (error === "access_denied") {
    return new RequestError(
      422,
      "You did not allow Myinfo to share your details.",
      "singpass.cancelled",
    );
  }
  if (error === "invalid_request_uri") {
    return new RequestError(
      422,
      "Your Singpass login took too long and has expired. Please start again.",
      "singpass.expired",
    );
  }
  return refused(`returned: ${error.replace(/[^\w.-]/g, "")}`);
};

/**
 * completeSingpassLogin: Singpass sent the donor back with a code and our state. The state must be the
 * one this guest's login is waiting on, and is used once; then openid-client redeems the code and reads
 * userinfo, and the Myinfo person is kept sealed for the update page.
 */
const completeSingpassLogin: Handler = async ({ headers, body }) => {
  const { setup, guest } = await singpassGuest(headers);
  const back = decode(CompleteBody, body);
  const logins = await singpassLoginRecords();
  const login = await logins.take(guest.id, back.state);
  if (!login || login.step !== "singpass") {
    throw new RequestError(
      400,
      "This Singpass login has expired or was already used. Please start again.",
      "singpass.state",
    );
  }
  const { secrets } = login;
  if (back.error !== undefined || back.code === undefined) {
    throw returnedError(back.error ?? "no code");
  }
  const { code } = back;
  let person: MyInfoPerson;
  try {
    const { nonce, codeVerifier, dpopKey, redirectUri } = secrets;
    if (!nonce || !codeVerifier || !dpopKey || !redirectUri) {
      throw new SingpassError("login secrets");
    }
    ({ person } = await finishLogin(
      await setup.client(),
      { state: back.state, nonce, codeVerifier, dpopKey: dpopKey as JWK, redirectUri },
      { code, state: back.state, iss: back.iss },
    ));
  } catch (error) {
    throw refused(`complete: ${reasonOf(error)}`);
  }
  await logins.save(guest.id, randomBytes(32).toString("base64url"), "ready", {
    nric: person.nric,
    person,
    lang: secrets.lang,
  });
  const path = localizedPath("/enrollment/singpass-update", secrets.lang);
  return success({ data: { next: "ready", url: path } });
};

/** getSingpassPerson: the MyInfo details to pre-fill, the NRIC masked (it never returns whole). */
const getSingpassPerson: Handler = async ({ headers }) => {
  const { guest } = await singpassGuest(headers);
  const { person } = await readyPerson(guest);
  const { nric, ...rest } = person;
  return success({ data: { ...rest, nricMasked: maskNric(nric) } });
};

export const singpassHandlers = {
  startSingpassLogin,
  completeSingpassLogin,
  getSingpassPerson,
} satisfies Record<string, Handler>;

/** Where Singpass fetches the portal's public keys (register this address with Singpass). */
export const SINGPASS_JWKS_PATH = "/svc/singpass/jwks";

/** The portal's JWKS: its signing and encryption public keys; 404 without Singpass. */
export function singpassJwks(): ServiceResponse {
  const setup = singpassSetup();
  if (!setup) return { status: 404, headers: {}, body: JSON.stringify({ keys: [] }) };
  return {
    status: 200,
    headers: { "content-type": "application/jwk-set+json", "cache-control": "public, max-age=300" },
    body: JSON.stringify(portalJwks(setup.config)),
  };
}
