import { createHash, timingSafeEqual } from "node:crypto";
import { accountHandlers } from "./accounts";
import { attributeHandlers } from "./attributes";
import { checkPassword, CognitoFault, text, usernameOf, type Body } from "./cognito-local";
import { layerContext, type LayerOptions } from "./context";
import { sessionHandlers } from "./sessions";

export type { LayerOptions, PreSignUpEvent } from "./context";

/**
 * The compatibility layer in front of cognito-local (docs/identity.md), for local use only. Amplify
 * talks to it exactly as to Cognito (JSON with `x-amz-target`); it fills cognito-local's gaps and
 * forwards the rest:
 *
 * - confirmation, reset and e-mail change codes: made here, mailed through the Mailer, kept hashed in
 *   the database, checked here (cognito-local mails none);
 * - `ResendConfirmationCode`, `GetTokensFromRefreshToken` and `GlobalSignOut`, which it lacks;
 * - the portal's password policy on every password that is set (it enforces none);
 * - the PreSignUp trigger (NRIC, UEN and mobile uniqueness), called before the account is made;
 * - NEW_PASSWORD_REQUIRED: the temporary password is checked and the session must be ours;
 * - one answer for a wrong password and an unknown account, and limits on sign-ins and codes;
 * - only the calls a browser makes, plus `AdminCreateUser` behind the local admin key (tests make
 *   accounts waiting for a new password with it).
 * Nothing is kept in memory between calls, so any instance answers the next call.
 */
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

/** Cognito's default for an administrator-made account's temporary password. */
const TEMPORARY_PASSWORD_LIFETIME_MS = 7 * 24 * 60 * 60_000;

const digest = (value: string) => createHash("sha256").update(value).digest();
const sameSecret = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

export function cognitoLayer(options: LayerOptions) {
  const ctx = layerContext(options);
  const handlers = {
    ...accountHandlers(ctx),
    ...sessionHandlers(ctx),
    ...attributeHandlers(ctx),
  };

  /** An account waiting for a new password, its temporary password checked here at sign-in. */
  async function adminCreateUser(body: Body): Promise<Body> {
    const email = usernameOf(body["Username"]);
    const password = text(body["TemporaryPassword"]);
    checkPassword(password);
    const answer = await ctx.admin("AdminCreateUser", {
      ...body,
      Username: email,
      MessageAction: "SUPPRESS",
    });
    const now = ctx.now();
    await (
      await ctx.state()
    ).temporaryPasswords.put(email, password, now + TEMPORARY_PASSWORD_LIFETIME_MS, now);
    return answer;
  }

  async function answer(request: LayerRequest, body: Body): Promise<Body> {
    if (request.target === "AdminCreateUser") {
      if (!request.adminKey || !sameSecret(request.adminKey, options.adminKey)) {
        throw new CognitoFault(
          "AccessDeniedException",
          "The admin calls need the local admin key.",
        );
      }
      return adminCreateUser(body);
    }
    const handler = Object.hasOwn(handlers, request.target) ? handlers[request.target] : undefined;
    if (!handler)
      throw new CognitoFault("InvalidActionException", `${request.target} is not served here.`);
    if (text(body["ClientId"]) !== "" && text(body["ClientId"]) !== options.clientId) {
      throw new CognitoFault("ResourceNotFoundException", "User pool client does not exist.");
    }
    return handler(body, request);
  }

  /** Answer one call as Cognito would. */
  return async function handle(request: LayerRequest): Promise<LayerResponse> {
    const body = (
      typeof request.body === "object" && request.body !== null ? request.body : {}
    ) as Body;
    try {
      return { status: 200, body: await answer(request, body) };
    } catch (error) {
      if (error instanceof CognitoFault) {
        return { status: error.status, body: { __type: error.type, message: error.message } };
      }
      console.error(
        `[identity] ${request.target} failed:`,
        error instanceof Error
          ? `${error.message}${error.cause instanceof Error ? ` (${error.cause.message})` : ""}`
          : "unknown error",
      );
      return {
        status: 500,
        body: { __type: "InternalErrorException", message: "The identity provider failed." },
      };
    }
  };
}

export type CognitoLayer = ReturnType<typeof cognitoLayer>;
