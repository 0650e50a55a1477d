import { expect, test, type APIRequestContext, type Locator } from "@playwright/test";
import { fundOf, SEED_HOME_TEXTS } from "@portal/domain";
import {
  checkScreen,
  expectNoAxeViolations,
  hydrated,
  keepScreenshot,
  onWakafHost,
  open,
} from "./helpers";

// What officers change in the served configuration shows on the donor's next page, without a rebuild
// (spec §2 footer and error page, §9 content blocks 4 to 16 and the version label). The changes go
// through the test control (as an officer's would: audited, src/server/api/test-control.ts); every
// journey puts back what it changed, since the portal is shared with the other journeys.

const control = (request: APIRequestContext, path: string, data: object) =>
  request
    .post(`/__test/${path}`, {
      headers: { authorization: `Bearer ${process.env["E2E_TEST_CONTROL_TOKEN"]}` },
      data,
    })
    .then((response) => expect(response.status()).toBe(200));

const seeded = {
  contact: {
    number: "+65 6359 1199",
    email: "info@muis.gov.sg",
    address: "Singapore Islamic Hub, 273 Braddell Road, Singapore 579702",
  },
  socialMediaIcons: [
    { name: "facebook", url: "https://www.facebook.com/MUIS.SG" },
    { name: "instagram", url: "https://www.instagram.com/muis_sg" },
    { name: "youtube", url: "https://www.youtube.com/@muissg" },
  ],
};
const changed = {
  contact: {
    number: "+65 6000 2323",
    email: "help@giving.muis.test",
    address: "1 Pasir Panjang Road, Singapore 118479",
  },
  socialMediaIcons: [
    { name: "facebook", url: "https://www.facebook.com/MUIS.SG" },
    { name: "tiktok", url: "https://www.tiktok.com/@muis_sg" },
  ],
};

/** The changed contacts and links, in `scope` (the footer, the error page's section, the notice). */
const expectChangedContacts = async (scope: Locator) => {
  await expect(scope.getByRole("link", { name: "+65 6000 2323" })).toHaveAttribute(
    "href",
    "tel:+6560002323",
  );
  await expect(scope.getByRole("link", { name: "help@giving.muis.test" })).toHaveAttribute(
    "href",
    "mailto:help@giving.muis.test",
  );
  await expect(scope.getByRole("link", { name: /1 Pasir Panjang Road/ })).toHaveAttribute(
    "href",
    /query=1%20Pasir%20Panjang%20Road/,
  );
  await expect(scope.getByRole("link", { name: /^Tiktok/ })).toHaveAttribute(
    "href",
    "https://www.tiktok.com/@muis_sg",
  );
  await expect(scope.getByRole("link", { name: /^Instagram/ })).toHaveCount(0);
  await expect(scope.getByText("+65 6359 1199")).toHaveCount(0);
};

test.describe("contacts from the served configuration", () => {
  test.afterAll(async ({ request }) => {
    await control(request, "contact", seeded);
  });

  test("an officer's change shows in the footer, on the error page and in the notice of a page without a footer", async ({
    page,
    request,
  }, testInfo) => {
    // Eight screens, each checked by axe and kept as a screenshot.
    test.setTimeout(180_000);
    await control(request, "contact", changed);
    await page.setViewportSize({ width: 1280, height: 900 });
    await open(page, "/calculator");
    const footer = page.getByRole("contentinfo");
    await expectChangedContacts(footer);
    await expect(footer.getByTestId("version-label")).toHaveText("Version v8");

    // The error page (spec §2) carries them itself, in both languages.
    for (const [path, heading, version] of [
      ["/error", "Need help? Contact us", "Version v8"],
      ["/ms/error", "Perlukan bantuan? Hubungi kami", "Versi v8"],
    ] as const) {
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await open(page, path);
        const help = page.getByRole("region", { name: heading });
        await expectChangedContacts(help);
        await expect(help.getByText(version)).toBeVisible();
        await checkScreen(page, testInfo, `error-page${path.replace(/\//g, "-")}-${width}`);
      }
    }

    // A page without a footer (tax registration): going offline shows the 'Oops!' notice with them.
    for (const [path, oops, heading] of [
      ["/register/tax-deduction", "Oops!", "Need help? Contact us"],
      ["/ms/register/tax-deduction", "Alamak!", "Perlukan bantuan? Hubungi kami"],
    ] as const) {
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await open(page, path);
        await expect(page.getByRole("contentinfo")).toHaveCount(0);
        // Filled from the served configuration before the connection goes.
        await expect(page.locator("[data-error-notice] [data-contact='number']")).toHaveText(
          "+65 6000 2323",
        );
        await page.context().setOffline(true);
        await page.evaluate(() => window.dispatchEvent(new Event("offline")));
        const notice = page.locator("[data-error-notice]");
        await expect(notice.getByRole("heading", { level: 1, name: oops })).toBeVisible();
        await expectChangedContacts(notice.getByRole("region", { name: heading }));
        await expectNoAxeViolations(page);
        await keepScreenshot(page, testInfo, `notice${path.replace(/\//g, "-")}-${width}`);
        await page.context().setOffline(false);
        await page.evaluate(() => sessionStorage.removeItem("portal.apiError"));
      }
    }
  });
});

