import { describe, expect, it } from "vitest";
import { apiCall, apiCalls, defaultBases, urlFor } from "./paths";
import type { Bases } from "./paths";

const customBases: Bases = {
  main: "https://api.example.sg/main/",
  payment: "https://payment-uat.example.sg",
  donor: "/donor",
  configuration: "/cfg",
  wakaf: "https://wakaf.example.sg/api",
};

describe("the call table", () => {
  it("holds every portal call of §7 once, by name and by route", () => {
    const names = apiCalls.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    const routes = apiCalls.map((c) => `${c.method} ${c.base}${c.path}`);
    expect(new Set(routes).size).toBe(routes.length);
    // 27 calls of spec §7, the six of the payment API, the guest session, the Singpass login's three,
    // the account area's updateRecurringPlan and removeUserStripeToken, the year-end statement's
    // getTaxYearStatement and getZakatDueCalendar, lookupPostalCode and lookupLocation, the account area's
    // getRecurringPlans, getTaxDeductionStatus and registerTaxDeduction, and the social sign-up's
    // holdSocialNric, socialNricHeld and forgetSocialNric, signOutEverywhere, /verify's
    // verifyReceipt, a counter device's syncEntries and a kiosk's startKioskPayment, payKioskByNets,
    // kioskReceipt and emailKioskReceipt, the counter's startCounterPayNow and counterPayNowReceipt
    // (issue 32), the council's hijriCalendar and the haul tracker's getHaulTracker, saveHaulEntry
    // and deleteHaulEntry, the reminders' getReminderPreferences and setReminderPreferences, and
    // the saved assessments' listAssessments, saveAssessment, getAssessment and deleteAssessment
    // (issue 33), the account's household members getHouseholdMembers, saveHouseholdMember and
    // removeHouseholdMember, and the log of missed fasts getMissedFasts, saveMissedFast,
    // removeMissedFast and recordMissedFastsPaid (issue 33), and the donor's getMyData and
    // closeAccount (issue 34, docs/account.md), the year's getYearLedger, the instalment plans'
    // listInstalmentPlans, startInstalmentPlan and stopInstalmentPlan, and the last ten nights'
    // getLastTenNights, scheduleLastTenNights, stopLastTenNights, getNightsByLink and
    // stopNightsByLink (issue 33, docs/ledger.md, docs/instalments.md, docs/last-ten-nights.md).
    expect(apiCalls).toHaveLength(87);
  });

  it("names each call after the last segment of its path", () => {
    for (const call of apiCalls) expect(call.path.endsWith(`/${call.name}`)).toBe(true);
  });

  it("places calls on the bases the spec gives them", () => {
    expect(apiCall("getDonorTransactions")).toMatchObject({
      base: "payment",
      path: "/api/Donation/getDonorTransactions",
      method: "POST",
      list: true,
    });
    expect(apiCall("checkCognitoNricExists")).toMatchObject({
      base: "donor",
      path: "/api/User/checkCognitoNricExists",
      query: [],
    });
    expect(apiCall("configureWebForCharity")).toMatchObject({
      base: "configuration",
      query: ["charityId"],
      okStatus: 1,
    });
    expect(apiCall("getUserStripeToken")).toMatchObject({ method: "GET", base: "main" });
    expect(apiCall("donationWidget").base).toBe("wakaf");
    expect(apiCall("getHomePageConfiguration").base).toBe("wakaf");
    expect(apiCall("homePageConfiguration").base).toBe("main");
    expect(apiCall("registerCognitoUser").okStatus).toBe(0);
  });

  it("leaves third-party providers to their own adapters", () => {
    const paths = apiCalls.map((c) => c.path).join(" ");
    expect(paths).not.toMatch(/customers|geocode|elastic/);
  });

  it("throws for a name it does not hold", () => {
    expect(() => apiCall("nope" as never)).toThrow("Unknown API call: nope");
  });
});

describe("urlFor", () => {
  it("puts every URL under its base, default or configured", () => {
    for (const bases of [defaultBases, customBases]) {
      for (const call of apiCalls) {
        const base = bases[call.base].replace(/\/$/, "");
        expect(urlFor(call, bases)).toBe(`${base}${call.path}`);
      }
    }
    expect(urlFor(apiCall("getDonorTransactions"))).toBe(
      "/svc/payment/api/Donation/getDonorTransactions",
    );
  });

  it("encodes declared query parameters and skips undefined ones", () => {
    const url = urlFor(apiCall("donorWall"), defaultBases, {
      charityId: 25,
      pageNumber: 1,
      pageSize: undefined,
    });
    expect(url).toBe("/svc/main/v1/Donation/donorWall?charityId=25&pageNumber=1");
    expect(
      urlFor(apiCall("getThirdPartyDonationReceiptData"), defaultBases, { transactionNo: "ZK1+2" }),
    ).toBe("/svc/payment/api/Donation/getThirdPartyDonationReceiptData?transactionNo=ZK1%2B2");
  });

  it("puts no e-mail in an address: getCognitoUser takes it in the body", () => {
    expect(() => urlFor(apiCall("getCognitoUser"), defaultBases, { email: "a+b@x.sg" })).toThrow();
  });

  it("refuses a query parameter the call does not declare, so NRIC never reaches a URL", () => {
    expect(() =>
      urlFor(apiCall("checkCognitoNricExists"), defaultBases, { nric: "S1234567D" }),
    ).toThrow("Query parameter nric is not declared for checkCognitoNricExists");
  });
});
