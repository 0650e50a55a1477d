import path from "node:path";
import { readOutbox } from "@portal/adapters/mail";
import type { RunningPortal } from "./portal";

/** The password every test sign-up uses (it meets the portal's policy). */
export const PASSWORD = "Sabar#2026";

/** An answer of the identity provider's compatibility layer: HTTP status and JSON body. */
export interface CognitoReply {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

/** The tokens a password sign-in gives. */
export interface Tokens {
  readonly IdToken: string;
  readonly AccessToken: string;
  readonly RefreshToken: string;
}

export interface SignUpOptions {
  /** The `name` attribute (default "Nur Aisyah"). */
  readonly name?: string;
  /** The terms' version the form sent (validation data `TERMS_VERSION`); none by default. */
  readonly terms?: string;
}

/**
 * The embedded identity provider as a browser's Amplify talks to it (`/cognito-idp` on the portal's
 * own origin): password sign-up with the e-mailed code from the outbox, and password sign-in.
 */
export async function identityOf(portal: RunningPortal) {
  const config = (await (await fetch(`${portal.base}/auth/config`)).json()) as Record<
    string,
    string
  >;
  const clientId = config["userPoolClientId"] ?? "";

  /** One call to the layer; `headers` may name the caller's address (behind a trusted proxy). */
  const cognito = async (
    target: string,
    body: Record<string, unknown>,
    headers: Record<string, string> = {},
  ): Promise<CognitoReply> => {
    const response = await fetch(`${portal.base}/cognito-idp`, {
      method: "POST",
      headers: {
        "content-type": "application/x-amz-json-1.1",
        "x-amz-target": `AWSCognitoIdentityProviderService.${target}`,
        ...headers,
      },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  /** The newest code of this kind e-mailed to `to` ("signup-code", "attribute-code", ...). */
  const codeFor = async (to: string, kind: string) =>
    (await readOutbox(path.join(portal.dataDir, "outbox"), { to, kind })).at(-1)?.meta?.["code"] ??
    "";

  /** InitiateAuth with the password; the answer as given (a failed sign-in too). */
  const trySignIn = (email: string) =>
    cognito("InitiateAuth", {
      ClientId: clientId,
      AuthFlow: "USER_PASSWORD_AUTH",
      AuthParameters: { USERNAME: email, PASSWORD },
    });

  /** A password sign-in that must succeed; its tokens. */
  const signIn = async (email: string): Promise<Tokens> => {
    const answer = await trySignIn(email);
    if (answer.status !== 200) throw new Error(`sign-in refused: ${JSON.stringify(answer.body)}`);
    return answer.body["AuthenticationResult"] as Tokens;
  };

  /** Sign up with this NRIC, confirm with the e-mailed code, sign in; the tokens. */
  const signUp = async (email: string, nric: string, options: SignUpOptions = {}) => {
    const made = await cognito("SignUp", {
      ClientId: clientId,
      Username: email,
      Password: PASSWORD,
      UserAttributes: [
        { Name: "email", Value: email },
        { Name: "name", Value: options.name ?? "Nur Aisyah" },
      ],
      ValidationData: [
        { Name: "NRIC", Value: nric },
        ...(options.terms === undefined ? [] : [{ Name: "TERMS_VERSION", Value: options.terms }]),
      ],
    });
    if (made.status !== 200) throw new Error(`sign-up refused: ${JSON.stringify(made.body)}`);
    const confirmed = await cognito("ConfirmSignUp", {
      ClientId: clientId,
      Username: email,
      ConfirmationCode: await codeFor(email, "signup-code"),
    });
    if (confirmed.status !== 200) {
      throw new Error(`confirmation refused: ${JSON.stringify(confirmed.body)}`);
    }
    return signIn(email);
  };

  return { clientId, cognito, codeFor, trySignIn, signIn, signUp };
}

export type TestIdentity = Awaited<ReturnType<typeof identityOf>>;
