import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import { Effect } from "effect";
import {
  createRemoteJWKSet,
  decodeJwt,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
} from "jose";
import {
  passwordIssues,
  validateEmail,
  validationMessages,
  type MailerShape,
} from "@portal/domain";
import type { IdentityCodes, IdentityState, RateWindows } from "@portal/adapters/db";
import type { PreSignUpEvent } from "./pre-sign-up";
import { PreSignUpRefused } from "./pre-sign-up";

/**
 * The compatibility layer in front of cognito-local (docs/identity.md). Amplify talks to it exactly as
 * to Cognito (JSON with `x-amz-target`); it answers what cognito-local lacks and forwards the rest:
 *
 * - confirmation and reset codes: made here, sent through the Mailer (the local outbox), kept hashed in
 *   the database (so a restart or another instance still knows them), checked here; the account is
 *   then confirmed or its password set through cognito-local's admin calls;
 * - `ResendConfirmationCode`, `GetTokensFromRefreshToken` (as REFRESH_TOKEN_AUTH) and `GlobalSignOut`
 *   (tokens issued before it are refused here from then on);
 * - the portal's password policy (spec §5) on every password that is set;
 * - the PreSignUp trigger (NRIC, UEN and mobile uniqueness), called before the account is made;
 * - the NEW_PASSWORD_REQUIRED challenge: cognito-local answers it without checking the temporary
 *   password and accepts any session; here the password is checked and the session must be ours;
 * - the same answer for a wrong password and an unknown account, and limits on sign-in attempts and on
 *   codes sent (counted in the database, shared by every instance);
 * - nothing between calls in memory: temporary passwords, e-mail changes waiting for their code,
 *   challenge sessions and global sign-outs are in the database too (`IdentityState`), so any instance
 *   can answer the next call and a restart forgets none of them;
 * - only the calls a browser may make: the admin calls need the local admin key, and the pool-wide ones
 *   (create or delete pools, list users) are not served at all.
 */
export interface LayerOptions {
  /** cognito-local's address, e.g. `http://127.0.0.1:41234`. */
  readonly upstream: string;
  readonly userPoolId: string;
  readonly clientId: string;
  /** The issuer the pool's tokens name (the PreSignUp records are kept under it). */
  readonly issuer: string;
  /** The key that opens the admin calls (tests make users waiting for a new password with it). */
  readonly adminKey: string;
  readonly mailer: MailerShape;
  /** Where codes, limit windows and the rest of the state are kept (the database: every instance sees the same). */
  readonly store: () => Promise<{
    readonly codes: IdentityCodes;
    readonly limits: RateWindows;
    readonly state: IdentityState;
  }>;
  readonly preSignUp: (event: PreSignUpEvent) => Promise<unknown>;
  /** Forget the PreSignUp record of an account that was then not made. */
  readonly abandonSignUp: (subject: string) => Promise<void>;
  readonly now?: () => number;
  /** Public keys of the tokens (cognito-local's JWKS by default). */
  readonly keys?: JWTVerifyGetKey;
}

export interface LayerRequest {
  readonly target: string;
  readonly body: unknown;
  readonly clientAddress: string;
  readonly adminKey?: string | undefined;
}

export interface LayerResponse {
  readonly status: number;
  readonly body: unknown;
}

/** A Cognito error as Amplify reads it: `__type` names the exception. */
class CognitoFault extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

/** Limits, counted in the database (`rate_window`), so every instance shares them. */
const layerLimits = {
  /** Wrong passwords per account per 15 minutes before the account is locked for the rest of it. */
  signInFailuresPerAccount: { limit: 5, windowMs: 15 * 60_000 },
  /** Sign-in attempts per client address per 15 minutes. */
  signInsPerAddress: { limit: 40, windowMs: 15 * 60_000 },
  /** Codes mailed per account per hour (sign-up, resend, forgot password). */
  codesPerAccount: { limit: 5, windowMs: 60 * 60_000 },
  /** Sign-ups and code requests per client address per hour. */
  codeRequestsPerAddress: { limit: 30, windowMs: 60 * 60_000 },
  /** Wrong codes before a code is void. */
  codeAttempts: 5,
} as const;

