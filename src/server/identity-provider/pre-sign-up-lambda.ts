import { clockOf, productRouteOf, type ClockShape } from "@portal/domain";
import { identitySignups, openDatabase, type IdentitySignups } from "@portal/adapters/db";
import { preSignUp, PreSignUpRefused, type PreSignUpEvent } from "./pre-sign-up";

/**
 * The PreSignUp handler as a Cognito Lambda trigger (docs/identity.md "PreSignUp as a Lambda"): the same checks
 * the embedded layer runs before an account is made (NRIC, UEN and mobile uniqueness; the details kept
 * for the account's first sign-in). Cognito sends the event below and answers the sign-up with
 * `PreSignUp failed with error <message>.` when the handler throws.
 */
export interface CognitoPreSignUpEvent extends PreSignUpEvent {
  readonly version?: string;
  readonly region?: string;
  readonly callerContext?: { readonly awsSdkVersion?: string; readonly clientId?: string };
  readonly request: PreSignUpEvent["request"] & {
    readonly clientMetadata?: Readonly<Record<string, string>> | null;
  };
  readonly response?: {
    readonly autoConfirmUser?: boolean;
    readonly autoVerifyEmail?: boolean;
    readonly autoVerifyPhone?: boolean;
  };
}

/** The pool's token issuer, which the portal's donor links name (`PORTAL_IDENTITY_ISSUER`). */
const issuerOf = (event: CognitoPreSignUpEvent, configured?: string): string => {
  if (configured) return configured;
  if (!event.region)
    throw new Error("PreSignUp: the event has no region; set PORTAL_IDENTITY_ISSUER");
  return `https://cognito-idp.${event.region}.amazonaws.com/${event.userPoolId}`;
};

/**
 * A handler over the given records. Sign-ups through Google or Facebook
 * (`PreSignUp_ExternalProvider`) carry no NRIC: the donor gives it in the NRIC-only step and the
 * portal registers it on return, so they pass. Accounts an administrator makes
 * (`PreSignUp_AdminCreateUser`) pass too, as in the embedded layer. A refusal's message becomes
 * Cognito's `PreSignUp failed with error <message>`; anything else fails the sign-up as unexpected.
 * The Lambda has no portal: its clock is the machine's (`Date.now`), unless a test hands one in.
 */
export const preSignUpHandler =
  (
    records: () => Promise<IdentitySignups>,
    issuer?: string,
    clock: ClockShape = clockOf(Date.now),
  ) =>
  async (event: CognitoPreSignUpEvent): Promise<CognitoPreSignUpEvent> => {
    if (event.triggerSource !== "PreSignUp_SignUp") return event;
    try {
      await preSignUp(event, issuerOf(event, issuer), { records, clock });
      return event;
    } catch (error) {
      // Cognito adds the closing full stop itself.
      if (error instanceof PreSignUpRefused)
        throw new Error(error.message.replace(/\.$/, ""), { cause: error });
      console.error(
        "[pre-sign-up] failed:",
        error instanceof Error ? error.message : "unknown error",
      );
      throw new Error("The sign-up could not be checked.", { cause: error });
    }
  };

let records: Promise<IdentitySignups> | undefined;

/**
 * The Lambda's records: PostgreSQL at DATABASE_URL with the server key PORTAL_SECRET_KEY (the same as
 * the web servers': NRICs are sealed and hashed under it), opened once per container.
 */
const lambdaRecords = (): Promise<IdentitySignups> => {
  const databaseUrl = process.env["DATABASE_URL"];
  const secret = process.env["PORTAL_SECRET_KEY"];
  if (!databaseUrl || !secret) {
    return Promise.reject(
      new Error("PreSignUp needs DATABASE_URL and PORTAL_SECRET_KEY (the web servers' own)"),
    );
  }
  const key = Buffer.from(secret, "base64");
  if (key.length < 32) return Promise.reject(new Error("PORTAL_SECRET_KEY is under 32 bytes"));
  records ??= openDatabase({
    databaseUrl,
    productRoute: productRouteOf(process.env["PORTAL_PRODUCT_ROUTE"]),
  }).then((sql) => identitySignups(sql, key));
  return records;
};

/** The Lambda entry point (`index.handler` in the bundle `npm run build:lambda` makes). */
export const handler = preSignUpHandler(
  lambdaRecords,
  process.env["PORTAL_IDENTITY_ISSUER"] || undefined,
);
