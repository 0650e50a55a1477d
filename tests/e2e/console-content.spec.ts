import { expect, test, type Page } from "@playwright/test";
import { SEED_HOME_TEXTS } from "@portal/domain";
import { consoleScreens, officerSignedIn } from "./console-officers";
import { expectNoAxeViolations, expectNoOverflow, keepScreenshot, open } from "./helpers";

// Issue 23: an officer changes the phone number and a home-page block in the console; the donors'
// footer and home page show the change on their next load, without a rebuild.

const SEED_CONTACT = {
  number: "+65 6359 1199",
  email: "info@muis.gov.sg",
  address: "Singapore Islamic Hub, 273 Braddell Road, Singapore 579702",
};

/** The donor's home page at both widths: axe-clean, no sideways scrolling, kept. */
const homeScreens = async (page: Page, name: string) => {
  await expectNoAxeViolations(page);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoOverflow(page);
    await keepScreenshot(page, test.info(), `${name}-${width}`);
  }
};

test("an officer changes the phone number and a home block; donors see both on their next load", async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  await open(page, "/");
  const footerNumber = page.locator('footer [data-contact="number"]');
  await expect(footerNumber).toHaveText(SEED_CONTACT.number);
  // The zakat home shows the seeded blocks (issue 34) until an officer changes them.
  await expect(page.locator("[data-home-content]")).toBeVisible();

  try {
    const officer = await officerSignedIn(browser, "officer", "/console/content");
    await expect(officer.getByRole("heading", { level: 1, name: "Site content" })).toBeVisible();
    await expect(officer.getByRole("navigation", { name: "Console sections" })).toContainText(
      "Site content",
    );
    const phone = officer.getByLabel("Phone number");
    await expect(phone).toHaveValue(SEED_CONTACT.number);

    // The server refuses a number that is not one, names the entry and puts the focus on it.
    await phone.fill("call us");
    await officer.getByRole("button", { name: "Save contact details" }).click();
    await expect(officer.getByRole("alert")).toHaveText("Not saved: check the marked entry.");
    await expect(phone).toBeFocused();
    await expect(phone).toHaveAttribute("aria-invalid", "true");
    await expect(phone).toHaveAccessibleDescription(/Check this entry\./);
    await consoleScreens(officer, testInfo, "console-content-refused");

    await phone.fill("+65 6000 2026");
    await officer.getByRole("button", { name: "Save contact details" }).click();
    await expect(officer.getByRole("status").first()).toHaveText(
      "Saved. Donors see the change on their next page load.",
    );
    await expect(phone).not.toHaveAttribute("aria-invalid", "true");

    // Block 4, in English and Malay; markup typed into it is kept as plain words.
    await expect(officer.getByLabel("Block to edit")).toHaveValue("4");
    await officer.getByLabel("Title in English").fill("Ramadan counter hours");
    await officer.getByLabel("Title in Malay").fill("Waktu kaunter Ramadan");
    await officer
      .getByLabel("Text in English")
      .fill("<b>Counters</b> open from 9am.\n\nClosed on Hari Raya.");
    await officer.getByLabel("Text in Malay").fill("Kaunter dibuka dari 9 pagi.");
    await officer.getByRole("button", { name: "Save block 4" }).click();
    await expect(officer.getByRole("status").first()).toHaveText(
      "Saved. Donors see the change on their next page load.",
    );
    await expect(officer.getByLabel("Text in English")).toHaveValue(
      "Counters open from 9am.\n\nClosed on Hari Raya.",
    );
    await expect(officer.getByRole("option", { name: "Block 4 (in use)" })).toBeAttached();
    await consoleScreens(officer, testInfo, "console-content");

    await open(officer, "/ms/console/content");
    await expect(officer.getByRole("heading", { level: 1, name: "Kandungan laman" })).toBeVisible();
    await expect(officer.getByLabel("Nombor telefon")).toHaveValue("+65 6000 2026");
    await expect(officer.getByLabel("Tajuk dalam bahasa Melayu")).toHaveValue(
      "Waktu kaunter Ramadan",
    );
    await consoleScreens(officer, testInfo, "console-content-ms");
    // Issue 34: the site's links are one set, kept with the zakat site's content; on the wakaf
    // site's, the Links card says where they are.
    await officer.getByRole("combobox", { name: "Laman milik" }).selectOption({ index: 1 });
    await expect(officer.getByRole("heading", { name: "Pautan", exact: true })).toBeVisible();
    await expect(
      officer.getByText(/ialah satu set untuk laman zakat dan laman wakaf/),
    ).toBeVisible();
    await expect(officer.getByLabel("Kenyataan privasi")).toHaveCount(0);
    await consoleScreens(officer, testInfo, "console-content-wakaf-ms");

    // The donor's next page load: the new number in the footer, the block on the home page.
    await page.reload();
    await expect(footerNumber).toHaveText("+65 6000 2026");
    await expect(footerNumber).toHaveAttribute("href", "tel:+6560002026");
    // Block 4 is the first one drawn.
    const block = page.locator("[data-home-content] article").first();
    await expect(block.getByRole("heading", { name: "Ramadan counter hours" })).toBeVisible();
    await expect(block.locator("p")).toHaveText([
      "Counters open from 9am.",
      "Closed on Hari Raya.",
    ]);
    await expect(block.locator("b, script")).toHaveCount(0);
    await homeScreens(page, "home-content-en");
    await open(page, "/ms");
    await expect(footerNumber).toHaveText("+65 6000 2026");
    await expect(block.getByRole("heading", { name: "Waktu kaunter Ramadan" })).toBeVisible();
    await expect(block.locator("p")).toHaveText(["Kaunter dibuka dari 9 pagi."]);
    await homeScreens(page, "home-content-ms");

    // A viewer is not offered the page, and is refused it.
    const viewer = await officerSignedIn(browser, "viewer", "/console");
    await expect(viewer.getByRole("link", { name: "Site content" })).toBeHidden();
    await open(viewer, "/console/content");
    await expect(viewer.getByRole("alert")).toHaveText("Your role does not allow this.");
    await expect(viewer.getByLabel("Phone number")).toHaveCount(0);
  } finally {
    const control = { authorization: `Bearer ${process.env["E2E_TEST_CONTROL_TOKEN"]}` };
    const contact = await request.post("/__test/contact", {
      headers: control,
      data: { contact: SEED_CONTACT },
    });
    expect(contact.status()).toBe(200);
    const content = await request.post("/__test/content", {
      headers: control,
      // Block 4 back as the portal seeds it (issue 34: the fitrah countdown).
      data: {
        blockId: 4,
        content: {
          title: SEED_HOME_TEXTS[0]!.title,
          text: SEED_HOME_TEXTS[0]!.text,
        },
      },
    });
    expect(content.status()).toBe(200);
  }
});