test.describe("home-page content blocks and the donor wall's settings", () => {
  const ilmu = fundOf("ILMU").charityId;

  test.afterAll(async ({ request }) => {
    // Block 4 back as the portal seeds it (issue 34: the fitrah countdown).
    const fitrah = SEED_HOME_TEXTS.find((block) => block.blockId === 4)!;
    await control(request, "content", {
      charityId: 25,
      blockId: 4,
      content: { title: fitrah.title, text: fitrah.text },
    });
    await control(request, "content", { charityId: ilmu, blockId: 5, content: null });
    await control(request, "content", { charityId: ilmu, blockId: 15, content: { value: true } });
    await control(request, "content", { charityId: ilmu, blockId: 16, content: { value: 10 } });
  });

  test("an officer's notice shows on the home pages in the donor's language, as plain text", async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    test.setTimeout(120_000);
    await control(request, "content", {
      charityId: 25,
      blockId: 4,
      content: {
        title: { en: "Zakat fitrah deadline", ms: "Tarikh akhir zakat fitrah" },
        text: {
          en: "Pay before the Aidilfitri prayer. <b>No markup</b>",
          ms: "Bayar sebelum solat Aidilfitri.",
        },
      },
    });
    for (const [path, title, text] of [
      ["/", "Zakat fitrah deadline", "Pay before the Aidilfitri prayer. <b>No markup</b>"],
      ["/ms/", "Tarikh akhir zakat fitrah", "Bayar sebelum solat Aidilfitri."],
    ] as const) {
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await open(page, path);
        const notices = page.locator("[data-home-content]");
        await expect(notices.getByRole("heading", { name: title })).toBeVisible();
        await expect(notices.getByText(text)).toBeVisible();
        await expect(notices.locator("b")).toHaveCount(0);
        await checkScreen(page, testInfo, `home-notice${path.replace(/\//g, "-")}-${width}`);
      }
    }

    // The wakaf landing reads its own fund's blocks; turning the wall off (block 15) hides it and its link.
    await control(request, "content", {
      charityId: ilmu,
      blockId: 5,
      content: { title: { en: "Wakaf Ilmu bursaries" }, text: { en: "Applications open in May." } },
    });
    await control(request, "content", { charityId: ilmu, blockId: 15, content: { value: false } });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(onWakafHost(baseURL, "/wakaf-ilmu"));
    await hydrated(page);
    await expect(page.getByRole("heading", { name: "Wakaf Ilmu bursaries" })).toBeVisible();
    // The Malay page falls back to the English words the officer gave.
    await page.goto(onWakafHost(baseURL, "/ms/wakaf-ilmu"));
    await hydrated(page);
    await expect(page.getByText("Applications open in May.")).toBeVisible();
    await expect(page.locator("#donor-wall")).toHaveCount(0);
    const sections = page.getByRole("navigation", { name: "Di halaman ini" });
    await expect(sections.getByRole("link", { name: "Dinding penderma" })).toBeHidden();
    await keepScreenshot(page, testInfo, "wakaf-wall-off-ms-1280");

    // Back on, with two gifts a page (block 16): the wall asks for pages of two.
    await control(request, "content", { charityId: ilmu, blockId: 15, content: { value: true } });
    await control(request, "content", { charityId: ilmu, blockId: 16, content: { value: 2 } });
    const asked = page.waitForRequest((r) => r.url().includes("/v1/Donation/donorWall"));
    await page.goto(onWakafHost(baseURL, "/wakaf-ilmu"));
    expect(new URL((await asked).url()).searchParams.get("pageSize")).toBe("2");
    await expect(page.getByRole("heading", { name: "Donor wall" })).toBeVisible();
  });
});
