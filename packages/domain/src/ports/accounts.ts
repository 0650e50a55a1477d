import { Context } from "effect";
import type { Effect, Layer } from "effect";
import type { DomainError } from "../errors.ts";
import { testLayerFor } from "./test-layer.ts";

/** A refusal from the identity provider; `code` is its exception name (`UserNotConfirmedException`). */
export type AccountError = DomainError<"AccountError", string>;

export const accountError = (code: string, message: string): AccountError => ({
  _tag: "AccountError",
  code,
  message,
});

/** A new account (§2 sign-up): individuals give an NRIC, corporate donors a UEN and company name. */
export interface SignUpRequest {
  readonly email: string;
  readonly password: string;
  /** The individual's full name, or the corporate donor's contact person. */
  readonly name: string;
  readonly countryCode: string;
  readonly mobile: string;
  readonly kind: "individual" | "corporate";
  readonly nric?: string;
  readonly uen?: string;
  readonly companyName?: string;
  /** The version of the terms the donor ticked (`TERMS_VERSION`); only the PreSignUp check sees it. */
  readonly termsVersion?: string;
}

/** The signed-in account as the provider holds it. */
export interface Account {
  readonly name: string;
  readonly email: string;
  /** Signed in through Google or Facebook. */
  readonly federated: boolean;
  /** The identity attributes of §3 (name/value). */
  readonly attributes: Readonly<Record<string, string>>;
}

export type SocialProvider = "Google" | "Facebook";

/** The donor's own account at the identity provider (Cognito through Amplify, in the browser). */
export interface AccountsShape {
  readonly signIn: (
    email: string,
    password: string,
  ) => Effect.Effect<"signedIn" | "newPasswordRequired", AccountError>;
  /** Answer the NEW_PASSWORD_REQUIRED challenge of the sign-in in progress. */
  readonly completeNewPassword: (password: string) => Effect.Effect<void, AccountError>;
  readonly signUp: (request: SignUpRequest) => Effect.Effect<void, AccountError>;
  readonly confirmSignUp: (email: string, code: string) => Effect.Effect<void, AccountError>;
  readonly resendSignUpCode: (email: string) => Effect.Effect<void, AccountError>;
  readonly resetPassword: (email: string) => Effect.Effect<void, AccountError>;
  readonly confirmResetPassword: (
    email: string,
    code: string,
    password: string,
  ) => Effect.Effect<void, AccountError>;
  readonly changePassword: (previous: string, next: string) => Effect.Effect<void, AccountError>;
  readonly currentAccount: () => Effect.Effect<Account | null, AccountError>;
  /** The ID token for the portal's calls, refreshed when needed; null when signed out. */
  readonly idToken: () => Effect.Effect<string | null, AccountError>;
  readonly updateAttributes: (
    attributes: Readonly<Record<string, string>>,
  ) => Effect.Effect<void, AccountError>;
  /** Ask to change the sign-in e-mail: a code goes to the new address; nothing changes yet. */
  readonly requestEmailChange: (email: string) => Effect.Effect<void, AccountError>;
  readonly resendEmailChangeCode: () => Effect.Effect<void, AccountError>;
  /** The code from the new address: the change applies and the tokens are renewed to name it. */
  readonly confirmEmailChange: (code: string) => Effect.Effect<void, AccountError>;
  readonly deleteAccount: () => Effect.Effect<void, AccountError>;
  readonly federatedSignIn: (provider: SocialProvider) => Effect.Effect<void, AccountError>;
  /** Sign out everywhere (the provider ends the refresh tokens). */
  readonly signOut: () => Effect.Effect<void, AccountError>;
}

export class Accounts extends Context.Service<Accounts, AccountsShape>()(
  "@portal/domain/Accounts",
) {}

const methods = [
  "signIn",
  "completeNewPassword",
  "signUp",
  "confirmSignUp",
  "resendSignUpCode",
  "resetPassword",
  "confirmResetPassword",
  "changePassword",
  "currentAccount",
  "idToken",
  "updateAttributes",
  "requestEmailChange",
  "resendEmailChangeCode",
  "confirmEmailChange",
  "deleteAccount",
  "federatedSignIn",
  "signOut",
] as const;

/** Test accounts from supplied methods; missing methods die loudly. */
export const AccountsTest = (supplied: Partial<AccountsShape>): Layer.Layer<Accounts> =>
  testLayerFor(Accounts, "Accounts", methods, supplied);
