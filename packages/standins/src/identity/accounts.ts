import { randomUUID } from "node:crypto";
import {
  attribute,
  badCredentials,
  checkPassword,
  CognitoFault,
  text,
  usernameOf,
  type Attribute,
  type Body,
} from "./cognito-local";
import type { Handler, LayerContext } from "./context";

/** The attributes a sign-up may set. The NRIC is not among them: it goes to PreSignUp only. */
export const SIGN_UP_ATTRIBUTES = new Set([
  "name",
  "email",
  "phone_number",
  // Spec §3's attribute list: the profile writes the donor's address here when it is saved.
  "address",
  "custom:COUNTRY_CODE",
  "custom:BUSINESS_ACC",
  "custom:UEN",
  "custom:COMPANY_NAME",
]);

const list = (value: unknown) => (Array.isArray(value) ? value : []) as Attribute[];

/** The attributes a sign-up gives, checked: only those a sign-up may set, the e-mail the username. */
function signUpAttributes(body: Body, email: string): Attribute[] {
  const attributes: Attribute[] = [];
  for (const { Name, Value } of list(body["UserAttributes"])) {
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
  return attributes;
}

/** Sign-up, its code, a forgotten password and a changed one. */
export function accountHandlers(ctx: LayerContext): Record<string, Handler> {
  const { options } = ctx;
  return {
    SignUp: async (body, request) => {
      const email = usernameOf(body["Username"]);
      const password = text(body["Password"]);
      await ctx.limitAddress(ctx.limits.codeRequests, request.clientAddress);
      checkPassword(password);
      const attributes = signUpAttributes(body, email);
      const validation = Object.fromEntries(
        list(body["ValidationData"]).map((a) => [a.Name, String(a.Value)]),
      );
      if (await ctx.findUser(email)) {
        throw new CognitoFault(
          "UsernameExistsException",
          "An account with the given email already exists.",
        );
      }
      const sub = randomUUID();
      let refusal: string | undefined;
      try {
        refusal = await options.preSignUp({
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
      } catch {
        throw new CognitoFault("UnexpectedLambdaException", "PreSignUp failed.", 500);
      }
      if (refusal !== undefined) {
        throw new CognitoFault(
          "UserLambdaValidationException",
          `PreSignUp failed with error ${refusal}`,
        );
      }
      try {
        await ctx.upstream("SignUp", {
          ClientId: options.clientId,
          Username: email,
          Password: password,
          UserAttributes: [...attributes, { Name: "sub", Value: sub }],
        });
      } catch (error) {
        await options.abandonSignUp(sub);
        throw error;
      }
      const delivery = await ctx.sendCode("signup", email, request.clientAddress, true);
      return { UserConfirmed: false, UserSub: sub, ...delivery };
    },

    ConfirmSignUp: async (body) => {
      const email = usernameOf(body["Username"]);
      await ctx.useCode("signup", email, text(body["ConfirmationCode"]));
      await ctx.admin("AdminConfirmSignUp", { Username: email });
      await ctx.setVerifiedEmail(email, email);
      return {};
    },

    ResendConfirmationCode: async (body, request) => {
      const email = usernameOf(body["Username"]);
      const user = await ctx.findUser(email);
      return ctx.sendCode("signup", email, request.clientAddress, user?.status === "UNCONFIRMED");
    },

    ForgotPassword: async (body, request) => {
      const email = usernameOf(body["Username"]);
      const user = await ctx.findUser(email);
      return ctx.sendCode("reset", email, request.clientAddress, user?.status === "CONFIRMED");
    },

    ConfirmForgotPassword: async (body) => {
      const email = usernameOf(body["Username"]);
      const password = text(body["Password"]);
      checkPassword(password);
      await ctx.useCode("reset", email, text(body["ConfirmationCode"]));
      const user = await ctx.findUser(email);
      if (!user) throw badCredentials();
      await ctx.admin("AdminSetUserPassword", {
        Username: email,
        Password: password,
        Permanent: true,
      });
      // A new password ends the sessions that the old one opened.
      await ctx.endSessions(user.username);
      await ctx.limits.signInFailures.reset(email);
      return {};
    },

    ChangePassword: async (body) => {
      await ctx.liveToken(text(body["AccessToken"]), "access");
      checkPassword(text(body["ProposedPassword"]));
      try {
        return await ctx.upstream("ChangePassword", body);
      } catch (error) {
        if (error instanceof CognitoFault && error.type === "InvalidPasswordException") {
          throw badCredentials();
        }
        throw error;
      }
    },
  };
}
