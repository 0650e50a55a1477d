import { describe, expect, it } from "vitest";
import { dialCountries, mainDialRegions } from "../enrolment/dial-countries";
import { emptyDonor } from "./DonorFields";
import { prefillDonor, usableCards, type AccountDetails } from "./prefill";

const countries = dialCountries("en");
const account: AccountDetails = {
  name: "Yusof Ishak",
  email: "yusof@example.sg",
  countryCode: "+60",
  mobile: "123456789",
  donorType: "individual",
  companyName: "",
  uen: "",
};

describe("checkout's fields from the signed-in donor's account", () => {
  it("fills empty fields: name, e-mail, and the mobile with the country of its dial code", () => {
    const filled = prefillDonor(emptyDonor, account, countries, mainDialRegions);
    expect(filled).toMatchObject({
      name: "Yusof Ishak",
      email: "yusof@example.sg",
      mobile: "123456789",
      region: "MY",
      countryCode: "+60",
      business: false,
    });
  });

  it("chooses the main country of a shared dial code (+1 the US), Singapore for an unknown one", () => {
    const us = prefillDonor(
      emptyDonor,
      { ...account, countryCode: "1" },
      countries,
      mainDialRegions,
    );
    expect([us.region, us.countryCode]).toEqual(["US", "+1"]);
    const none = prefillDonor(
      emptyDonor,
      { ...account, countryCode: "+999" },
      countries,
      mainDialRegions,
    );
    expect([none.region, none.countryCode]).toEqual(["SG", "+65"]);
  });

  it("keeps what the donor typed, field by field", () => {
    const typed = {
      ...emptyDonor,
      name: "Yusof bin Ishak",
      mobile: "91234567",
      region: "SG",
      countryCode: "+65",
    };
    const filled = prefillDonor(typed, account, countries, mainDialRegions);
    expect(filled).toMatchObject({
      name: "Yusof bin Ishak",
      email: "yusof@example.sg",
      mobile: "91234567",
      region: "SG",
      countryCode: "+65",
    });
  });

  it("leaves the mobile's country alone when the account has no mobile", () => {
    const filled = prefillDonor(
      { ...emptyDonor, region: "MY", countryCode: "+60" },
      { ...account, mobile: "", countryCode: "" },
      countries,
      mainDialRegions,
    );
    expect(filled).toMatchObject({ mobile: "", region: "MY", countryCode: "+60" });
  });

  it("a corporate account fills the business payer's company and UEN; an individual's never does", () => {
    const corporate = {
      ...account,
      donorType: "corporate",
      companyName: "Amanah Pte Ltd",
      uen: "201912345k",
    };
    expect(prefillDonor(emptyDonor, corporate, countries, mainDialRegions)).toMatchObject({
      business: true,
      companyName: "Amanah Pte Ltd",
      uen: "201912345K",
    });
    expect(
      prefillDonor(
        emptyDonor,
        { ...corporate, donorType: "individual" },
        countries,
        mainDialRegions,
      ).business,
    ).toBe(false);
    // A business the donor already began to enter stays theirs.
    const typed = { ...emptyDonor, business: true, companyName: "Other Co" };
    expect(prefillDonor(typed, corporate, countries, mainDialRegions)).toMatchObject({
      companyName: "Other Co",
      uen: "",
    });
  });
});

describe("saved cards checkout offers", () => {
  const card = (expMonth: number, expYear: number) => ({
    id: `${expMonth}-${expYear}`,
    brand: "Visa",
    last4: "4242",
    expMonth,
    expYear,
  });

  it("a card pays until the end of its expiry month", () => {
    const now = new Date(2026, 4, 31, 23, 0);
    expect(
      usableCards([card(4, 2026), card(5, 2026), card(6, 2026), card(12, 2025)], now).map(
        (c) => c.id,
      ),
    ).toEqual(["5-2026", "6-2026"]);
  });
});
