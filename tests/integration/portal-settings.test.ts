import { decodeResponse } from "@portal/adapters/responses";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestIdentity } from "../../scripts/lib/test-identity.mjs";
import { testDatabases } from "../support/databases";
import { nricOf, registerSignIn } from "../support/donations";
import {
  AT_SEA,
  REFUSED,
  SIMEI,
  startGoogleGeocodingStandIn,
  type GoogleGeocodingStandIn,
} from "../support/google-geocode";
import { callPortal, guestCookie, startPortal, type RunningPortal } from "../support/portal";

// 4560-4569 is this suite's own range (its browser journey starts on E2E_PORT + 1).
let nextPort = 4564;

const zakat = { flow: "ZAKAT", items: { harta: 25_000 }, totalCents: 25_000, ratesVersion: 1 };

/**
 * Two settings of docs/configuration.md through the real launcher and server: PORTAL_SIGN_IN_REQUIRED
 * (spec §6 "login mandatory") and Google's reverse geocoding (PORTAL_GOOGLE_GEOCODING_KEY; spec §7, §8:
 * the first result only when Google says OK), on one portal with both and one with neither.
 */
describe.each(testDatabases())("portal settings on $name", (database) => {
  let on: RunningPortal;
  let off: RunningPortal;
  let google: GoogleGeocodingStandIn;
  let identity: Awaited<ReturnType<typeof startTestIdentity>>;

  beforeAll(async () => {
    google = await startGoogleGeocodingStandIn();
    identity = await startTestIdentity();
    const env = { ...(await database.portalEnv()), ...identity.env };
    on = await startPortal(nextPort++, undefined, {
      ...env,
      ...google.env,
      PORTAL_SIGN_IN_REQUIRED: "true",
    });
    off = await startPortal(nextPort++, undefined, env);
  });

  afterAll(async () => {
    await on?.stop();
    await off?.stop();
    await google?.stop();
    await identity?.stop();
    await database.cleanup();
  });

  const settingsOf = async (portal: RunningPortal) => {
    const reply = await callPortal(
      portal.base,
      "/svc/configuration/api/Configuration/configureWebForCharity?charityId=25",
    );
    expect(reply.status).toBe(200);
    return decodeResponse("configureWebForCharity", reply.body).data;
  };

  const create = async (portal: RunningPortal, headers: Record<string, string>, body: object) =>
    callPortal(portal.base, "/svc/payment/v1/donations/create", body, {
      "idempotency-key": crypto.randomUUID(),
      ...headers,
    });

  const locate = async (portal: RunningPortal, point: object) =>
    callPortal(portal.base, "/svc/donor/api/User/lookupLocation", point, {
      cookie: await guestCookie(portal.base),
    });

  it("serves each setting to the pages, and lets them ask for the location only where it is on", async () => {
    expect(await settingsOf(on)).toMatchObject({ signInRequired: true, locationLookup: true });
    expect(await settingsOf(off)).toMatchObject({ signInRequired: false, locationLookup: false });
    // The pages may ask where the device is only where the lookup is on.
    const policy = async (portal: RunningPortal) =>
      (await fetch(`${portal.base}/enrollment/enroll-individual`)).headers.get(
        "permissions-policy",
      );
    expect(await policy(on)).toBe("camera=(), microphone=(), geolocation=(self)");
    expect(await policy(off)).toBe("camera=(), microphone=(), geolocation=()");
  });

  it("refuses a guest's donation where sign-in is required, in the page's language or both", async () => {
    const cookie = await guestCookie(on.base);
    const malay = await create(on, { cookie }, { ...zakat, lang: "ms" });
    expect(malay).toMatchObject({
      status: 403,
      body: {
        status: 0,
        code: "donation.signInRequired",
        message:
          "Sila log masuk sebelum memberi: sumbangan di sini dibuat daripada akaun penderma.",
      },
    });
    const unsaid = await create(on, { cookie }, zakat);
    expect(unsaid.status).toBe(403);
    expect(unsaid.body["message"]).toBe(
      "Please sign in before you give: gifts here are made from a donor account. / Sila log masuk sebelum memberi: sumbangan di sini dibuat daripada akaun penderma.",
    );
  });

  it("takes a signed-in donor's donation where sign-in is required, and a guest's where it is not", async () => {
    const token = await identity.sign({ email: "settings@example.com", name: "Settings Donor" });
    await registerSignIn(on.base, token, nricOf("4560001"), "94560001");
    const signedIn = await create(on, { authorization: `Bearer ${token}` }, zakat);
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    const guest = await create(off, { cookie: await guestCookie(off.base) }, zakat);
    expect(guest.status, JSON.stringify(guest.body)).toBe(200);
  });

  it("fills the address from Google's first result, only when Google says OK", async () => {
    const found = await locate(on, SIMEI);
    expect(found.status).toBe(200);
    expect(decodeResponse("lookupLocation", found.body).data.address).toEqual({
      postalCode: "520106",
      blockNumber: "106",
      streetName: "Simei Street 1",
      buildingName: "",
      country: "SG",
    });
    expect(google.asked.at(-1)).toBe(`${SIMEI.latitude},${SIMEI.longitude}`);
    const sea = await locate(on, AT_SEA);
    expect(sea.status).toBe(200);
    expect(decodeResponse("lookupLocation", sea.body).data.address).toBeNull();
    // Google refusing (quota, key) is the service unavailable: the donor types the address.
    expect(await locate(on, REFUSED)).toMatchObject({
      status: 503,
      body: { code: "address.unavailable" },
    });
  });

  it("refuses what is not a point, callers without a session, and everything without a key", async () => {
    const asked = google.asked.length;
    expect(await locate(on, { latitude: 91, longitude: 0 })).toMatchObject({
      status: 400,
      body: { code: "address.coordinates" },
    });
    expect((await locate(on, { latitude: "1.3", longitude: 103.9 })).status).toBe(400);
    const anonymous = await callPortal(on.base, "/svc/donor/api/User/lookupLocation", SIMEI);
    expect(anonymous).toMatchObject({ status: 401, body: { code: "session.required" } });
    expect(google.asked.length).toBe(asked);
    expect(await locate(off, SIMEI)).toMatchObject({
      status: 404,
      body: { code: "address.lookupOff" },
    });
  });
});