const CODE_LIFETIME_MS = 24 * 60 * 60_000;
const CHALLENGE_LIFETIME_MS = 3 * 60_000;
/** Cognito's default for an administrator-made account's temporary password. */
const TEMPORARY_PASSWORD_LIFETIME_MS = 7 * 24 * 60 * 60_000;
/**
 * How long a global sign-out is remembered: as long as a token issued before it could still be good
 * (Cognito's default refresh token life, 30 days; the embedded pool's refresh tokens live one day).
 */
const SIGN_OUT_MEMORY_MS = 30 * 24 * 60 * 60_000;

/** The attributes a sign-up may set. The NRIC is not among them: it goes to PreSignUp only. */
const SIGN_UP_ATTRIBUTES = new Set([
  "name",
  "email",
  "phone_number",
  "custom:COUNTRY_CODE",
  "custom:BUSINESS_ACC",
  "custom:UEN",
  "custom:COMPANY_NAME",
]);

const BROWSER_TARGETS = new Set([
  "SignUp",
  "ConfirmSignUp",
  "ResendConfirmationCode",
  "InitiateAuth",
  "RespondToAuthChallenge",
  "GetTokensFromRefreshToken",
  "GlobalSignOut",
  "RevokeToken",
  "ForgotPassword",
  "ConfirmForgotPassword",
  "ChangePassword",
  "GetUser",
  "UpdateUserAttributes",
  "GetUserAttributeVerificationCode",
  "VerifyUserAttribute",
  "DeleteUser",
]);

const ADMIN_TARGETS = new Set([
  "AdminCreateUser",
  "AdminDeleteUser",
  "AdminGetUser",
  "AdminSetUserPassword",
  "AdminConfirmSignUp",
  "AdminUpdateUserAttributes",
]);

type Body = Record<string, unknown>;
type Attribute = { Name: string; Value: string };

const text = (value: unknown): string => (typeof value === "string" ? value : "");
const usernameOf = (value: unknown) => {
  const name = text(value).trim();
  return name.includes("@") ? name.toLowerCase() : name;
};
const digest = (value: string) => createHash("sha256").update(value).digest();
const sameSecret = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));
const maskEmail = (email: string) => {
  const [local = "", domain = ""] = email.split("@");
  return `${local.charAt(0)}***@${domain.charAt(0)}***`;
};

type CodePurpose = "signup" | "reset" | "email";

/** The mail each code travels in (both languages: the account's language is not known here). */
const codeMail: Record<
  CodePurpose,
  (code: string) => { kind: string; subject: string; text: string }
> = {
  signup: (code) => ({
    kind: "signup-code",
    subject: "Your verification code / Kod pengesahan anda",
    text: `Your verification code is ${code}. It expires in 24 hours.\n\nKod pengesahan anda ialah ${code}. Ia tamat tempoh dalam 24 jam.`,
  }),
  reset: (code) => ({
    kind: "reset-code",
    subject: "Your password reset code / Kod tetapan semula kata laluan anda",
    text: `Your password reset code is ${code}. It expires in 24 hours.\n\nKod tetapan semula kata laluan anda ialah ${code}. Ia tamat tempoh dalam 24 jam.`,
  }),
  email: (code) => ({
    kind: "email-code",
    subject: "Confirm your new e-mail address / Sahkan alamat e-mel baharu anda",
    text: `Your code to confirm this e-mail address for your giving account is ${code}. It expires in 24 hours. If you did not ask to change your e-mail address, ignore this message.\n\nKod untuk mengesahkan alamat e-mel ini bagi akaun derma anda ialah ${code}. Ia tamat tempoh dalam 24 jam. Jika anda tidak meminta untuk menukar alamat e-mel anda, abaikan mesej ini.`,
  }),
};

const badCredentials = () =>
  new CognitoFault("NotAuthorizedException", "Incorrect username or password.");

/** A limit on some key (an address, an account), shared by every instance. */
interface RateLimit {
  readonly hit: (key: string) => Promise<{ readonly allowed: boolean }>;
  readonly blocked: (key: string) => Promise<boolean>;
  readonly reset: (key: string) => Promise<void>;
}

