import { randomBytes, randomUUID } from "node:crypto";
import {
  badCredentials,
  checkPassword,
  CognitoFault,
  text,
  usernameOf,
  type Body,
} from "./cognito-local";
import type { Handler, LayerContext } from "./context";

const CHALLENGE_LIFETIME_MS = 3 * 60_000;

/** cognito-local's answers to a wrong password or an unknown account: all one answer here. */
const WRONG_SIGN_IN = [
  "NotAuthorizedException",
  "UserNotFoundException",
  "InvalidPasswordException",
];

/** Sign-in (with the NEW_PASSWORD_REQUIRED challenge), refresh, sign-out and revocation. */
export function sessionHandlers(ctx: LayerContext): Record<string, Handler> {
  const { options, now } = ctx;
  return {
    InitiateAuth: async (body, request) => {
      const flow = text(body["AuthFlow"]);
      if (flow !== "USER_PASSWORD_AUTH") {
        throw new CognitoFault(
          "InvalidParameterException",
          `${flow} is not supported here; use USER_PASSWORD_AUTH.`,
        );
      }
      const parameters = (body["AuthParameters"] ?? {}) as Record<string, string>;
      const email = usernameOf(parameters["USERNAME"]);
      const password = text(parameters["PASSWORD"]);
      await ctx.limitAddress(ctx.limits.signIns, request.clientAddress);
      if (await ctx.limits.signInFailures.blocked(email)) {
        throw new CognitoFault("NotAuthorizedException", "Password attempts exceeded");
      }
      const failed = async () => {
        await ctx.limits.signInFailures.hit(email);
        return badCredentials();
      };
      let answer: Body;
      try {
        answer = await ctx.upstream("InitiateAuth", {
          ...body,
          ClientId: options.clientId,
          AuthParameters: { USERNAME: email, PASSWORD: password },
        });
      } catch (error) {
        if (error instanceof CognitoFault && WRONG_SIGN_IN.includes(error.type))
          throw await failed();
        throw error;
      }
      if (answer["ChallengeName"] === "NEW_PASSWORD_REQUIRED") {
        // cognito-local answers without checking the temporary password: it is checked here.
        const store = await ctx.state();
        if (!(await store.temporaryPasswords.matches(email, password, now()))) throw await failed();
        const session = randomBytes(32).toString("base64url");
        await store.challenges.start(session, email, now() + CHALLENGE_LIFETIME_MS, now());
        await ctx.limits.signInFailures.reset(email);
        return { ...answer, Session: session };
      }
      await ctx.limits.signInFailures.reset(email);
      return await ctx.noteIssued(answer);
    },

    /** cognito-local accepts any session here: only a session this layer started counts. */
    RespondToAuthChallenge: async (body) => {
      if (body["ChallengeName"] !== "NEW_PASSWORD_REQUIRED") {
        throw new CognitoFault(
          "InvalidParameterException",
          "This challenge is not supported here.",
        );
      }
      const store = await ctx.state();
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
      const user = await ctx.findUser(username);
      if (!user) throw badCredentials();
      const answer = await ctx.upstream("RespondToAuthChallenge", {
        ClientId: options.clientId,
        ChallengeName: "NEW_PASSWORD_REQUIRED",
        Session: randomUUID(),
        ChallengeResponses: { USERNAME: user.username, NEW_PASSWORD: password },
      });
      await store.temporaryPasswords.remove(username);
      return await ctx.noteIssued(answer);
    },

    /** Missing from cognito-local: answered with its REFRESH_TOKEN_AUTH flow. */
    GetTokensFromRefreshToken: async (body) => {
      const token = text(body["RefreshToken"]);
      await ctx.liveToken(token, "refresh");
      const answer = await ctx.upstream("InitiateAuth", {
        AuthFlow: "REFRESH_TOKEN_AUTH",
        ClientId: options.clientId,
        AuthParameters: { REFRESH_TOKEN: token },
      });
      return { AuthenticationResult: (await ctx.noteIssued(answer))["AuthenticationResult"] };
    },

    /** Missing from cognito-local: tokens issued before it are refused from then on. */
    GlobalSignOut: async (body) => {
      const payload = await ctx.liveToken(text(body["AccessToken"]), "access");
      await ctx.endSessions(text(payload["username"]));
      return {};
    },

    RevokeToken: async (body) => {
      await ctx.liveToken(text(body["Token"]), "refresh");
      return ctx.upstream("RevokeToken", { ...body, ClientId: options.clientId });
    },
  };
}
