// Browser only: the Accounts port on aws-amplify v6 (Cognito user pools). Load it with a dynamic
// import, so pages that do not sign in never download Amplify.
import { Effect, Layer } from "effect";
import { Amplify } from "aws-amplify";
import {
  confirmResetPassword,
  confirmUserAttribute,
  confirmSignIn,
  confirmSignUp,
  deleteUser,
  fetchAuthSession,
  fetchUserAttributes,
  resendSignUpCode,
  resetPassword,
  sendUserAttributeVerificationCode,
  signIn,
  signInWithRedirect,
  signOut,
  signUp,
  updatePassword,
  updateUserAttributes,
} from "aws-amplify/auth";
import { cognitoUserPoolsTokenProvider } from "aws-amplify/auth/cognito";
import { Hub, sessionStorage } from "aws-amplify/utils";
import { Accounts, accountError, type AccountError, type AccountsShape } from "@portal/domain";

/** What `/auth/config` answers when sign-in is set up. */
export interface AmplifyIdentityConfig {
  readonly userPoolId: string;
  readonly userPoolClientId: string;
  /** The embedded provider's layer (`/cognito-idp`), absolute or relative to `origin`. */
  readonly userPoolEndpoint?: string | undefined;
  readonly oauthDomain?: string | undefined;
  readonly origin: string;
}

/** Amplify's tokens are kept in the tab's session storage under keys with this start. */
export const AMPLIFY_KEY_PREFIX = "CognitoIdentityServiceProvider.";

/**
 * Whether this page is the return from a social provider: Amplify marks a redirect sign-in as in flight
 * (in local storage, under the client's key) until the page it returns to has exchanged the code.
 */
export const socialRedirectInFlight = (userPoolClientId: string): boolean => {
  try {
    return (
      localStorage.getItem(`${AMPLIFY_KEY_PREFIX}${userPoolClientId}.inflightOAuth`) === "true"
    );
  } catch {
    return false;
  }
};

let redirectOutcome: Promise<"signedIn" | "failed"> | undefined;

/**
 * How the social sign-in this page returned from ended, once Amplify has exchanged the code (or
 * failed to); undefined when the page is not such a return. Set up by `amplifyAccounts`.
 */
export const socialRedirectOutcome = (): Promise<"signedIn" | "failed"> | undefined =>
  redirectOutcome;

const failure = (error: unknown): AccountError => {
  const named = error as { name?: unknown; message?: unknown } | null;
  return accountError(
    typeof named?.name === "string" ? named.name : "Error",
    typeof named?.message === "string" ? named.message : "Something went wrong.",
  );
};

const attempt = <A>(run: () => Promise<A>): Effect.Effect<A, AccountError> =>
  Effect.tryPromise({ try: run, catch: failure });

/**
 * Configure Amplify for the pool: USER_PASSWORD_AUTH (the embedded provider has no SRP), tokens in
 * this tab's session storage (they end with the tab), and the embedded layer's endpoint when given.
 */