function checkPassword(password: string): void {
  const issues = passwordIssues(password);
  if (issues.length > 0) {
    throw new CognitoFault(
      "InvalidPasswordException",
      `Password did not conform with policy: ${issues.map((key) => validationMessages[key]).join("; ")}`,
    );
  }
}

export function cognitoLayer(options: LayerOptions) {
  const now = options.now ?? Date.now;
  const keys =
    options.keys ??
    createRemoteJWKSet(new URL(`${options.upstream}/${options.userPoolId}/.well-known/jwks.json`));
  const limit = (name: string, settings: { limit: number; windowMs: number }): RateLimit => ({
    hit: async (key) =>
      (await options.store()).limits.hit(
        `${name}:${key}`,
        settings.limit,
        settings.windowMs,
        now(),
      ),
    blocked: async (key) =>
      (await options.store()).limits.blocked(`${name}:${key}`, settings.limit, now()),
    reset: async (key) => (await options.store()).limits.reset(`${name}:${key}`),
  });
  const signInFailures = limit("signInFailures", layerLimits.signInFailuresPerAccount);
  const signInsByAddress = limit("signIns", layerLimits.signInsPerAddress);
  const codesByAccount = limit("codes", layerLimits.codesPerAccount);
  const codeRequestsByAddress = limit("codeRequests", layerLimits.codeRequestsPerAddress);
  /**
   * Temporary passwords, e-mail changes waiting for their code (by account: cognito-local's username),
   * challenge sessions and global sign-outs: in the database, like the codes.
   */
  const state = async () => (await options.store()).state;
  /**
   * Sign the account (cognito-local's username) out everywhere: tokens issued before this second, as
   * tokens count time, are refused from now on.
   */
  const endSessions = async (username: string) => {
    const at = now();
    await (
      await state()
    ).signOuts.signOut(username, Math.floor(at / 1000), at + SIGN_OUT_MEMORY_MS);
  };

  /** Tokens this layer hands out in the second of a sign-out are not revoked by it. */
  async function noteIssued(answer: Body): Promise<Body> {
    const result = answer["AuthenticationResult"] as Record<string, string> | undefined;
    if (!result?.["AccessToken"]) return answer;
    const access = decodeJwt(result["AccessToken"]);
    // The ID token too: the portal refuses ID tokens of a signed-out account the same way.
    const ids = [result["AccessToken"], result["RefreshToken"], result["IdToken"]]
      .filter((token): token is string => Boolean(token))
      .map((token) => text(decodeJwt(token).jti));
    await (await state()).signOuts.noteIssued(text(access["username"]), access.iat ?? 0, ids);
    return answer;
  }

  async function upstream(target: string, body: Body): Promise<Body> {
    const response = await fetch(`${options.upstream}/`, {
      method: "POST",
      headers: {
        "content-type": "application/x-amz-json-1.1",
        "x-amz-target": `AWSCognitoIdentityProviderService.${target}`,
      },
      body: JSON.stringify(body),
    });
    const answer = (await response.text()) || "{}";
    const parsed = JSON.parse(answer) as Body;
    if (!response.ok) {
      throw new CognitoFault(
        text(parsed["__type"]) || "InternalErrorException",
        text(parsed["message"]) || "The identity provider failed.",
        response.status >= 500 ? 500 : 400,
      );
    }
    return parsed;
  }

  const admin = (target: string, body: Body) =>
    upstream(target, { ...body, UserPoolId: options.userPoolId });

  /** The account, or undefined when there is none. */
  async function findUser(username: string) {
    try {
      const user = await admin("AdminGetUser", { Username: username });
      return {
        username: text(user["Username"]),
        status: text(user["UserStatus"]),
        attributes: (user["UserAttributes"] ?? []) as Attribute[],
      };
    } catch (error) {
      if (error instanceof CognitoFault && error.status === 400) return undefined;
      throw error;
    }
  }

  const attribute = (attributes: Attribute[], name: string) =>
    attributes.find((a) => a.Name === name)?.Value;

  async function limitAddress(rate: RateLimit, address: string) {
    if (!(await rate.hit(address)).allowed) {
      throw new CognitoFault(
        "TooManyRequestsException",
        "Too many requests. Please try again later.",
      );
    }
  }

  /** Make, keep and mail a code; unknown accounts get the same answer and no mail. */
  async function sendCode(
    purpose: CodePurpose,
    email: string,
    address: string,
    deliver: boolean,
    account = email,
  ) {
    await limitAddress(codeRequestsByAddress, address);
    if (!(await codesByAccount.hit(`${purpose}:${account}`)).allowed) {
      throw new CognitoFault(
        "LimitExceededException",
        "Attempt limit exceeded, please try after some time.",
      );
    }
    if (deliver) {
      const code = randomInt(0, 1_000_000).toString().padStart(6, "0");
      await (
        await options.store()
      ).codes.put(`${purpose}:${account}`, digest(code), now() + CODE_LIFETIME_MS);
      const mail = codeMail[purpose](code);
      await Effect.runPromise(
        options.mailer.send({
          to: email,
          kind: mail.kind,
          subject: mail.subject,
          text: mail.text,
          meta: { code },
        }),
      );
    }
    return {
      CodeDeliveryDetails: {
        Destination: maskEmail(email),
        DeliveryMedium: "EMAIL",
        AttributeName: "email",
      },
    };
  }

  async function useCode(purpose: CodePurpose, account: string, code: string) {
    const result = await (
      await options.store()
    ).codes.use(`${purpose}:${account}`, digest(code.trim()), now(), layerLimits.codeAttempts);
    if (result === "expired") {
      throw new CognitoFault(
        "ExpiredCodeException",
        "Invalid code provided, please request a code again.",
      );
    }
    if (result === "mismatch") {
      throw new CognitoFault(
        "CodeMismatchException",
        "Invalid verification code provided, please try again.",
      );
    }
  }

  /** A verified token of this pool, refused when its account signed out everywhere since. */
  async function liveToken(token: string, use: "access" | "refresh"): Promise<JWTPayload> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keys, { issuer: options.issuer }));
    } catch {
      throw new CognitoFault("NotAuthorizedException", "Invalid token.");
    }
    if (use === "access" && payload["token_use"] !== "access") {
      throw new CognitoFault("NotAuthorizedException", "Invalid access token.");
    }
    const username = text(use === "access" ? payload["username"] : payload["cognito:username"]);
    if (await (await state()).signOuts.revoked(username, payload.iat ?? 0, text(payload.jti))) {
      throw new CognitoFault(
        "NotAuthorizedException",
        use === "access" ? "Access Token has been revoked" : "Refresh Token has been revoked",
      );
    }
    return payload;
  }

  const accessToken = (body: Body) => liveToken(text(body["AccessToken"]), "access");

  const handlers: Record<string, (body: Body, request: LayerRequest) => Promise<Body>> = {
    SignUp: async (body, request) => {
      const email = usernameOf(body["Username"]);
      const password = text(body["Password"]);
      await limitAddress(codeRequestsByAddress, request.clientAddress);
      checkPassword(password);
      const given = (Array.isArray(body["UserAttributes"]) ? body["UserAttributes"] : []) as
        Attribute[] | [];
      const attributes: Attribute[] = [];
      for (const { Name, Value } of given) {
        if (!SIGN_UP_ATTRIBUTES.has(Name)) {
          throw new CognitoFault(
            "InvalidParameterException",
            `Attribute ${Name} cannot be set at sign-up.`,
          );
        }
        attributes.push({
          Name,
          Value: Name === "email" ? String(Value).toLowerCase() : String(Value),
        });
      }
      if (attribute(attributes, "email") === undefined)
        attributes.push({ Name: "email", Value: email });
      if (attribute(attributes, "email") !== email) {
        throw new CognitoFault("InvalidParameterException", "The e-mail must be the username.");
      }
      const validation = Object.fromEntries(
        ((Array.isArray(body["ValidationData"]) ? body["ValidationData"] : []) as Attribute[]).map(
          (a) => [a.Name, String(a.Value)],
        ),
      );
      if (await findUser(email)) {
        throw new CognitoFault(
          "UsernameExistsException",
          "An account with the given email already exists.",
        );
      }
      const sub = randomUUID();
      try {
        await options.preSignUp({
          triggerSource: "PreSignUp_SignUp",
          userPoolId: options.userPoolId,
          userName: sub,
          request: {
            userAttributes: Object.fromEntries([
              ...attributes.map((a) => [a.Name, a.Value]),
              ["sub", sub],
            ]),
            validationData: validation,
          },
        });
      } catch (error) {
        if (error instanceof PreSignUpRefused) {
          throw new CognitoFault(
            "UserLambdaValidationException",
            `PreSignUp failed with error ${error.message}`,
          );
        }
        throw new CognitoFault("UnexpectedLambdaException", "PreSignUp failed.", 500);
      }
      try {
        await upstream("SignUp", {
          ClientId: options.clientId,
          Username: email,
          Password: password,
          UserAttributes: [...attributes, { Name: "sub", Value: sub }],
        });
      } catch (error) {
        await options.abandonSignUp(sub);
        throw error;
      }
      const delivery = await sendCode("signup", email, request.clientAddress, true);
      return { UserConfirmed: false, UserSub: sub, ...delivery };
    },

    ConfirmSignUp: async (body) => {
      const email = usernameOf(body["Username"]);
      await useCode("signup", email, text(body["ConfirmationCode"]));
      await admin("AdminConfirmSignUp", { Username: email });
      await admin("AdminUpdateUserAttributes", {
        Username: email,
        UserAttributes: [
          { Name: "email", Value: email },
          { Name: "email_verified", Value: "true" },
        ],
      });
      return {};
    },

    ResendConfirmationCode: async (body, request) => {
      const email = usernameOf(body["Username"]);
      const user = await findUser(email);
      return sendCode("signup", email, request.clientAddress, user?.status === "UNCONFIRMED");
    },

    InitiateAuth: async (body, request) => {
      const flow = text(body["AuthFlow"]);
      const parameters = (body["AuthParameters"] ?? {}) as Record<string, string>;
      if (flow === "REFRESH_TOKEN_AUTH" || flow === "REFRESH_TOKEN") {
        await liveToken(text(parameters["REFRESH_TOKEN"]), "refresh");
        return await noteIssued(
          await upstream("InitiateAuth", { ...body, ClientId: options.clientId }),
        );
      }
      if (flow !== "USER_PASSWORD_AUTH") {
        throw new CognitoFault(
          "InvalidParameterException",
          `${flow} is not supported here; use USER_PASSWORD_AUTH.`,
        );
      }
      const email = usernameOf(parameters["USERNAME"]);
      const password = text(parameters["PASSWORD"]);
      await limitAddress(signInsByAddress, request.clientAddress);
      if (await signInFailures.blocked(email)) {
        throw new CognitoFault("NotAuthorizedException", "Password attempts exceeded");
      }
      const failed = async () => {
        await signInFailures.hit(email);
        return badCredentials();
      };
      let answer: Body;
      try {
        answer = await upstream("InitiateAuth", {
          ...body,
          ClientId: options.clientId,
          AuthParameters: { USERNAME: email, PASSWORD: password },
        });
      } catch (error) {
        if (
          error instanceof CognitoFault &&
          ["NotAuthorizedException", "UserNotFoundException", "InvalidPasswordException"].includes(
            error.type,
          )
        ) {
          throw await failed();
        }
        throw error;
      }
      if (answer["ChallengeName"] === "NEW_PASSWORD_REQUIRED") {
        const store = await state();
        if (!(await store.temporaryPasswords.matches(email, password, now()))) {
          throw await failed();
        }
        const session = randomBytes(32).toString("base64url");
        await store.challenges.start(session, email, now() + CHALLENGE_LIFETIME_MS, now());
        await signInFailures.reset(email);
        return { ...answer, Session: session };
      }
      await signInFailures.reset(email);
      return await noteIssued(answer);
    },

    RespondToAuthChallenge: async (body) => {
      if (body["ChallengeName"] !== "NEW_PASSWORD_REQUIRED") {
        throw new CognitoFault(
          "InvalidParameterException",
          "This challenge is not supported here.",
        );
      }
      const store = await state();
      const username = await store.challenges.take(text(body["Session"]), now());
      if (username === undefined) {
        throw new CognitoFault(
          "NotAuthorizedException",
          "Invalid session for the user, session is expired.",
        );
      }
      const responses = (body["ChallengeResponses"] ?? {}) as Record<string, string>;
      const password = text(responses["NEW_PASSWORD"]);
      checkPassword(password);
      const user = await findUser(username);
      if (!user) throw badCredentials();
      const answer = await upstream("RespondToAuthChallenge", {
        ClientId: options.clientId,
        ChallengeName: "NEW_PASSWORD_REQUIRED",
        Session: randomUUID(),
        ChallengeResponses: { USERNAME: user.username, NEW_PASSWORD: password },
      });
      await store.temporaryPasswords.remove(username);
      return await noteIssued(answer);
    },

    GetTokensFromRefreshToken: async (body) => {
      const token = text(body["RefreshToken"]);
      await liveToken(token, "refresh");
      const answer = await upstream("InitiateAuth", {
        AuthFlow: "REFRESH_TOKEN_AUTH",
        ClientId: options.clientId,
        AuthParameters: { REFRESH_TOKEN: token },
      });
      return { AuthenticationResult: (await noteIssued(answer))["AuthenticationResult"] };
    },

    GlobalSignOut: async (body) => {
      const payload = await accessToken(body);
      await endSessions(text(payload["username"]));
      return {};
    },

    RevokeToken: async (body) => {
      await liveToken(text(body["Token"]), "refresh");
      return upstream("RevokeToken", { ...body, ClientId: options.clientId });
    },

    ForgotPassword: async (body, request) => {
      const email = usernameOf(body["Username"]);
      const user = await findUser(email);
      return sendCode("reset", email, request.clientAddress, user?.status === "CONFIRMED");
    },

    ConfirmForgotPassword: async (body) => {
      const email = usernameOf(body["Username"]);
      const password = text(body["Password"]);
      checkPassword(password);
      await useCode("reset", email, text(body["ConfirmationCode"]));
      const user = await findUser(email);
      if (!user) throw badCredentials();
      await admin("AdminSetUserPassword", { Username: email, Password: password, Permanent: true });
      // A new password ends the sessions that the old one opened.
      await endSessions(user.username);
      await signInFailures.reset(email);
      return {};
    },

    ChangePassword: async (body) => {
      await accessToken(body);
      checkPassword(text(body["ProposedPassword"]));
      try {
        return await upstream("ChangePassword", body);
      } catch (error) {
        if (error instanceof CognitoFault && error.type === "InvalidPasswordException") {
          throw badCredentials();
        }
        throw error;
      }
    },

    GetUser: async (body) => {
      await accessToken(body);
      return upstream("GetUser", body);
    },

    /**
     * Attributes of the caller's own account. A new e-mail address is not applied yet: like a pool with
     * "keep the original attribute value active until verified", a code goes to the new address and
     * VerifyUserAttribute applies it (sign-in names and receipts must only use addresses held).
     */
    UpdateUserAttributes: async (body, request) => {
      const token = await accessToken(body);
      const attributes = (
        Array.isArray(body["UserAttributes"]) ? body["UserAttributes"] : []
      ) as Attribute[];
      let newEmail: string | undefined;
      const others: Attribute[] = [];
      for (const { Name, Value } of attributes) {
        if (Name === "email") {
          newEmail = usernameOf(Value);
          continue;
        }
        if (Name.endsWith("_verified") || !SIGN_UP_ATTRIBUTES.has(Name)) {
          throw new CognitoFault(
            "InvalidParameterException",
            `Attribute ${Name} cannot be changed here.`,
          );
        }
        others.push({ Name, Value });
      }
      const answer =
        others.length > 0
          ? await upstream("UpdateUserAttributes", { ...body, UserAttributes: others })
          : {};
      if (newEmail === undefined) return answer;
      if (validateEmail(newEmail) !== null) {
        throw new CognitoFault("InvalidParameterException", "Invalid email address format.");
      }
      const username = text(token["username"]);
      const user = await findUser(username);
      if (user && attribute(user.attributes, "email") === newEmail) return answer;
      if (await findUser(newEmail)) {
        throw new CognitoFault(
          "AliasExistsException",
          "An account with the given email already exists.",
        );
      }
      await (await state()).pendingEmails.put(username, newEmail, now() + CODE_LIFETIME_MS, now());
      const sent = await sendCode("email", newEmail, request.clientAddress, true, username);
      return { ...answer, CodeDeliveryDetailsList: [sent.CodeDeliveryDetails] };
    },

    /** A new code for the e-mail change waiting on the caller's account. */
    GetUserAttributeVerificationCode: async (body, request) => {
      const token = await accessToken(body);
      const username = text(token["username"]);
      const store = await state();
      const pending = await store.pendingEmails.get(username, now());
      if (text(body["AttributeName"]) !== "email" || pending === undefined) {
        throw new CognitoFault("InvalidParameterException", "No e-mail change is waiting.");
      }
      // The change waits as long as its newest code.
      await store.pendingEmails.put(username, pending, now() + CODE_LIFETIME_MS, now());
      return sendCode("email", pending, request.clientAddress, true, username);
    },

    /** The code sent to the new address: the change applies and the address counts as verified. */
    VerifyUserAttribute: async (body) => {
      const token = await accessToken(body);
      const username = text(token["username"]);
      const store = await state();
      const pending = await store.pendingEmails.get(username, now());
      if (text(body["AttributeName"]) !== "email" || pending === undefined) {
        throw new CognitoFault(
          "ExpiredCodeException",
          "Invalid code provided, please request a code again.",
        );
      }
      await useCode("email", username, text(body["Code"]));
      await store.pendingEmails.remove(username);
      if (await findUser(pending)) {
        throw new CognitoFault(
          "AliasExistsException",
          "An account with the given email already exists.",
        );
      }
      await admin("AdminUpdateUserAttributes", {
        Username: username,
        UserAttributes: [
          { Name: "email", Value: pending },
          { Name: "email_verified", Value: "true" },
        ],
      });
      return {};
    },

    DeleteUser: async (body) => {
      await accessToken(body);
      return upstream("DeleteUser", body);
    },
  };

  async function adminCall(target: string, body: Body): Promise<Body> {
    if (target === "AdminCreateUser") {
      const email = usernameOf(body["Username"]);
      const password = text(body["TemporaryPassword"]);
      checkPassword(password);
      const answer = await admin(target, { ...body, Username: email, MessageAction: "SUPPRESS" });
      await (
        await state()
      ).temporaryPasswords.put(email, password, now() + TEMPORARY_PASSWORD_LIFETIME_MS, now());
      return answer;
    }
    if (target === "AdminSetUserPassword") checkPassword(text(body["Password"]));
    return admin(target, body);
  }

  /** Answer one call as Cognito would. */
  return async function handle(request: LayerRequest): Promise<LayerResponse> {
    const body = (
      typeof request.body === "object" && request.body !== null ? request.body : {}
    ) as Body;
    try {
      if (ADMIN_TARGETS.has(request.target)) {
        if (!request.adminKey || !sameSecret(request.adminKey, options.adminKey)) {
          throw new CognitoFault(
            "AccessDeniedException",
            "The admin calls need the local admin key.",
          );
        }
        return { status: 200, body: await adminCall(request.target, body) };
      }
      const handler = BROWSER_TARGETS.has(request.target) ? handlers[request.target] : undefined;
      if (!handler) {
        throw new CognitoFault("InvalidActionException", `${request.target} is not served here.`);
      }
      if (text(body["ClientId"]) !== "" && text(body["ClientId"]) !== options.clientId) {
        throw new CognitoFault("ResourceNotFoundException", "User pool client does not exist.");
      }
      return { status: 200, body: await handler(body, request) };
    } catch (error) {
      if (error instanceof CognitoFault) {
        return { status: error.status, body: { __type: error.type, message: error.message } };
      }
      console.error(
        `[identity] ${request.target} failed:`,
        error instanceof Error ? error.message : "unknown error",
      );
      return {
        status: 500,
        body: { __type: "InternalErrorException", message: "The identity provider failed." },
      };
    }
  };
}

export type CognitoLayer = ReturnType<typeof cognitoLayer>;
