import { validateEmail } from "@portal/domain";
import { SIGN_UP_ATTRIBUTES } from "./accounts";
import { attribute, CognitoFault, text, usernameOf, type Attribute } from "./cognito-local";
import { CODE_LIFETIME_MS, type Handler, type LayerContext } from "./context";

const accountExists = () =>
  new CognitoFault("AliasExistsException", "An account with the given email already exists.");

/** The caller's own account: read it, change its attributes (a new e-mail after its code), delete it. */
export function attributeHandlers(ctx: LayerContext): Record<string, Handler> {
  const { now } = ctx;
  const caller = async (body: Record<string, unknown>) =>
    text((await ctx.liveToken(text(body["AccessToken"]), "access"))["username"]);
  return {
    GetUser: async (body) => {
      await caller(body);
      return ctx.upstream("GetUser", body);
    },

    /**
     * A new e-mail address is not applied yet: like a pool with "keep the original attribute value
     * active until verified", a code goes to the new address and VerifyUserAttribute applies it
     * (sign-in names and receipts must only use addresses held).
     */
    UpdateUserAttributes: async (body, request) => {
      const username = await caller(body);
      const given = (
        Array.isArray(body["UserAttributes"]) ? body["UserAttributes"] : []
      ) as Attribute[];
      let newEmail: string | undefined;
      const others: Attribute[] = [];
      for (const { Name, Value } of given) {
        if (Name === "email") newEmail = usernameOf(Value);
        else if (Name.endsWith("_verified") || !SIGN_UP_ATTRIBUTES.has(Name)) {
          throw new CognitoFault(
            "InvalidParameterException",
            `Attribute ${Name} cannot be changed here.`,
          );
        } else others.push({ Name, Value });
      }
      const answer =
        others.length > 0
          ? await ctx.upstream("UpdateUserAttributes", { ...body, UserAttributes: others })
          : {};
      if (newEmail === undefined) return answer;
      if (validateEmail(newEmail) !== null) {
        throw new CognitoFault("InvalidParameterException", "Invalid email address format.");
      }
      const user = await ctx.findUser(username);
      if (user && attribute(user.attributes, "email") === newEmail) return answer;
      if (await ctx.findUser(newEmail)) throw accountExists();
      await (
        await ctx.state()
      ).pendingEmails.put(username, newEmail, now() + CODE_LIFETIME_MS, now());
      const sent = await ctx.sendCode("email", newEmail, request.clientAddress, true, username);
      return { ...answer, CodeDeliveryDetailsList: [sent.CodeDeliveryDetails] };
    },

    /** A new code for the e-mail change waiting on the caller's account. */
    GetUserAttributeVerificationCode: async (body, request) => {
      const username = await caller(body);
      const store = await ctx.state();
      const pending = await store.pendingEmails.get(username, now());
      if (text(body["AttributeName"]) !== "email" || pending === undefined) {
        throw new CognitoFault("InvalidParameterException", "No e-mail change is waiting.");
      }
      // The change waits as long as its newest code.
      await store.pendingEmails.put(username, pending, now() + CODE_LIFETIME_MS, now());
      return ctx.sendCode("email", pending, request.clientAddress, true, username);
    },

    /** The code sent to the new address: the change applies and the address counts as verified. */
    VerifyUserAttribute: async (body) => {
      const username = await caller(body);
      const store = await ctx.state();
      const pending = await store.pendingEmails.get(username, now());
      if (text(body["AttributeName"]) !== "email" || pending === undefined) {
        throw new CognitoFault(
          "ExpiredCodeException",
          "Invalid code provided, please request a code again.",
        );
      }
      await ctx.useCode("email", username, text(body["Code"]));
      await store.pendingEmails.remove(username);
      if (await ctx.findUser(pending)) throw accountExists();
      await ctx.setVerifiedEmail(username, pending);
      return {};
    },

    DeleteUser: async (body) => {
      await caller(body);
      return ctx.upstream("DeleteUser", body);
    },
  };
}
