import { nricCheckLetter, TERMS_VERSION } from "@portal/domain";
import {
  apiCalls,
  defaultBases,
  makeApiClient,
  type ApiCallName,
  type Bases,
  type CallInput,
} from "@portal/adapters";
import { decodeResponse, responseSchemas } from "@portal/adapters/responses";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestIdentity } from "../../scripts/lib/test-identity.mjs";
import { signInOfficer } from "../support/console";
import {
  kioskRequest,
  registeredDevice,
  registeredKiosk,
  signedEntry,
} from "../support/counter-device";
import { testDatabases } from "../support/databases";
import { startOneMapStandIn, type OneMapStandIn } from "../support/onemap";
import {
  SIMEI,
  startGoogleGeocodingStandIn,
  type GoogleGeocodingStandIn,
} from "../support/google-geocode";
import { guestCookie, startPortal, type RunningPortal } from "../support/portal";
import { readOutbox } from "@portal/adapters/mail";
import path from "node:path";

let nextPort = 4490;

/**
 * The browser client (packages/adapters/src/http) and the server agree: every call of the table goes
 * out through the client to the path the client builds, and its answer decodes with the response
 * schema the browser code uses.
 */
describe.each(testDatabases())("client and server contract on $name", (database) => {
  let portal: RunningPortal;
  let identity: Awaited<ReturnType<typeof startTestIdentity>>;
  let oneMap: OneMapStandIn;
  let google: GoogleGeocodingStandIn;

  beforeAll(async () => {
    identity = await startTestIdentity();
    oneMap = await startOneMapStandIn();
    google = await startGoogleGeocodingStandIn();
    portal = await startPortal(nextPort++, undefined, {
      ...(await database.portalEnv()),
      ...identity.env,
      PORTAL_ONEMAP_URL: oneMap.url,
      ...google.env,
    });
  });

  afterAll(async () => {
    await portal?.stop();
    await identity?.stop();
    await oneMap?.stop();
    await google?.stop();
    await database.cleanup();
  });

  it("answers every call of the table in the shape its schema states", async () => {
    const bases = Object.fromEntries(
      Object.entries(defaultBases).map(([name, path]) => [name, `${portal.base}${path}`]),
    ) as unknown as Bases;
    const guest = await guestCookie(portal.base);
    // A fresh sign-in (`auth_time` now), as closing the account needs.
    const token = await identity.sign({
      email: "contract@example.com",
      name: "Contract",
      auth_time: Math.floor(Date.now() / 1000),
    });
    const failures: string[] = [];
    const options = {
      bases,
      host: () => "test",
      reload: () => failures.push("reload"),
      fetch: ((input, init) =>
        fetch(input, {
          ...init,
          headers: {
            ...(init?.headers as Record<string, string>),
            cookie: guest,
            "idempotency-key": crypto.randomUUID(),
          },
        })) as typeof fetch,
    };
    const signedIn = makeApiClient({ ...options, getIdToken: () => token });
    const asGuest = makeApiClient(options);
    const nric = `S1357913${nricCheckLetter("S", "1357913")}`;
    const seen = new Set<ApiCallName>();
    const check = async (name: ApiCallName, input: CallInput = {}, client = signedIn) => {
      seen.add(name);
      const body = await client.request(name, input);
      expect(() => decodeResponse(name, body), `${name}: ${JSON.stringify(body)}`).not.toThrow();
      return decodeResponse(name, body) as Record<string, unknown>;
    };

    await check("guest", {}, asGuest);
    await check("homePageConfiguration", { query: { charityId: 25 } });
    await check("hijriCalendar");
    await check("getHomePageConfiguration", { query: { charityId: 135 } });
    await check("configureWebForCharity", { query: { charityId: 25 } });
    await check("donationWidget", { query: { charityId: 135 } });
    await check("getPayPartners", { query: { charityId: 25 } });
    await check("donorWall", { query: { charityId: 135, pageNumber: 1, pageSize: 10 } });
    await check("getSignInUserDetails");
    await check("checkCognitoNricExists", { body: { nric } });
    await check("registerCognitoUser", {
      body: {
        uniqueUserId: Buffer.from(nric).toString("base64"),
        phoneCountryCode: "+65",
        phoneNumber: "90001111",
        termsVersion: TERMS_VERSION,
      },
    });
    await check("getSignInUserDetails");
    await check("checkCognitoNricExists", { body: { nric } });
    await check("getDonorCognitoStatus", { body: {} });
    await check("getEmailListForUser", { body: {} });
    await check("getCognitoUser", { body: { email: "contract@example.com" } });
    await check("checkCognitoMobileExists", { body: { countryCode: "+65", mobile: "90002222" } });
    await check("updateCognitoUser", {
      body: { phoneCountryCode: "+65", phoneNumber: "90003333" },
    });
    await check("updateDonorCognitoProfile", {
      body: { name: "Contract Donor", profile: { race: "Malay" } },
    });
    await check("updateDonorEmailCognitoProfile", { body: { email: "contract@example.com" } });
    await check("getMyData", { body: {} });
    const located = await check("lookupLocation", { body: SIMEI }, asGuest);
    expect(located["data"]).toMatchObject({ address: { postalCode: "520106" } });
    const found = await check("lookupPostalCode", { body: { postalCode: "520106" } }, asGuest);
    expect(found["data"]).toEqual({
      addresses: [
        {
          postalCode: "520106",
          blockNumber: "106",
          streetName: "SIMEI STREET 1",
          buildingName: "",
          country: "SG",
        },
      ],
    });
    // The NRIC-only step before a social sign-up: held for the guest session, asked after, dropped.
    const held = await check(
      "holdSocialNric",
      {
        body: {
          nric: `S9200901${nricCheckLetter("S", "9200901")}`,
          termsVersion: TERMS_VERSION,
        },
      },
      asGuest,
    );
    expect(JSON.stringify(held)).not.toContain("9200901");
    expect((await check("socialNricHeld", {}, asGuest))["data"]).toEqual({ held: true });
    await check("forgetSocialNric", {}, asGuest);
    expect((await check("socialNricHeld", {}, asGuest))["data"]).toEqual({ held: false });
    await check("enrollDonorManuallyPreDonation", { body: { name: "Contract Donor", nric } });
    await check(
      "enrollDonorManuallyPreDonation",
      { body: { name: "Guest", nric: `S2468024${nricCheckLetter("S", "2468024")}` } },
      asGuest,
    );
    const created = await check("create", {
      body: { flow: "ZAKAT", items: { harta: 10_000 }, totalCents: 10_000, ratesVersion: 1 },
    });
    const donation = created["data"] as { id: string; clientSecret: string; transactionNo: string };
    const card = (await (
      await fetch(`${portal.base}/sandbox/v1/payment_methods`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          number: "4242424242424242",
          expMonth: 12,
          expYear: 2099,
          cvc: "123",
        }),
      })
    ).json()) as { id: string };
    await check("confirm", {
      body: {
        donationId: donation.id,
        clientSecret: donation.clientSecret,
        paymentMethodId: card.id,
      },
    });
    await check("retrieve", {
      body: { donationId: donation.id, clientSecret: donation.clientSecret },
    });
    // A household's order across funds: one donation per fund, each paid as any donation.
    const ordered = await check("createOrder", {
      body: {
        parts: [
          {
            flow: "ZAKAT",
            items: { household: [{ name: "Siti Aminah", fitrah: "normal" }] },
            totalCents: 500,
          },
          {
            flow: "FIDYAH",
            items: { household: [{ name: "Siti Aminah", fidyahDays: 1 }] },
            totalCents: 400,
          },
        ],
        ratesVersion: 1,
      },
    });
    expect((ordered["data"] as { payments: unknown[] }).payments).toHaveLength(2);
    const byQr = await check("create", {
      body: { flow: "FIDYAH", items: { fidyah: { days: 1 } }, totalCents: 400, ratesVersion: 1 },
    });
    const qrRef = {
      donationId: (byQr["data"] as { id: string }).id,
      clientSecret: (byQr["data"] as { clientSecret: string }).clientSecret,
    };
    const donorQr = (await check("payNow", { body: qrRef })) as {
      data: { payNow: { payload: string } };
    };
    await check("payNowQrImage", { body: qrRef });
    await check("paymentConfiguration", {});
    const transactionNo = donation.transactionNo;
    const list = await check("getDonorTransactions", { body: { pageNo: 1, pageSize: 100 } });
    expect(list["totalRecords"]).toBe(1);
    await check("getDonorTransactionsThirdparty", { body: { pageNo: 1, pageSize: 100 } });
    await check("getUserTransactions", { body: {} });
    await check("getDonorByTransactionNumber", { body: { transactionNo } });
    await check("getDonorTxnRecurrentStatus", { body: { transactionNo } });
    const receipt = (await check("getThirdPartyDonationReceiptData", {
      query: { transactionNo },
    })) as { data: { receiptNo: string; verificationCode: string } };
    await check("verifyReceipt", {
      body: { receiptNo: receipt.data.receiptNo, code: receipt.data.verificationCode },
    });
    // A counter device's sync: a device an approver registered sends one entry it signed, taken by
    // the approver signed in on it as its amil (the council's credential for them on the device).
    const approver = await signInOfficer(portal.base, portal.dataDir, "approver");
    const device = await registeredDevice(approver);
    const amil = (
      await approver.call(`/console/api/counter/devices/${device.id}?do=amil`, { body: {} })
    ).body["data"] as { credential: string; amil: { id: string; name: string } };
    await check(
      "syncEntries",
      {
        body: {
          deviceId: device.id,
          entries: [
            await signedEntry(device.keys, {
              v: 1,
              deviceId: device.id,
              key: "contract-1",
              serial: 1,
              takenAt: new Date().toISOString(),
              amil: amil.amil,
              amilCredential: amil.credential,
              ratesVersion: 1,
              entry: {
                fund: "fidyah",
                amountCents: 400,
                method: "cash",
                mosqueName: "Masjid Sultan",
                donor: { name: "Haji Rahman" },
              },
            }),
          ],
        },
      },
      asGuest,
    );
    // A kiosk's calls: a payment its key signed, paid at its NETS terminal, its receipt e-mailed.
    const kiosk = await registeredKiosk(
      await signInOfficer(portal.base, portal.dataDir, "approver"),
    );
    const started = (await check(
      "startKioskPayment",
      {
        body: await kioskRequest(kiosk.keys, kiosk.id, {
          fund: "ilmu",
          amountCents: 2_000,
          totalCents: 2_000,
        }),
      },
      asGuest,
    )) as { data: { id: string; clientSecret: string } };
    const kioskRef = { donationId: started.data.id, clientSecret: started.data.clientSecret };
    await check("payKioskByNets", { body: kioskRef }, asGuest);
    await check("kioskReceipt", { body: { ...kioskRef, lang: "ms" } }, asGuest);
    await check("emailKioskReceipt", { body: { ...kioskRef, email: "kiosk@example.sg" } }, asGuest);
    // PayNow at the counter: the amil (the approver above) opens a shift at the device's mosque, the
    // device signs the start, the sandbox bank pays the code, and the receipt is read.
    await approver.call("/console/api/counter/shift", {
      body: { mosqueName: "Masjid Sultan", floatCents: 0 },
    });
    const counterStart = await signedEntry(device.keys, {
      v: 1,
      kind: "paynow",
      deviceId: device.id,
      key: "contract-paynow",
      takenAt: new Date().toISOString(),
      amil: amil.amil,
      amilCredential: amil.credential,
      ratesVersion: 1,
      lang: "en",
      sales: [{ fund: "ilmu", amountCents: 1_500, donor: { name: "Haji Rahman" } }],
    });
    const counterStarted = (await check(
      "startCounterPayNow",
      { body: { deviceId: device.id, ...counterStart } },
      asGuest,
    )) as { data: { payments: Array<{ id: string; clientSecret: string }> } };
    const counterPaid = counterStarted.data.payments[0]!;
    const counterRef = { donationId: counterPaid.id, clientSecret: counterPaid.clientSecret };
    const counterQr = (await asGuest.request("payNow", { body: counterRef })) as {
      data: { payNow: { payload: string } };
    };
    await fetch(`${portal.base}/sandbox/v1/paynow`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ payload: counterQr.data.payNow.payload }),
    });
    await check("counterPayNowReceipt", { body: { ...counterRef, lang: "ms" } }, asGuest);
    await check("getTaxDeductionStatus", { body: { transactionNo } });
    await check("registerTaxDeduction", {
      body: { transactionNo, idType: "NRIC", idNumber: nric },
    });
    // The haul tracker (issue 33): add a line, read the tracker, delete the line.
    const haulDay = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const haul = (await check("saveHaulEntry", {
      body: { wealth: "savings", kind: "balance", date: haulDay, balanceCents: 1_500_000 },
    })) as { data: { entries: Array<{ id: string }> } };
    expect(haul.data.entries).toHaveLength(1);
    await check("getHaulTracker", { body: {} });
    await check("deleteHaulEntry", { body: { id: haul.data.entries[0]?.id } });
    // Saved assessments (issue 33, docs/assessments.md): save, list, read back, delete.
    const assessment = (await check("saveAssessment", {
      body: {
        inputs: {
          savings: [{ amount: 2_000_000, interest: 10_000 }],
          goldKeptGrams: 0,
          goldWornGrams: 0,
          insurance: [],
          shares: [],
          cpfOrdinary: 1_500_000,
          business: {
            currentAssets: 0,
            assetsToAdd: 0,
            assetsToRemove: 0,
            currentLiabilities: 0,
            liabilitiesToAdd: 0,
            ownershipSharePercent: 100,
          },
        },
      },
    })) as { data: { id: string } };
    await check("listAssessments", { body: {} });
    // The year's ledger (issue 33, docs/ledger.md): the assessment just saved is assessed, the
    // donor's zakat gift of this contract run paid.
    const ledger = (await check("getYearLedger", { body: {} })) as {
      data: { rows: Array<{ kind: string; assessed: number | null }> };
    };
    expect(ledger.data.rows.find((r) => r.kind === "harta")?.assessed).toBeGreaterThan(0);
    // Instalment plans (issue 33, docs/instalments.md): start from the assessment, list, stop.
    const haulOn = new Date(Date.now() + 8 * 3_600_000 + 90 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const instalment = (await check("startInstalmentPlan", {
      body: { assessmentId: assessment.data.id, haulOn, lang: "ms" },
    })) as { data: { id: string } };
    await check("listInstalmentPlans", { body: {} });
    await check("stopInstalmentPlan", { body: { id: instalment.data.id } });
    await check("getAssessment", { body: { id: assessment.data.id } });
    await check("deleteAssessment", { body: { id: assessment.data.id } });
    const statement = (await check("getTaxYearStatement", {
      body: { year: new Date(Date.now() + 8 * 3_600_000).getUTCFullYear(), lang: "en" },
    })) as { data: { totals: Record<string, number> } };
    expect(statement.data.totals["zakat-1x"]).toBe(10_000);
    expect(await check("getZakatDueCalendar", { body: { lang: "ms" } })).toMatchObject({
      status: 1,
    });
    await check("getLastTxnDonorDetailsByNric", { body: {} });
    await check("getUserStripeToken", { query: { Guid: "contract", charityId: 25 } });
    // A monthly plan paid with a card the donor keeps: the account area's plan and card calls.
    const monthly = (await check("create", {
      body: {
        flow: "ILMU",
        items: { ilmu: 5_000 },
        totalCents: 5_000,
        ratesVersion: 1,
        frequency: "monthly",
      },
    })) as { data: { id: string; clientSecret: string; transactionNo: string } };
    await check("confirm", {
      body: {
        donationId: monthly.data.id,
        clientSecret: monthly.data.clientSecret,
        paymentMethodId: card.id,
        saveCard: true,
      },
    });
    await check("updateRecurringPlan", {
      body: { transactionNo: monthly.data.transactionNo, amountCents: 6_000 },
    });
    await check("getRecurringPlans", { body: {} });
    // The last ten nights (docs/last-ten-nights.md) on the kept card; the manage link's token from
    // its e-mail opens and stops the schedule.
    const offered = (await check("getLastTenNights", { body: {} })) as {
      data: { coming: { year: number } };
    };
    const [keptCard] = (
      (await check("getUserStripeToken", { query: { Guid: "contract", charityId: 25 } })) as {
        data: { userStripeTokens: { result: Array<{ id: string }> } };
      }
    ).data.userStripeTokens.result;
    const nights = (await check("scheduleLastTenNights", {
      body: {
        year: offered.data.coming.year,
        amountCents: 1_000,
        savedCardId: keptCard?.id,
        lang: "en",
      },
    })) as { data: { id: string } };
    const nightsMail = async () =>
      (await readOutbox(path.join(portal.dataDir, "outbox"), { kind: "nights" }))[0]?.text ?? "";
    await expect.poll(nightsMail, { timeout: 10_000 }).toMatch(/#key=/);
    const nightsToken = /#key=([\w-]+)/.exec(await nightsMail())?.[1];
    await check("getNightsByLink", { body: { token: nightsToken } });
    await check("stopNightsByLink", { body: { token: nightsToken } });
    await check("stopLastTenNights", { body: { id: nights.data.id } });
    // Reminders (docs/reminders.md): the donor's own choices, set and read back.
    await check("setReminderPreferences", { body: { haul: true, ramadan: false, lang: "ms" } });
    expect(await check("getReminderPreferences", { body: {} })).toMatchObject({
      data: { haul: true, ramadan: false, lang: "ms", saved: true },
    });
    const cards = (await check("getUserStripeToken", {
      query: { Guid: "contract", charityId: 25 },
    })) as { data: { userStripeTokens: { result: Array<{ id: string }> } } };
    expect(cards.data.userStripeTokens.result).toHaveLength(1);
    await check("removeUserStripeToken", {
      body: { id: cards.data.userStripeTokens.result[0]?.id },
    });
    // The people the donor keeps for household payments (docs/households.md).
    const kept = (await check("saveHouseholdMember", {
      body: { name: "Siti Aminah", relation: "spouse" },
    })) as { data: { id: string } };
    await check("saveHouseholdMember", {
      body: { id: kept.data.id, name: "Siti Aminah binte Osman", relation: "spouse" },
    });
    await check("getHouseholdMembers", { body: {} });
    await check("removeHouseholdMember", { body: { id: kept.data.id } });
    // The log of missed fasts (docs/missed-fasts.md); paying it is missed-fasts.test.ts's.
    const logged = (await check("saveMissedFast", {
      body: { hijriYear: 1446, reason: "travel", days: 3 },
    })) as { data: { id: string } };
    await check("getMissedFasts", { body: {} });
    seen.add("recordMissedFastsPaid");
    await expect(
      signedIn.request("recordMissedFastsPaid", { body: { ids: [logged.data.id] } }),
    ).rejects.toThrow("No fidyah payment for these days has been received yet.");
    await check("removeMissedFast", { body: { id: logged.data.id } });
    // Refusals are answers too: the client rejects with the server's message.
    seen.add("cancelRecurringPayment");
    await expect(
      signedIn.request("cancelRecurringPayment", { body: { transactionNo } }),
    ).rejects.toThrow("This donation is not a recurring one.");
    // The Singpass enrolment's successful answers need the stand-in's login: tests/integration/singpass.test.ts
    // decodes them with these schemas. Here: its start, and its refusals without a finished login.
    const singpass = await check("startSingpassLogin", { body: { lang: "en" } }, asGuest);
    // Pushed (PAR): the URL carries only the client id and the request's URI.
    expect((singpass["data"] as { url: string }).url).toContain(
      "request_uri=urn%3Aietf%3Aparams%3Aoauth%3Arequest_uri%3A",
    );
    seen.add("completeSingpassLogin");
    await expect(
      asGuest.request("completeSingpassLogin", { body: { code: "x", state: "y" } }),
    ).rejects.toThrow("This Singpass login has expired or was already used. Please start again.");
    for (const name of ["getSingpassPerson", "confirmSingpassPreDonation"] as const) {
      seen.add(name);
      await expect(asGuest.request(name, { body: {} })).rejects.toThrow(
        "Your Singpass details are no longer here. Please retrieve them again.",
      );
    }

    // Last: closing the account (refused while the fidyah's PayNow code above may still be paid;
    // paid from the bank, it closes), then ending the signed-in client's token.
    await expect(signedIn.request("closeAccount", { body: { confirm: true } })).rejects.toThrow(
      "A payment you started is still open.",
    );
    await fetch(`${portal.base}/sandbox/v1/paynow`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ payload: donorQr.data.payNow.payload }),
    });
    await check("closeAccount", { body: { confirm: true } });
    await check("signOutEverywhere");

    expect(failures).toEqual([]);
    expect([...seen].sort()).toEqual(apiCalls.map((call) => call.name).sort());
    expect(Object.keys(responseSchemas).sort()).toEqual(apiCalls.map((call) => call.name).sort());
  });
});
