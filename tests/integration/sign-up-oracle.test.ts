import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../support/databases";
import { nricOf as nric } from "../support/donations";
import { identityOf, PASSWORD, type TestIdentity } from "../support/identity";
import { bearer, callerOf, startPortal, type RunningPortal } from "../support/portal";

// The sign-up is no oracle for a mobile number or a UEN (as for an NRIC, issue 30): SignUp answers
// before the e-mail code is proved, so it answers alike whether or not the number is registered, and
// holds nothing for a sign-up nobody proved. Only whoever proves the mailbox is told, when the account
// registers. Ports 6540-6549.
let nextPort = 6540;

const details = "/svc/main/User/getSignInUserDetails";

describe.each(testDatabases())("sign-up answers on $name", (database) => {
  let portal: RunningPortal;
  let identity: TestIdentity;
  const call = callerOf(() => portal);
  let address = 10;

  /** SignUp from an address of its own (as an attacker with many addresses), with these attributes. */
  const signUp = (email: string, attributes: Record<string, string>, nricGiven?: string) =>
    identity.cognito(
      "SignUp",
      {
        ClientId: identity.clientId,
        Username: email,
        Password: PASSWORD,
        UserAttributes: Object.entries({ email, ...attributes }).map(([Name, Value]) => ({
          Name,
          Value,
        })),
        ...(nricGiven ? { ValidationData: [{ Name: "NRIC", Value: nricGiven }] } : {}),
      },
      { "x-forwarded-for": `198.51.100.${address++}` },
    );
  const person = (mobile: string) => ({
    name: "Nur Probe",
    phone_number: `+65${mobile}`,
    "custom:COUNTRY_CODE": "+65",
  });
  const company = (uen: string) => ({
    name: "Ahmad Probe",
    "custom:BUSINESS_ACC": "Yes",
    "custom:UEN": uen,
    "custom:COMPANY_NAME": "Probe Trading",
  });
  /** Confirm with the e-mailed code and sign in: the ID token of whoever proved the mailbox. */
  const prove = async (email: string) => {
    const confirmed = await identity.cognito("ConfirmSignUp", {
      ClientId: identity.clientId,
      Username: email,
      ConfirmationCode: await identity.codeFor(email, "signup-code"),
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    return (await identity.signIn(email)).IdToken;
  };
  /** The answer without the new account's id (the one field that differs by design). */
  const shape = (body: Record<string, unknown>) => ({ ...body, UserSub: typeof body["UserSub"] });

  let owner: string;
  let ownerCompany: string;

  beforeAll(async () => {
    portal = await startPortal(nextPort++, undefined, {
      ...(await database.portalEnv()),
      PORTAL_TRUST_PROXY: "true",
    });
    identity = await identityOf(portal);
    // A registered individual with mobile 9123 4567, and a registered company with its UEN.
    expect((await signUp("owner@example.sg", person("91234567"), nric("2468024"))).status).toBe(
      200,
    );
    owner = await prove("owner@example.sg");
    expect((await call(details, {}, bearer(owner))).body["status"]).toBe(1);
    expect((await signUp("boss@razak.sg", company("201954321K"))).status).toBe(200);
    ownerCompany = await prove("boss@razak.sg");
    expect((await call(details, {}, bearer(ownerCompany))).body["status"]).toBe(1);
  }, 120_000);
  afterAll(async () => {
    await portal?.stop();
    await database.cleanup();
  });

  it("answers a stranger's sign-up alike whether its mobile or UEN is registered or not", async () => {
    for (let i = 0; i < 3; i++) {
      const taken = await signUp(`pt${i}@example.sg`, person("91234567"), nric(`135790${i}`));
      const free = await signUp(`pf${i}@example.sg`, person(`9876540${i}`), nric(`135791${i}`));
      expect([taken.status, free.status]).toEqual([200, 200]);
      expect(shape(taken.body)).toEqual(shape(free.body));
      const takenUen = await signUp(`ct${i}@razak.sg`, company("201954321K"));
      const freeUen = await signUp(`cf${i}@razak.sg`, company(`20196000${i}M`));
      expect([takenUen.status, freeUen.status]).toEqual([200, 200]);
      expect(shape(takenUen.body)).toEqual(shape(freeUen.body));
    }
    // A sign-up nobody proved holds nothing: the same free UEN and mobile pass again (no "exists"
    // for a number merely typed by someone, which would also let a stranger block its owner).
    const again = await signUp("cw0@razak.sg", { ...company("201960000M"), ...person("98765400") });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });

  it("tells whoever proves the mailbox that the mobile is registered; the account registers without it", async () => {
    const token = await prove("pt0@example.sg");
    const first = await call(details, {}, bearer(token));
    expect(first.body).toMatchObject({ status: 1, code: "validation.mobile.exists" });
    const data = first.body["data"] as Record<string, unknown>;
    expect(data["mobile"]).toBe("");
    // Told once: the account is registered, and the donor gives another number in the profile.
    expect((await call(details, {}, bearer(token))).body).not.toHaveProperty("code");
    const changed = await call(
      "/svc/donor/api/User/updateCognitoUser",
      { phoneCountryCode: "+65", phoneNumber: "97531000" },
      bearer(token),
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    // The number stays its first donor's.
    const kept = await call(details, {}, bearer(owner));
    expect((kept.body["data"] as Record<string, unknown>)["mobile"]).toBe("91234567");
  });

  it("tells whoever proves the mailbox that the UEN is registered; nothing is registered", async () => {
    const token = await prove("ct0@razak.sg");
    for (let i = 0; i < 2; i++) {
      const answer = await call(details, {}, bearer(token));
      expect(answer.body).toMatchObject({ status: 0, code: "signup_failed_uen_exists" });
    }
    expect((await call(details, {}, bearer(ownerCompany))).body["status"]).toBe(1);
  });

  it("gives a UEN two pending sign-ups typed to whichever proves its mailbox first", async () => {
    const second = await prove("cw0@razak.sg");
    const first = await prove("cf0@razak.sg");
    expect((await call(details, {}, bearer(second))).body["status"]).toBe(1);
    expect((await call(details, {}, bearer(first))).body).toMatchObject({
      status: 0,
      code: "signup_failed_uen_exists",
    });
  });
});
