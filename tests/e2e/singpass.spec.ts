import { expect, test, type Page } from "@playwright/test";
import { TERMS_VERSION } from "@portal/domain";
import {
  expectNoAxeViolations,
  expectNoOverflow,
  hydrated,
  keepScreenshot,
  onWakafHost,
  open,
} from "./helpers";

// Singpass enrolment through the embedded stand-in (oidc-provider as Singpass's FAPI 2.0 profile):
// its login page is where the tester picks a persona, and its "Test faults" make it misbehave.
const PERSONA = "S9812379B";

/** Screens judged by eye: the whole page at a phone's and a desktop's width. */
const screenshots = async (
  page: Page,
  testInfo: Parameters<typeof keepScreenshot>[1],
  name: string,
) => {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoOverflow(page);
    await keepScreenshot(page, testInfo, `${name}-${width}`);
  }
};

/** At the Singpass stand-in's login page: pick the persona (and a test fault), then log in or cancel. */
const atSingpass = async (
  page: Page,
  options: { persona?: string; fault?: string; cancel?: boolean } = {},
) => {
  await page.waitForURL(/\/interaction\//);
  await page.getByRole("radio", { name: new RegExp(options.persona ?? PERSONA) }).check();
  if (options.fault) {
    await page.getByText("Test faults").click();
    await page.getByLabel("Fault").selectOption(options.fault);
  }
  await page.getByRole("button", { name: options.cancel ? "Cancel" : "Log in" }).click();
};

/** Pay one nazar (kaffarah) on the zakat host or a WMS gift on the wakaf host, as the enrolled guest. */
const payAndOpenReceipt = async (
  page: Page,
  lang: "en" | "ms",
  origin: string,
  enrolled: { name: string; id: string },
) => {
  const prefix = lang === "ms" ? "/ms" : "";
  if (new URL(origin).hostname === "wakaf.localhost") {
    await page.goto(`${origin}${prefix}/wms`);
    await hydrated(page);
    await page.getByTestId("wakaf-amount").fill("20");
    await page.getByTestId("wakaf-give").click();
  } else {
    await page.goto(`${origin}${prefix}/kaffarah`);
    await hydrated(page);
    await page.getByRole("radio", { name: /^Nazar/ }).check();
    await page.getByTestId("kaffarah-quantity").fill("1");
    await page
      .getByRole("link", { name: lang === "ms" ? /bayar/i : /pay|checkout/i })
      .first()
      .click();
  }
  await page.waitForURL(/\/checkout\?flow=/);
  await hydrated(page);
  // Checkout says what the receipt will carry: the Myinfo name (no name field to type another) and
  // the NRIC masked; the e-mail comes filled in from the enrolment and may be changed.
  const note = page.getByTestId("checkout-enrolled");
  await expect(note).toContainText(
    lang === "ms" ? "Didaftarkan dengan Singpass." : "Enrolled with Singpass.",
  );
  await expect(page.getByTestId("enrolled-name")).toHaveText(enrolled.name);
  await expect(page.getByTestId("enrolled-id")).toHaveText(enrolled.id);
  await expect(page.getByTestId("donor-name")).toHaveCount(0);
  await expect(page.getByTestId("donor-email")).not.toHaveValue("");
  await page.getByTestId("donor-email").fill("lim.yx@example.sg");
  await page.getByTestId("card-number").fill("4242 4242 4242 4242");
  await page.getByTestId("card-month").selectOption("12");
  await page.getByTestId("card-year").selectOption(String(new Date().getFullYear() + 2));
  await page.getByTestId("card-cvc").fill("123");
  await page.getByTestId("checkout-pay").click();
  await expect(page.getByTestId("checkout-done")).toBeVisible({ timeout: 15_000 });
  await page.getByTestId("receipt-link").click();
  await hydrated(page);
  const receipt = page.locator("article.receipt-sheet[data-receipt-no]");
  await expect(receipt).toBeVisible();
  return receipt;
};

test("Singpass enrolment: persona S9812379B pre-fills the form, the donor confirms and pays", async ({
  page,
}, testInfo) => {
  await open(page, "/enrollment");
  await page.getByRole("link", { name: "Retrieve Myinfo with Singpass" }).click();

  // The stand-in's login page (Singpass's own in production): the tester picks the persona.
  await atSingpass(page);

  await page.waitForURL("**/enrollment/singpass-update");
  await hydrated(page);
  const facts = page.getByTestId("myinfo-facts");
  await expect(facts).toContainText("LIM YONG XIANG");
  await expect(facts).toContainText("*****379B");
  await expect(facts).toContainText("06/10/1980");
  await expect(facts).toContainText("MALE");
  await expect(facts).toContainText("CHINESE");
  await expect(facts).toContainText("BRITISH OVERSEAS TERRITORIES CITIZEN");
  await expect(page.getByLabel("E-mail address *")).toHaveValue("myinfotesting@gmail.com");
  // Myinfo's mobile country code (+65) chooses the country in the manual enrolment's dial-code list.
  const dialCountry = page.getByLabel("Country (dial code)");
  await expect(dialCountry).toHaveValue("SG");
  await expect(dialCountry.locator("option:checked")).toHaveText("Singapore (+65)");
  expect(await dialCountry.locator("option").count()).toBeGreaterThan(230);
  expect(await dialCountry.evaluate((element) => element.tagName)).toBe("SELECT");
  await expect(page.getByLabel("Mobile number")).toHaveValue("97399245");
  await expect(page.getByLabel("Postal code")).toHaveValue("310123");
  await expect(page.getByLabel("Block / house number")).toHaveValue("123");
  await expect(page.getByLabel("Street name")).toHaveValue("LORONG 1 TOA PAYOH");
  await expect(page.getByLabel("Building name")).toHaveValue("TOA PAYOH VIEW");
  await expect(page.getByLabel("Floor")).toHaveValue("12");
  await expect(page.getByLabel("Unit number")).toHaveValue("22");
  // The whole NRIC is nowhere in the page or its address.
  expect(await page.content()).not.toContain(PERSONA);
  expect(page.url()).not.toContain(PERSONA);
  await expectNoAxeViolations(page);
  await screenshots(page, testInfo, "singpass-update");

  // A bad correction is caught, then the donor confirms.
  const email = page.getByLabel("E-mail address *");
  await email.fill("lim@");
  await page.getByRole("button", { name: "Confirm my details" }).click();
  await expect(page.getByText("Please enter valid email address")).toBeVisible();
  await expect(email).toBeFocused();
  await email.fill("lim.yx@example.sg");
  // §5's text helper on the address the donor may correct, as typed; the server applies it again.
  const building = page.getByLabel("Building name");
  await building.fill("  TOA   PAYOH <b>VIEW</b>");
  await expect(building).toHaveValue("TOA PAYOH VIEW");
  // Spec §5: the donor agrees to the terms; without it, its message and nothing is sent.
  const terms = page.getByRole("checkbox", { name: "I agree to the terms and conditions" });
  await page.getByRole("button", { name: "Confirm my details" }).click();
  await expect(terms).toHaveAccessibleDescription("Please Agree to our terms and conditions");
  await expect(terms).toBeFocused();
  await expectNoAxeViolations(page);
  await screenshots(page, testInfo, "singpass-update-terms");
  await terms.check();
  const confirmation = page.waitForRequest(/confirmSingpassPreDonation/);
  await page.getByRole("button", { name: "Confirm my details" }).click();
  // The chosen country's dial code goes with the number, and the terms' version agreed to.
  expect((await confirmation).postDataJSON()).toMatchObject({
    countryCode: "+65",
    mobile: "97399245",
    address: { buildingName: "TOA PAYOH VIEW", streetName: "LORONG 1 TOA PAYOH" },
    termsVersion: TERMS_VERSION,
  });
  await expect(page.getByRole("heading", { name: "You are enrolled" })).toBeVisible();
  await expectNoAxeViolations(page);

  // Confirmed once: coming back finds nothing to confirm and offers to retrieve again.
  await open(page, "/enrollment/singpass-update");
  await expect(page.getByRole("alert")).toHaveText(
    "Your Singpass details are no longer here. Please retrieve them again.",
  );

  // The donor gives: the receipt names them as Myinfo does, the NRIC masked.
  const receipt = await payAndOpenReceipt(page, "en", new URL(page.url()).origin, {
    name: "LIM YONG XIANG",
    id: "*****379B",
  });
  await expect(receipt).toContainText("LIM YONG XIANG");
  await expect(receipt).toContainText("*****379B");
  expect(await page.content()).not.toContain(PERSONA);
});

for (const [lang, host] of [
  ["ms", "wakaf"],
  ["en", "wakaf"],
  ["ms", "zakat"],
] as const) {
  test(`Singpass enrolment in ${lang === "ms" ? "Malay" : "English"} on the ${host} host, then a gift whose receipt names the Myinfo donor`, async ({
    page,
    baseURL,
  }, testInfo) => {
    const prefix = lang === "ms" ? "/ms" : "";
    const start = `${prefix}/enrollment/singpass`;
    await page.goto(host === "wakaf" ? onWakafHost(baseURL, start) : start);
    await atSingpass(page, { persona: "F1612347K" });
    await page.waitForURL(`**${prefix}/enrollment/singpass-update`);
    await hydrated(page);
    // Issue 34: built once for both hosts, the page's title names the site of the tab's flow.
    await expect(page).toHaveTitle(
      new RegExp(
        `\\| ${host === "wakaf" ? "Wakaf" : "Zakat"} ${lang === "ms" ? "Singapura" : "Singapore"}$`,
      ),
    );
    const facts = page.getByTestId("myinfo-facts");
    await expect(facts).toContainText("SITI NURHALIZA BINTI AHMAD");
    await expect(facts).toContainText("*****347K");
    expect(await page.content()).not.toContain("F1612347K");
    await expectNoAxeViolations(page);
    await page
      .getByRole("checkbox", {
        name:
          lang === "ms"
            ? "Saya bersetuju dengan terma dan syarat"
            : "I agree to the terms and conditions",
      })
      .check();
    if (lang === "ms" && host === "wakaf") await screenshots(page, testInfo, "singpass-update-ms");
    await page
      .getByRole("button", { name: lang === "ms" ? "Sahkan butiran saya" : "Confirm my details" })
      .click();
    await expect(
      page.getByRole("heading", {
        name: lang === "ms" ? "Anda telah didaftarkan" : "You are enrolled",
      }),
    ).toBeVisible();

    const receipt = await payAndOpenReceipt(page, lang, new URL(page.url()).origin, {
      name: "SITI NURHALIZA BINTI AHMAD",
      id: "*****347K",
    });
    await expect(receipt).toContainText("SITI NURHALIZA BINTI AHMAD");
    await expect(receipt).toContainText("*****347K");
    expect(await page.content()).not.toContain("F1612347K");
  });
}

test("Singpass refusals in Malay say why and keep what the donor entered", async ({
  page,
}, testInfo) => {
  await open(page, "/ms/kaffarah");
  await page.getByRole("radio", { name: /^Nazar/ }).check();
  await page.getByTestId("kaffarah-quantity").fill("2");
  const total = await page.getByTestId("total").textContent();

  // An ID token carrying another login's nonce: the portal refuses it and says so, in Malay.
  await page.goto("/ms/enrollment/singpass");
  await atSingpass(page, { fault: "nonce" });
  await page.waitForURL(/\/ms\/enrollment\/singpass$/);
  await expect(page.getByRole("alert").filter({ visible: true })).toHaveText(
    "Kami tidak dapat mengesahkan log masuk Singpass anda, jadi tiada apa-apa diambil daripadanya. Apa yang anda masukkan di sini disimpan: sila cuba lagi.",
  );
  expect(page.url()).not.toContain("code=");
  expect(page.url()).not.toContain("state=");
  await expectNoAxeViolations(page);
  await screenshots(page, testInfo, "singpass-refused-ms");

  // The donor cancels at Singpass: told so in Malay.
  await page.getByRole("link", { name: "Cuba lagi" }).click();
  await atSingpass(page, { cancel: true });
  await page.waitForURL(/\/ms\/enrollment\/singpass$/);
  await expect(
    page.getByText("Anda tidak membenarkan Myinfo berkongsi butiran anda.", { exact: false }),
  ).toBeVisible();

  // Back and Try again keep the donor's flow: back to kaffarah's enrolment choice, still kaffarah.
  await expect(page.getByRole("link", { name: "Kembali ke pendaftaran" })).toHaveAttribute(
    "href",
    "/ms/kaffarah/enrollment",
  );
  expect(await page.evaluate(() => sessionStorage.getItem("portal.flow"))).toBe("KAFFARAH");
  await page.getByRole("link", { name: "Kembali ke pendaftaran" }).click();
  await page.waitForURL(/\/ms\/kaffarah\/enrollment$/);
  expect(await page.evaluate(() => sessionStorage.getItem("portal.flow"))).toBe("KAFFARAH");

  // What they entered before going to Singpass is still there.
  await open(page, "/ms/kaffarah");
  await expect(page.getByTestId("kaffarah-quantity")).toHaveValue("2");
  await expect(page.getByTestId("total")).toHaveText(total ?? "");
});

test("a Singpass refusal in English: an ID token encrypted to another key", async ({
  page,
}, testInfo) => {
  await open(page, "/enrollment/singpass");
  await atSingpass(page, { fault: "id-token-wrong-key" });
  await page.waitForURL(/\/enrollment\/singpass$/);
  await expect(page.getByRole("alert").filter({ visible: true })).toHaveText(
    "We could not verify your Singpass login, so nothing was taken from it. What you entered here is kept: please try again.",
  );
  await expectNoAxeViolations(page);
  await screenshots(page, testInfo, "singpass-refused-en");
});
