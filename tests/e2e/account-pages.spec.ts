import { expect, test } from "@playwright/test";
import { ownAddress } from "./identity";
import { nricOf } from "../support/donations";
import { officerSignedIn } from "./console-officers";
import { give, signedInDonor } from "./donor-account";
import { checkScreen, expectBelowNav, hydrated, lookAtBothWidths, open } from "./helpers";

test.use(ownAddress("account-pages"));

// Issue 23, spec §2, §3 and §5 on the signed-in donor's pages: the account's section nav (the
// scrolling helper), how a gift was paid shown as its image beside its name in the history and on the
// receipt, and §5's text helper on the profile's name as it is typed. Long journeys: a sign-in each.
test.describe.configure({ timeout: 240_000 });

test("the account's section nav scrolls to each section below it and highlights it", async ({
  page,
}, testInfo) => {
  await signedInDonor(page, "sections@example.sg", nricOf("4023130"), "Nur Bahagian");
  await page.emulateMedia({ reducedMotion: "reduce" });
  for (const [lang, width] of [
    ["", 1280],
    ["/ms", 375],
  ] as const) {
    const en = lang === "";
    // A short window, so that the sections can be scrolled up to the nav.
    await page.setViewportSize({ width, height: 400 });
    await open(page, `${lang}/profile`);
    const nav = page.getByRole("navigation", { name: en ? "Account sections" : "Bahagian akaun" });
    const history = nav.getByRole("link", { name: en ? "Giving history" : "Sejarah derma" });
    await history.click();
    await expectBelowNav(page, nav, "account-history");
    await expect(history).toHaveAttribute("aria-current", "location");
    await expect(page.locator("#account-history")).toBeFocused();

    const plans = nav.getByRole("link", { name: en ? "Recurring gifts" : "Derma berulang" });
    await plans.click();
    await expect(plans).toHaveAttribute("aria-current", "location");
    await expect(history).not.toHaveAttribute("aria-current");
    await checkScreen(page, testInfo, `account-sections${lang.replace("/", "-")}-${width}`);

    // Scrolling back to the top moves the highlight to the profile (within the 500 ms throttle).
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(nav.getByRole("link", { name: en ? "Profile" : "Profil" })).toHaveAttribute(
      "aria-current",
      "location",
      { timeout: 2_000 },
    );
    await expect(plans).not.toHaveAttribute("aria-current");

    // Opened at a section's name, in any case, hyphen or space (tax registration links back to
    // #account-history): the section shows below the nav once the account has drawn it.
    await open(page, `${lang}/calculator`);
    await page.goto(`${lang}/profile#Account-Plans`);
    await expect(plans).toHaveAttribute("aria-current", "location", { timeout: 30_000 });
    await expectBelowNav(page, nav, "account-plans");
    await expect(page.locator("#account-plans")).toBeFocused();
    // The address changed on the page itself: the same.
    await page.evaluate(() => (location.hash = "account history"));
    await expect(history).toHaveAttribute("aria-current", "location");
    await expectBelowNav(page, nav, "account-history");
  }
});

test("the profile's name takes §5's text helper as it is typed, and keeps it when saved", async ({
  page,
}, testInfo) => {
  await signedInDonor(page, "tidy.name@example.sg", nricOf("4023131"), "Nur Kemas");
  const name = page.getByLabel("Name", { exact: true });
  await name.fill("  Nur   <b>Kemas</b> binte Ali");
  await expect(name).toHaveValue("Nur Kemas binte Ali");
  await page.getByRole("button", { name: "Save details" }).click();
  await expect(page.getByTestId("account-name")).toHaveText("Nur Kemas binte Ali");
  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId("account-name")).toHaveText("Nur Kemas binte Ali");
  await open(page, "/ms/profile");
  const nama = page.getByLabel("Nama", { exact: true });
  await nama.fill("Nur  Kemas <i>binte</i> Ali");
  await expect(nama).toHaveValue("Nur Kemas binte Ali");
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await checkScreen(page, testInfo, `profile-name-ms-${width}`);
  }
});

test("the history and the receipt show how a gift was paid: its image beside its name", async ({
  page,
  browser,
}, testInfo) => {
  await signedInDonor(page, "paid.by.image@example.sg", nricOf("4023132"), "Salmah Imej");
  const transactionNo = await give(page, "FIDYAH", { fidyah: { days: 10 } }, 4_000);
  const row = page.getByTestId("history-table").locator(`tr[data-transaction="${transactionNo}"]`);
  for (const [lang, ending] of [
    ["", "Visa ending 4242"],
    ["/ms", "Visa berakhir 4242"],
  ] as const) {
    await open(page, `${lang}/profile`);
    // The card's image is hidden beside its words, which are its text alternative.
    await expect(row.locator('svg[data-image="Visa"]')).toHaveAttribute("aria-hidden", "true");
    await expect(row).toContainText(ending);
    await row.scrollIntoViewIfNeeded();
    await lookAtBothWidths(page, testInfo, `history-method${lang.replace("/", "-")}`);
  }
  // The receipt's address in English (the history above was last shown in Malay).
  const receipt = ((await row.getByRole("link").first().getAttribute("href")) ?? "").replace(
    /^\/ms\//,
    "/",
  );
  for (const lang of ["", "/ms"]) {
    await open(page, `${lang}${receipt}`);
    const method = page.locator("article.receipt-sheet .payment-method");
    await expect(method.locator('svg[data-image="Visa"]')).toHaveAttribute("aria-hidden", "true");
    await expect(method.getByTestId("payment-name")).toHaveText("Visa");
    await expect(method).toContainText("4242");
    await lookAtBothWidths(page, testInfo, `receipt-method${lang.replace("/", "-")}`);
  }

  // A counter gift paid in cash: the cash image and the word in the receipt's language.
  // Taken within a shift (issue 32): the admin's own, at another mosque than the operations
  // journey's, so that journey's officer finds no shift of theirs open.
  const amil = await officerSignedIn(browser, "admin", "/console/counter");
  await amil.getByLabel("Mosque").fill("Masjid Al-Istiqamah");
  await amil.getByLabel("Float in the drawer ($)").fill("50");
  await amil.getByRole("button", { name: "Open the shift" }).click();
  await expect(
    amil.getByRole("heading", { name: "Your shift at Masjid Al-Istiqamah" }),
  ).toBeVisible();
  await amil.getByLabel("Amount").fill("12.00");
  await amil.getByLabel("Donor name").fill("Haji Tunai");
  await amil.getByRole("button", { name: "Issue the receipt" }).click();
  await expect(amil.getByRole("status").filter({ hasText: /Receipt ZK-\d+ issued/ })).toBeVisible();
  const counterLink = await amil
    .getByRole("link", { name: /Receipt page and PDF/ })
    .getAttribute("href");
  await amil.context().close();
  for (const [lang, word] of [
    ["/ms", "Tunai"],
    ["", "Cash"],
  ] as const) {
    await open(page, `${lang}${counterLink ?? ""}`);
    const method = page.locator("article.receipt-sheet .payment-method");
    await expect(method.locator('svg[data-image="cash"]')).toHaveAttribute("aria-hidden", "true");
    await expect(method.getByTestId("payment-name")).toHaveText(word);
    await lookAtBothWidths(page, testInfo, `receipt-cash${lang.replace("/", "-")}`);
  }
});
