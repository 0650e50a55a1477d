import { Schema } from "effect";
import { maskNric } from "@portal/domain";
import type { GuestSession } from "@portal/adapters/db";
import { portalJwks, startLogin } from "@portal/adapters/singpass";
import {
  finishSingpassLogin,
  readySingpassPerson,
  singpassReason,
  singpassRefused,
} from "../app/singpass";
import { redirectUriFor, type SingpassSetup } from "../singpass";
import { decode, Text } from "./decode";
import { RequestError, success } from "./envelope";
import type { Handler, HandlerServices, RequestHeaders, ServiceResponse } from "./types";
import { languages, localizedPath } from "../../i18n/paths";

/** Singpass is configured, and the caller has a live guest session the login belongs to. */
export async function singpassGuest(
  { services, callers }: Pick<HandlerServices, "services" | "callers">,
  headers: RequestHeaders,
): Promise<{ setup: SingpassSetup; guest: GuestSession }> {
  const setup = services.singpass;
  if (!setup) {
    throw new RequestError(
      404,
      "Singpass enrolment is not available on this server.",
      "singpass.unavailable",
    );
  }
  return { setup, guest: await callers.liveGuest(headers) };
}

const StartBody = Schema.Struct({ lang: Schema.Literals(languages) });

/**
 * startSingpassLogin: push the authorization request (PAR, DPoP, PKCE) and keep this guest's state,
 * nonce, PKCE verifier and DPoP key sealed; answer the URL that sends the donor to Singpass.
 */
const startSingpassLogin =
  (given: HandlerServices): Handler =>
  async ({ headers, body }) => {
    const { services } = given;
    const { setup, guest } = await singpassGuest(given, headers);
    const { lang } = decode(StartBody, body);
    let login;
    try {
      const redirectUri = redirectUriFor(setup.config, headers.get("host"));
      login = await startLogin(await setup.client(), setup.config, redirectUri);
    } catch (error) {
      throw singpassRefused(`start: ${singpassReason(error)}`);
    }
    const { url, state, ...secrets } = login;
    await (
      await services.records.singpassLogins()
    ).save(guest.id, state, "singpass", { ...secrets, lang });
    return success({ data: { url } });
  };

const CompleteBody = Schema.Struct({
  state: Text(128),
  code: Schema.optional(Text(1024)),
  iss: Schema.optional(Text(512)),
  /** Singpass sent an error back instead of a code (`access_denied`, `invalid_request_uri`...). */
  error: Schema.optional(Text(64)),
});

/**
 * completeSingpassLogin: Singpass sent the donor back with a code and our state (see
 * `finishSingpassLogin`); the donor goes on to the update page in the language they began in.
 */
const completeSingpassLogin =
  (given: HandlerServices): Handler =>
  async ({ headers, body }) => {
    const { guest } = await singpassGuest(given, headers);
    const back = decode(CompleteBody, body);
    const { lang } = await given.app.run(finishSingpassLogin(guest.id, back));
    const path = localizedPath("/enrollment/singpass-update", lang);
    return success({ data: { next: "ready", url: path } });
  };

/** getSingpassPerson: the MyInfo details to pre-fill, the NRIC masked (it never returns whole). */
const getSingpassPerson =
  (given: HandlerServices): Handler =>
  async ({ headers }) => {
    const { guest } = await singpassGuest(given, headers);
    const { person } = await given.app.run(readySingpassPerson(guest.id));
    const { nric, ...rest } = person;
    return success({ data: { ...rest, nricMasked: maskNric(nric) } });
  };

export const singpassHandlers = (given: HandlerServices) =>
  ({
    startSingpassLogin: startSingpassLogin(given),
    completeSingpassLogin: completeSingpassLogin(given),
    getSingpassPerson: getSingpassPerson(given),
  }) satisfies Record<string, Handler>;

/** Where Singpass fetches the portal's public keys (register this address with Singpass). */
export const SINGPASS_JWKS_PATH = "/svc/singpass/jwks";

/** The portal's JWKS: its signing and encryption public keys; 404 without Singpass. */
export function singpassJwks(setup: SingpassSetup | undefined): ServiceResponse {
  if (!setup) return { status: 404, headers: {}, body: JSON.stringify({ keys: [] }) };
  return {
    status: 200,
    headers: { "content-type": "application/jwk-set+json", "cache-control": "public, max-age=300" },
    body: JSON.stringify(portalJwks(setup.config)),
  };
}
