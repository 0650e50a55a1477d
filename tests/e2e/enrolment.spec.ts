import { expect, test, type Page } from "@playwright/test";
import { nricCheckLetter } from "@portal/domain";
import { expectNoAxeViolations, expectNoOverflow, hydrated, keepScreenshot, open } from "./helpers";

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

test("the enrolment page offers Singpass, manual enrolment and giving as a guest", async ({
  page,
}, testInfo) => {
  await open(page, "/fidyah/enrollment");
  await expect(page.getByRole("heading", { level: 1, name: "Enrol as a donor" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Retrieve Myinfo with Singpass" })).toHaveAttribute(
    "href",
    "/enrollment/singpass",
  );
  await expect(page.getByRole("link", { name: "Enrol manually" })).toHaveAttribute(
    "href",
    "/enrollment/enroll-individual",
  );
  await expect(page.getByRole("link", { name: "Continue as a guest" })).toHaveAttribute(
    "href",
    "/fidyah",
  );
  await expectNoAxeViolations(page);
  await screenshots(page, testInfo, "enrolment-choice");

  await open(page, "/ms/enrollment");
  await expect(
    page.getByRole("heading", { level: 1, name: "Daftar sebagai penderma" }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Dapatkan Myinfo dengan Singpass" })).toHaveAttribute(
    "href",
    "/ms/enrollment/singpass",
  );
  await expectNoAxeViolations(page);
});

test("an enrolment id without a page of its own shows the enrolment choice of its flow", async ({
  page,
}) => {
  const shown = await page.goto("/enrollment/7");
  expect(shown?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Enrol as a donor" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Enrol manually" })).toBeVisible();

  await page.goto("/ms/fidyah/enrollment/abc/def");
  await expect(
    page.getByRole("heading", { level: 1, name: "Daftar sebagai penderma" }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Teruskan sebagai tetamu" })).toHaveAttribute(
    "href",
    "/ms/fidyah",
  );

  // Ids 1 and 2 keep their forms; a path that is no enrolment at all is still not found.
  await open(page, "/enrollment/2");
  await expect(page.getByLabel("Company name *")).toBeVisible();
  expect((await page.goto("/enrolment-typo/7"))?.status()).toBe(404);
});

test("manual enrolment refuses a bad NRIC with §5's message, then enrols the donor", async ({
  page,
}, testInfo) => {
  await open(page, "/enrollment/enroll-individual");
  await page.getByLabel("Full name *").fill("Nur Aisyah binte Rahman");
  const nric = page.getByLabel("NRIC/FIN *");
  await nric.fill("s1234567a");
  await expect(nric).toHaveValue("S1234567A");
  await page.getByLabel("E-mail address *").fill("aisyah@example.sg");
  await page.getByLabel("Mobile number").fill("9234 5678");
  await page.getByLabel("Postal code").fill("310123");
  await page.getByRole("button", { name: "Enrol" }).press("Enter");

  await expect(page.getByRole("alert")).toHaveText("Please correct the fields below.");
  await expect(page.getByText("Enter Valid NRIC/FIN")).toBeVisible();
  await expect(nric).toHaveAttribute("aria-invalid", "true");
  await expect(nric).toBeFocused();
  await expectNoAxeViolations(page);
  await screenshots(page, testInfo, "manual-enrolment-error");

  const digits = "2468135";
  await nric.fill(`S${digits}${nricCheckLetter("S", digits)}`);

  // §5: a date of birth is required, dd/mm/yyyy, a real date and not in the future.
  const dob = page.getByLabel("Date of birth *");
  await page.getByRole("button", { name: "Enrol" }).click();
  await expect(page.getByText("Please select date of birth")).toBeVisible();
  await expect(dob).toBeFocused();
  const nextYear = new Date().getFullYear() + 1;
  for (const [typed, message] of [
    [`01/01/${nextYear}`, "Date cannot be in the future"],
    ["31/02/1990", "Please enter a valid date (dd/mm/yyyy)"],
    ["1990-08-15", "Please enter a valid date (dd/mm/yyyy)"],
  ] as const) {
    await dob.fill(typed);
    await page.getByRole("button", { name: "Enrol" }).click();
    await expect(page.getByText(message)).toBeVisible();
  }
  await dob.fill("15/08/1990");

  // The dial code is a list of countries (Singapore +65 first chosen), usable from the keyboard.
  const country = page.getByLabel("Country (dial code)");
  await expect(country).toHaveValue("SG");
  await expect(country.locator("option:checked")).toHaveText("Singapore (+65)");
  expect(await country.locator("option").count()).toBeGreaterThan(230);
  await country.focus();
  await page.keyboard.type("Malaysia");
  await expect(country).toHaveValue("MY");
  await expect(country.locator("option:checked")).toHaveText("Malaysia (+60)");
  // Spec §5: the donor agrees to the terms; without it, its message and nothing is sent.
  const terms = page.getByRole("checkbox", { name: "I agree to the terms and conditions" });
  await page.getByRole("button", { name: "Enrol" }).click();
  await expect(terms).toHaveAccessibleDescription("Please Agree to our terms and conditions");
  await expect(terms).toBeFocused();
  await expectNoAxeViolations(page);
  await terms.check();
  await screenshots(page, testInfo, "manual-enrolment-filled");
  await page.getByRole("button", { name: "Enrol" }).click();
  await expect(page.getByRole("heading", { name: "You are enrolled" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Continue to give" })).toHaveAttribute("href", "/");
  await expectNoAxeViolations(page);
});

test("manual enrolment's address: without a lookup service the donor types it; §5's unit rule applies", async ({
  page,
}, testInfo) => {
  await open(page, "/enrollment/enroll-individual");
  const postal = page.getByLabel("Postal code");
  const find = page.getByRole("button", { name: "Find address" });

  // A postal code that is not six digits is caught before any call.
  await postal.fill("5201");
  await find.click();
  await expect(page.getByText("Please enter a 6-digit postal code")).toBeVisible();
  await expect(postal).toHaveAttribute("aria-invalid", "true");
  await expect(postal).toBeFocused();

  // `npm start` has no OneMap: the donor is told, and the fields stay theirs to fill.
  await postal.fill("520106");
  await postal.press("Enter");
  await expect(
    page.getByText("Address lookup is not available. Please enter your address below."),
  ).toBeVisible();
  await expect(page.getByText("Please enter a 6-digit postal code")).toBeHidden();
  const block = page.getByLabel("Block / house number");
  await expect(block).toBeFocused();
  await expect(page.getByRole("heading", { name: "You are enrolled" })).toBeHidden();
  await block.fill("106");
  await page.getByLabel("Street name").fill("Simei Street 1");
  await expect(page.getByLabel("Country", { exact: true })).toHaveValue("SG");

  // Unit numbers of the floor-unit pattern get their # on leaving the field; '00' means none.
  const unit = page.getByLabel("Unit number");
  await unit.fill("00");
  await unit.press("Tab");
  await expect(unit).toHaveValue("");
  await unit.fill("05-12");
  await unit.press("Tab");
  await expect(unit).toHaveValue("#05-12");
  await expectNoAxeViolations(page);
  await screenshots(page, testInfo, "manual-enrolment-address");

  const digits = "8642097";
  await page.getByLabel("Full name *").fill("Rahmat bin Ismail");
  await page.getByLabel("NRIC/FIN *").fill(`S${digits}${nricCheckLetter("S", digits)}`);
  await page.getByLabel("E-mail address *").fill("address.donor@example.sg");
  await page.getByLabel("Date of birth *").fill("14/02/1975");
  await page.getByLabel("Mobile number").fill("9111 2233");
  await page.getByRole("checkbox", { name: "I agree to the terms and conditions" }).check();
  await page.getByRole("button", { name: "Enrol" }).click();
  await expect(page.getByRole("heading", { name: "You are enrolled" })).toBeVisible();
});

test("Malay manual enrolment speaks Malay, and a company needs its UEN", async ({ page }) => {
  await open(page, "/ms/enrollment/2");
  await expect(page.getByRole("radio", { name: "Syarikat" })).toBeChecked();
  await page.getByRole("button", { name: "Daftar" }).click();
  await expect(page.getByText("Sila masukkan UEN")).toBeVisible();
  await expect(page.getByText("Masukkan alamat e-mel")).toBeVisible();
  await page.getByRole("radio", { name: "Individu" }).check();
  await page.getByLabel("NRIC/FIN *").fill("X1234567A");
  await page.getByRole("button", { name: "Daftar" }).click();
  await expect(page.getByText("Masukkan NRIC/FIN yang Sah")).toBeVisible();
  await expect(page.getByText("Sila pilih tarikh lahir")).toBeVisible();
  await expect(
    page.getByRole("checkbox", { name: "Saya bersetuju dengan terma dan syarat" }),
  ).toHaveAccessibleDescription("Sila bersetuju dengan terma dan syarat kami");
  await expect(page.getByText("hh/bb/tttt")).toBeVisible();
  await expect(page.getByLabel("Negara (kod dail)").locator("option:checked")).toHaveText(
    "Singapura (+65)",
  );
  await expectNoAxeViolations(page);
});

test("the shared enrolment forms keep the flow they were reached from, and its entries", async ({
  page,
}) => {
  await open(page, "/fidyah");
  const haid = page.getByRole("group", { name: "Menstruation and other reasons" });
  await haid.getByRole("group", { name: "Year 1" }).getByLabel("Days missed").fill("7");
  await expect(page.getByTestId("total")).toHaveText("$28.00");
  await page.goto("/fidyah/enrollment");
  await page.getByRole("link", { name: "Enrol manually" }).click();
  await page.waitForURL((url) => url.pathname === "/enrollment/enroll-individual");
  await hydrated(page);
  expect(await page.evaluate(() => sessionStorage.getItem("portal.flow"))).toBe("FIDYAH");
  await open(page, "/enrollment/singpass-update");
  expect(await page.evaluate(() => sessionStorage.getItem("portal.flow"))).toBe("FIDYAH");
  // Back where the donor came from, what they entered is still there (a flow change would reset it).
  await open(page, "/fidyah");
  await expect(page.getByTestId("total")).toHaveText("$28.00");
});

test("§5's enrolment messages: a company's registered address, a person's first name, in English and Malay", async ({
  page,
}, testInfo) => {
  await open(page, "/enrollment/2");
  const address = page.getByRole("group", { name: "Registered address of the company" });
  await expect(address).toBeVisible();
  await page.getByLabel("Company name *").fill("Razak & Sons Pte. Ltd.");
  await page.getByLabel("UEN *").fill("201912345K");
  await page.getByLabel("Contact person *").fill("Razak bin Ali");
  await page.getByLabel("E-mail address *").fill("razak.sons@example.sg");
  await page.getByRole("checkbox", { name: "I agree to the terms and conditions" }).check();
  // A postal code alone says nothing of where the company is registered.
  await address.getByLabel("Postal code").fill("068898");
  await page.getByRole("button", { name: "Enrol" }).click();
  const street = address.getByLabel("Street name");
  await expect(street).toHaveAccessibleDescription("Please enter registered address");
  await expect(street).toHaveAttribute("aria-invalid", "true");
  await expect(street).toBeFocused();
  await expect(page.getByRole("heading", { name: "You are enrolled" })).toBeHidden();
  await expectNoAxeViolations(page);
  await screenshots(page, testInfo, "enrolment-registered-address-en");
  await street.fill("Tanjong Pagar Road");
  await page.getByRole("button", { name: "Enrol" }).click();
  await expect(page.getByRole("heading", { name: "You are enrolled" })).toBeVisible();

  // A person's name that is no name: §5's first-name message, before anything is sent.
  await open(page, "/ms/enrollment/enroll-individual");
  await expect(page.getByRole("group", { name: "Alamat" })).toBeVisible();
  const name = page.getByLabel("Nama penuh *");
  await name.fill("R2D2");
  await page.getByRole("button", { name: "Daftar" }).click();
  await expect(name).toHaveAccessibleDescription("Masukkan Nama Pertama yang Sah");
  await expect(name).toBeFocused();
  await page.getByRole("radio", { name: "Syarikat" }).check();
  await page.getByRole("button", { name: "Daftar" }).click();
  await expect(
    page.getByRole("group", { name: "Alamat berdaftar syarikat" }).getByLabel("Nama jalan"),
  ).toHaveAccessibleDescription("Sila masukkan alamat berdaftar");
  await expectNoAxeViolations(page);
  await screenshots(page, testInfo, "enrolment-registered-address-ms");
});
