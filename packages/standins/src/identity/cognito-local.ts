import { passwordIssues, validationMessages } from "@portal/domain";

/** A Cognito error as Amplify reads it: `__type` names the exception. */
export class CognitoFault extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

export type Body = Record<string, unknown>;
export type Attribute = { Name: string; Value: string };

export const text = (value: unknown): string => (typeof value === "string" ? value : "");

/** A sign-in name as the pool keeps it: e-mail addresses in lower case. */
export const usernameOf = (value: unknown): string => {
  const name = text(value).trim();
  return name.includes("@") ? name.toLowerCase() : name;
};

export const attribute = (attributes: ReadonlyArray<Attribute>, name: string) =>
  attributes.find((a) => a.Name === name)?.Value;

export const badCredentials = () =>
  new CognitoFault("NotAuthorizedException", "Incorrect username or password.");

/** The portal's password policy (spec §5), which cognito-local does not enforce. */
export function checkPassword(password: string): void {
  const issues = passwordIssues(password);
  if (issues.length > 0) {
    throw new CognitoFault(
      "InvalidPasswordException",
      `Password did not conform with policy: ${issues.map((key) => validationMessages[key]).join("; ")}`,
    );
  }
}

/** A kept-alive connection that cognito-local had closed while idle (5 s): the call never reached it. */
const closedWhileIdle = (error: unknown) =>
  error instanceof TypeError &&
  (error.cause as { code?: unknown } | undefined)?.code === "UND_ERR_SOCKET";

/** One call to cognito-local's JSON API (`x-amz-target`); its error comes back as a CognitoFault. */
export async function callCognitoLocal(
  upstream: string,
  target: string,
  body: Body,
): Promise<Body> {
  const call = () =>
    fetch(`${upstream}/`, {
      method: "POST",
      headers: {
        "content-type": "application/x-amz-json-1.1",
        "x-amz-target": `AWSCognitoIdentityProviderService.${target}`,
      },
      body: JSON.stringify(body),
    });
  // Once more on a fresh connection when the kept one was found closed.
  const response = await call().catch((error: unknown) => {
    if (closedWhileIdle(error)) return call();
    throw error;
  });
  const parsed = JSON.parse((await response.text()) || "{}") as Body;
  if (!response.ok) {
    throw new CognitoFault(
      text(parsed["__type"]) || "InternalErrorException",
      text(parsed["message"]) || "The identity provider failed.",
      response.status >= 500 ? 500 : 400,
    );
  }
  return parsed;
}
