import { Schema } from "effect";
import { maskNric } from "@portal/domain";
import type { GuestSession, SingpassLoginSecrets } from "@portal/adapters/db";
import {
  authorizationUrl,
  authoriseUrl,
  exchangeCode,
  fetchPerson,
  pkcePair,
  randomToken,
  SingpassError,
  type MyInfoPerson,
} from "@portal/adapters/singpass";
import { singpassLoginRecords } from "../records";
import { singpassSetup, type SingpassSetup } from "../singpass";
import { liveGuest } from "./auth";
import { decode, Text } from "./decode";
import { RequestError, success } from "./envelope";
import type { Handler, RequestHeaders } from "./types";

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

const StartBody = Schema.Struct({ lang: Schema.Literals(["en", "ms"]) });

/** startSingpassLogin: state, nonce and PKCE verifier kept for this guest; the URL to Singpass. */
const startSingpassLogin: Handler = async ({ headers, body }) => {
  const { setup, guest } = await singpassGuest(headers);
  const { lang } = decode(StartBody, body);
  const state = randomToken();
  const nonce = randomToken();
  const pkce = pkcePair();
  await (
    await singpassLoginRecords()
  ).save(guest.id, state, "singpass", { nonce, codeVerifier: pkce.verifier, lang });
  const url = authorizationUrl(setup.singpass, { state, nonce, codeChallenge: pkce.challenge });
  return success({ data: { url } });
};

const CompleteBody = Schema.Struct({ code: Text(1024), state: Text(128) });

const refused = (reason: string) => {
  // The reason names a step, never a code, a token or a person.
  console.error(`[singpass] login refused: ${reason}`);
  return new RequestError(
    422,
    "We could not retrieve your details from Singpass. Please try again.",
    "singpass.failed",
  );
};

/**
 * completeSingpassLogin: Singpass (then MyInfo) sent the donor back with a code and our state. The
 * state must be the one this guest's login is waiting on, and is used once.
 */
const completeSingpassLogin: Handler = async ({ headers, body }) => {
  const { setup, guest } = await singpassGuest(headers);
  const { code, state } = decode(CompleteBody, body);
  const logins = await singpassLoginRecords();
  const login = await logins.take(guest.id, state);
  if (!login) {
    throw new RequestError(
      400,
      "This Singpass login has expired or was already used. Please start again.",
      "singpass.state",
    );
  }
  const { secrets } = login;
  try {
    if (login.step === "singpass") {
      if (!secrets.nonce || !secrets.codeVerifier) throw new SingpassError("login secrets");
      const subject = await exchangeCode(
        setup.singpass,
        { code, codeVerifier: secrets.codeVerifier, nonce: secrets.nonce },
        setup.keys,
      );
      const next = randomToken();
      await logins.save(guest.id, next, "myinfo", { nric: subject.nric, lang: secrets.lang });
      return success({ data: { next: "myinfo", url: authoriseUrl(setup.myinfo, next) } });
    }
    if (!secrets.nric) throw new SingpassError("login secrets");
    const person = await fetchPerson(setup.myinfo, { code, state, expectedNric: secrets.nric });
    await logins.save(guest.id, randomToken(), "ready", {
      nric: secrets.nric,
      person,
      lang: secrets.lang,
    });
    const path =
      secrets.lang === "ms" ? "/ms/enrollment/singpass-update" : "/enrollment/singpass-update";
    return success({ data: { next: "ready", url: path } });
  } catch (error) {
    throw refused(
      error instanceof SingpassError
        ? error.reason
        : error instanceof Error
          ? error.name
          : "unknown",
    );
  }
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
