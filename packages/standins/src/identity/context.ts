import { createHash, randomInt } from "node:crypto";
import { Effect } from "effect";
import {
  createRemoteJWKSet,
  decodeJwt,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
} from "jose";
import type { MailerShape } from "@portal/domain";
import type { IdentityState, RateWindows } from "@portal/adapters/db";
import type { IdentityCodes } from "../db/identity-codes";
import type { StandinIdentityState } from "../db/identity-state";
import { callCognitoLocal, CognitoFault, text, type Attribute, type Body } from "./cognito-local";

/** Cognito's PreSignUp trigger event, as the layer makes it. */
export interface PreSignUpEvent {
  readonly triggerSource: "PreSignUp_SignUp";
  readonly userPoolId: string;
  readonly userName: string;
  readonly request: {
    readonly userAttributes: Readonly<Record<string, string>>;
    readonly validationData: Readonly<Record<string, string>>;
  };
}

export interface LayerOptions {
  /** cognito-local's address, e.g. `http://127.0.0.1:41234`. */
  readonly upstream: string;
  readonly userPoolId: string;
  readonly clientId: string;
  /** The issuer the pool's tokens name (the PreSignUp records are kept under it). */
  readonly issuer: string;
  /** The key that opens the admin call (tests make users waiting for a new password with it). */
  readonly adminKey: string;
  readonly mailer: MailerShape;
  /** Where codes, limit windows and the rest of the state are kept (the database: every instance sees the same). */
  readonly store: () => Promise<{
    readonly codes: IdentityCodes;
    readonly limits: RateWindows;
    readonly state: StandinIdentityState;
    readonly signOuts: IdentityState["signOuts"];
  }>;
  /**
   * The pool's PreSignUp trigger (the portal's own, as Cognito would call it): the reason it refuses
   * the sign-up, or undefined when it lets it through. Throws when it fails.
   */
  readonly preSignUp: (event: PreSignUpEvent) => Promise<string | undefined>;
  /** Forget the PreSignUp record of an account that was then not made. */
  readonly abandonSignUp: (subject: string) => Promise<void>;
  readonly now?: () => number;
  /** Public keys of the tokens (cognito-local's JWKS by default). */
  readonly keys?: JWTVerifyGetKey;
}

/** Limits, counted in the database (`rate_window`), so every instance shares them. */
const layerLimits = {
  /** Wrong passwords per account per 15 minutes before the account is locked for the rest of it. */
  signInFailures: { limit: 5, windowMs: 15 * 60_000 },
  /** Sign-in attempts per client address per 15 minutes. */
  signIns: { limit: 40, windowMs: 15 * 60_000 },
  /** Codes mailed per account per hour (sign-up, resend, forgot password). */
  codes: { limit: 5, windowMs: 60 * 60_000 },
  /** Sign-ups and code requests per client address per hour. */
  codeRequests: { limit: 30, windowMs: 60 * 60_000 },
} as const;
/** Wrong codes before a code is void. */
const CODE_ATTEMPTS = 5;

export const CODE_LIFETIME_MS = 24 * 60 * 60_000;
/**
 * How long a global sign-out is remembered: as long as a token issued before it could still be good
 * (Cognito's default refresh token life, 30 days; the embedded pool's refresh tokens live one day).
 */
const SIGN_OUT_MEMORY_MS = 30 * 24 * 60 * 60_000;

export type CodePurpose = "signup" | "reset" | "email";

const both = (en: string, ms: string) => `${en}\n\n${ms}`;
/** The mail each code travels in (both languages: the account's language is not known here). */
const codeMail: Record<
  CodePurpose,
  (code: string) => { kind: string; subject: string; text: string }
> = {
  signup: (code) => ({
    kind: "signup-code",
    subject: "Your verification code / Kod pengesahan anda",
    text: both(
      `Your verification code is ${code}. It expires in 24 hours.`,
      `Kod pengesahan anda ialah ${code}. Ia tamat tempoh dalam 24 jam.`,
    ),
  }),
  reset: (code) => ({
    kind: "reset-code",
    subject: "Your password reset code / Kod tetapan semula kata laluan anda",
    text: both(
      `Your password reset code is ${code}. It expires in 24 hours.`,
      `Kod tetapan semula kata laluan anda ialah ${code}. Ia tamat tempoh dalam 24 jam.`,
    ),
  }),
  email: (code) => ({
    kind: "email-code",
    subject: "Confirm your new e-mail address / Sahkan alamat e-mel baharu anda",
    text: both(
      `Your code to confirm this e-mail address for your giving account is ${code}. It expires in 24 hours. If you did not ask to change your e-mail address, ignore this message.`,
      `Kod untuk mengesahkan alamat e-mel ini bagi akaun derma anda ialah ${code}. Ia tamat tempoh dalam 24 jam. Jika anda tidak meminta untuk menukar alamat e-mel anda, abaikan mesej ini.`,
    ),
  }),
};

const digest = (value: string) => createHash("sha256").update(value).digest();
const maskEmail = (email: string) => {
  const [local = "", domain = ""] = email.split("@");
  return `${local.charAt(0)}***@${domain.charAt(0)}***`;
};

