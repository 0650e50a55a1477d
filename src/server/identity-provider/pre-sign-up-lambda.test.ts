import { randomBytes, randomUUID } from "node:crypto";
import { identitySignups, openDatabase, type IdentitySignups, type Sql } from "@portal/adapters/db";
import { nricCheckLetter } from "@portal/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handler, preSignUpHandler, type CognitoPreSignUpEvent } from "./pre-sign-up-lambda";

// The PreSignUp trigger on events shaped as Cognito sends them, over PGlite (in memory).

const nric = (digits: string) => `S${digits}${nricCheckLetter("S", digits)}`;
const POOL = "ap-southeast-1_Portal01";
const ISSUER = `https://cognito-idp.ap-southeast-1.amazonaws.com/${POOL}`;

/** A PreSignUp event as Cognito sends it for a sign-up from the app client. */
const cognitoEvent = (
  attributes: Record<string, string>,
  validationData: Record<string, string> | null = null,
  triggerSource = "PreSignUp_SignUp",
): CognitoPreSignUpEvent => ({
  version: "1",
  region: "ap-southeast-1",
  userPoolId: POOL,
  userName: randomUUID(),
  callerContext: { awsSdkVersion: "aws-sdk-unknown-unknown", clientId: "portalwebclient" },
  triggerSource,
  request: { userAttributes: attributes, validationData, clientMetadata: null },
  response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
});

describe("PreSignUp as a Cognito Lambda trigger", () => {
  let sql: Sql;
  let signups: IdentitySignups;
  let run: ReturnType<typeof preSignUpHandler>;

  beforeAll(async () => {
    sql = await openDatabase({});
    signups = identitySignups(sql, randomBytes(32));
    run = preSignUpHandler(async () => signups);
    // A fresh PGlite database runs every migration first (the finance totals' triggers among them).
  }, 60_000);
  afterAll(async () => {
    await sql?.close();
  });

  it("lets a new individual through, returns the event, and keeps the details under the pool's issuer", async () => {
    const event = cognitoEvent(
      {
        email: "Lambda.One@Example.sg",
        name: "Nur Lambda",
        phone_number: "+6591110001",
        "custom:COUNTRY_CODE": "+65",
        "custom:BUSINESS_ACC": "No",
      },
      { NRIC: nric("9090901") },
    );
    expect(await run(event)).toBe(event);
    expect(await signups.find(ISSUER, event.userName)).toMatchObject({
      kind: "individual",
      name: "Nur Lambda",
      email: "lambda.one@example.sg",
      countryCode: "+65",
      mobile: "91110001",
      nric: nric("9090901"),
    });
  });

  it("lets a second account with that NRIC, UEN or mobile through (told only after its e-mail code), refuses a bad field, in Cognito's words", async () => {
    const second = cognitoEvent(
      { email: "lambda.two@example.sg", name: "Other" },
      { NRIC: nric("9090901") },
    );
    expect(await run(second)).toBe(second);
    const company = {
      email: "lambda.co@example.sg",
      name: "Ahmad Lambda",
      "custom:BUSINESS_ACC": "Yes",
      "custom:UEN": "201912345K",
      "custom:COMPANY_NAME": "Lambda & Sons",
    };
    await run(cognitoEvent(company));
    const again = cognitoEvent({
      ...company,
      email: "lambda.co2@example.sg",
      phone_number: "+6591110001",
      "custom:COUNTRY_CODE": "+65",
    });
    expect(await run(again)).toBe(again);
    await expect(
      run(cognitoEvent({ email: "lambda.three@example.sg", name: "Bad" }, { NRIC: "X1234567A" })),
    ).rejects.toThrow(/^Enter Valid NRIC\/FIN$/);
  });

  it("lets social and administrator-made accounts through untouched (no NRIC is sent with them)", async () => {
    for (const source of ["PreSignUp_ExternalProvider", "PreSignUp_AdminCreateUser"]) {
      const event = cognitoEvent({ email: "social@example.sg", name: "Sosial" }, null, source);
      expect(await run(event)).toBe(event);
      expect(await signups.find(ISSUER, event.userName)).toBeUndefined();
    }
  });

  it("fails closed without its configuration: no sign-up passes unchecked", async () => {
    const saved = { url: process.env["DATABASE_URL"], key: process.env["PORTAL_SECRET_KEY"] };
    delete process.env["DATABASE_URL"];
    delete process.env["PORTAL_SECRET_KEY"];
    try {
      await expect(
        handler(cognitoEvent({ email: "x@example.sg", name: "X" }, { NRIC: nric("9090902") })),
      ).rejects.toThrow("The sign-up could not be checked.");
    } finally {
      if (saved.url !== undefined) process.env["DATABASE_URL"] = saved.url;
      if (saved.key !== undefined) process.env["PORTAL_SECRET_KEY"] = saved.key;
    }
  });
});