export function amplifyAccounts(config: AmplifyIdentityConfig): AccountsShape {
  // Listen before configuring: configuring is what starts the code exchange of a returning redirect.
  if (config.oauthDomain && socialRedirectInFlight(config.userPoolClientId)) {
    // Completing, Amplify sets the address to its `redirectSignIn` (the root); a return completed on the
    // page the sign-in began on (the app moves it there) keeps that page's own address, and the
    // single-use code and state leave it either way.
    const landed = location.pathname;
    redirectOutcome = new Promise((resolve) => {
      const stop = Hub.listen("auth", ({ payload }) => {
        if (payload.event === "signInWithRedirect") resolve("signedIn");
        else if (payload.event === "signInWithRedirect_failure") resolve("failed");
        else return;
        history.replaceState(history.state, "", landed);
        stop();
      });
    });
  }
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.userPoolEndpoint
          ? { userPoolEndpoint: new URL(config.userPoolEndpoint, config.origin).href }
          : {}),
        loginWith: {
          email: true,
          ...(config.oauthDomain
            ? {
                oauth: {
                  domain: config.oauthDomain,
                  scopes: ["openid", "email", "profile"],
                  redirectSignIn: [`${config.origin}/`],
                  redirectSignOut: [`${config.origin}/`],
                  responseType: "code" as const,
                },
              }
            : {}),
        },
      },
    },
  });
  cognitoUserPoolsTokenProvider.setKeyValueStorage(sessionStorage);

  const email = (value: string) => value.trim().toLowerCase();

  return {
    signIn: (address, password) =>
      attempt(async () => {
        const result = await signIn({
          username: email(address),
          password,
          options: { authFlowType: "USER_PASSWORD_AUTH" },
        });
        if (result.isSignedIn) return "signedIn" as const;
        if (result.nextStep.signInStep === "CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED")
          return "newPasswordRequired" as const;
        if (result.nextStep.signInStep === "CONFIRM_SIGN_UP") {
          throw Object.assign(new Error("User is not confirmed."), {
            name: "UserNotConfirmedException",
          });
        }
        throw Object.assign(new Error(`Unsupported sign-in step ${result.nextStep.signInStep}`), {
          name: "UnsupportedStep",
        });
      }),
    completeNewPassword: (password) =>
      attempt(async () => {
        const result = await confirmSignIn({ challengeResponse: password });
        if (!result.isSignedIn) {
          throw Object.assign(new Error("The new password was not accepted."), {
            name: "NotAuthorizedException",
          });
        }
      }),
    signUp: (request) =>
      attempt(async () => {
        const corporate = request.kind === "corporate";
        await signUp({
          username: email(request.email),
          password: request.password,
          options: {
            userAttributes: {
              email: email(request.email),
              name: request.name.trim(),
              phone_number: `${request.countryCode}${request.mobile.replace(/\s/g, "")}`,
              "custom:COUNTRY_CODE": request.countryCode,
              "custom:BUSINESS_ACC": corporate ? "Yes" : "No",
              ...(corporate
                ? {
                    "custom:UEN": (request.uen ?? "").trim().toUpperCase(),
                    "custom:COMPANY_NAME": (request.companyName ?? "").trim(),
                  }
                : {}),
            },
            // The NRIC and the terms agreed to go to the PreSignUp check only; the provider never
            // stores them.
            validationData: {
              ...(corporate ? {} : { NRIC: (request.nric ?? "").toUpperCase() }),
              ...(request.termsVersion ? { TERMS_VERSION: request.termsVersion } : {}),
            },
          },
        });
      }),
    confirmSignUp: (address, code) =>
      attempt(async () => {
        await confirmSignUp({ username: email(address), confirmationCode: code.trim() });
      }),
    resendSignUpCode: (address) =>
      attempt(async () => {
        await resendSignUpCode({ username: email(address) });
      }),
    resetPassword: (address) =>
      attempt(async () => {
        await resetPassword({ username: email(address) });
      }),
    confirmResetPassword: (address, code, password) =>
      attempt(() =>
        confirmResetPassword({
          username: email(address),
          confirmationCode: code.trim(),
          newPassword: password,
        }),
      ),
    changePassword: (previous, next) =>
      attempt(() => updatePassword({ oldPassword: previous, newPassword: next })),
    currentAccount: () =>
      attempt(async () => {
        const session = await fetchAuthSession();
        const idToken = session.tokens?.idToken;
        if (!idToken) return null;
        const attributes = await fetchUserAttributes();
        const values = Object.fromEntries(
          Object.entries(attributes).filter((entry): entry is [string, string] => !!entry[1]),
        );
        return {
          name: values["name"] ?? values["email"] ?? "",
          email: values["email"] ?? "",
          federated: Array.isArray(idToken.payload["identities"]),
          attributes: values,
        };
      }),
    idToken: () =>
      attempt(async () => (await fetchAuthSession()).tokens?.idToken?.toString() ?? null),
    updateAttributes: (attributes) =>
      attempt(async () => {
        await updateUserAttributes({ userAttributes: { ...attributes } });
      }),
    requestEmailChange: (address) =>
      attempt(async () => {
        await updateUserAttributes({ userAttributes: { email: email(address) } });
      }),
    resendEmailChangeCode: () =>
      attempt(async () => {
        await sendUserAttributeVerificationCode({ userAttributeKey: "email" });
      }),
    confirmEmailChange: (code) =>
      attempt(async () => {
        await confirmUserAttribute({ userAttributeKey: "email", confirmationCode: code.trim() });
        // The next portal call must carry an ID token that names the new, verified address.
        await fetchAuthSession({ forceRefresh: true });
      }),
    deleteAccount: () => attempt(() => deleteUser()),
    federatedSignIn: (provider) => attempt(() => signInWithRedirect({ provider })),
    signOut: () => attempt(() => signOut({ global: true })),
  };
}

/** The Accounts port on Amplify, as a layer. */
export const AmplifyAccountsLive = (config: AmplifyIdentityConfig): Layer.Layer<Accounts> =>
  Layer.sync(Accounts, () => amplifyAccounts(config));