/** What every handler of the layer works with: cognito-local, the stores, limits, codes and tokens. */
export function layerContext(options: LayerOptions) {
  const now = options.now ?? Date.now;
  const keys =
    options.keys ??
    createRemoteJWKSet(new URL(`${options.upstream}/${options.userPoolId}/.well-known/jwks.json`));
  const store = options.store;
  const upstream = (target: string, body: Body) => callCognitoLocal(options.upstream, target, body);
  const admin = (target: string, body: Body) =>
    upstream(target, { ...body, UserPoolId: options.userPoolId });

  /** A limit on some key (an address, an account), shared by every instance. */
  const limit = (name: keyof typeof layerLimits) => {
    const { limit: most, windowMs } = layerLimits[name];
    const key = (value: string) => `${name}:${value}`;
    return {
      hit: async (value: string) => (await store()).limits.hit(key(value), most, windowMs, now()),
      blocked: async (value: string) => (await store()).limits.blocked(key(value), most, now()),
      reset: async (value: string) => (await store()).limits.reset(key(value)),
    };
  };
  const limits = {
    signInFailures: limit("signInFailures"),
    signIns: limit("signIns"),
    codes: limit("codes"),
    codeRequests: limit("codeRequests"),
  };

  async function limitAddress(rate: ReturnType<typeof limit>, address: string) {
    if (!(await rate.hit(address)).allowed) {
      throw new CognitoFault(
        "TooManyRequestsException",
        "Too many requests. Please try again later.",
      );
    }
  }

  return {
    options,
    now,
    upstream,
    admin,
    limits,
    limitAddress,
    state: async () => (await store()).state,

    /** The account's e-mail address is now `email`, verified (its code was given back). */
    setVerifiedEmail: (username: string, email: string) =>
      admin("AdminUpdateUserAttributes", {
        Username: username,
        UserAttributes: [
          { Name: "email", Value: email },
          { Name: "email_verified", Value: "true" },
        ],
      }),

    /** The account, or undefined when there is none. */
    async findUser(username: string) {
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
    },

    /** Make, keep and mail a code; unknown accounts get the same answer and no mail. */
    async sendCode(
      purpose: CodePurpose,
      email: string,
      address: string,
      deliver: boolean,
      account = email,
    ) {
      await limitAddress(limits.codeRequests, address);
      if (!(await limits.codes.hit(`${purpose}:${account}`)).allowed) {
        throw new CognitoFault(
          "LimitExceededException",
          "Attempt limit exceeded, please try after some time.",
        );
      }
      if (deliver) {
        const code = randomInt(0, 1_000_000).toString().padStart(6, "0");
        await (
          await store()
        ).codes.put(`${purpose}:${account}`, digest(code), now() + CODE_LIFETIME_MS);
        const mail = codeMail[purpose](code);
        await Effect.runPromise(options.mailer.send({ to: email, ...mail, meta: { code } }));
      }
      return {
        CodeDeliveryDetails: {
          Destination: maskEmail(email),
          DeliveryMedium: "EMAIL",
          AttributeName: "email",
        },
      };
    },

    async useCode(purpose: CodePurpose, account: string, code: string) {
      const result = await (
        await store()
      ).codes.use(`${purpose}:${account}`, digest(code.trim()), now(), CODE_ATTEMPTS);
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
    },

    /** A verified token of this pool, refused when its account signed out everywhere since. */
    async liveToken(token: string, use: "access" | "refresh"): Promise<JWTPayload> {
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
      if (await (await store()).signOuts.revoked(username, payload.iat ?? 0, text(payload.jti))) {
        throw new CognitoFault(
          "NotAuthorizedException",
          use === "access" ? "Access Token has been revoked" : "Refresh Token has been revoked",
        );
      }
      return payload;
    },

    /**
     * Sign the account (cognito-local's username) out everywhere: tokens issued before this second, as
     * tokens count time, are refused from now on.
     */
    async endSessions(username: string) {
      const at = now();
      await (
        await store()
      ).signOuts.signOut(username, Math.floor(at / 1000), at + SIGN_OUT_MEMORY_MS);
    },

    /** Tokens this layer hands out in the second of a sign-out are not revoked by it. */
    async noteIssued(answer: Body): Promise<Body> {
      const result = answer["AuthenticationResult"] as Record<string, string> | undefined;
      if (!result?.["AccessToken"]) return answer;
      const access = decodeJwt(result["AccessToken"]);
      // The ID token too: the portal refuses ID tokens of a signed-out account the same way.
      const ids = [result["AccessToken"], result["RefreshToken"], result["IdToken"]]
        .filter((token): token is string => Boolean(token))
        .map((token) => text(decodeJwt(token).jti));
      await (await store()).signOuts.noteIssued(text(access["username"]), access.iat ?? 0, ids);
      return answer;
    },
  };
}

export type LayerContext = ReturnType<typeof layerContext>;
export type Handler = (body: Body, request: { readonly clientAddress: string }) => Promise<Body>;
