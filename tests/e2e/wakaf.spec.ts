import { expect, test, type APIRequestContext } from "@playwright/test";
import {
  expectNoAxeViolations,
  expectNoOverflow,
  hydrated,
  keepScreenshot,
  onWakafHost,
} from "./helpers";

for (const [path, home] of [
  ["/wakaf-ilmu", "/"],
  ["/wms", "/"],
  ["/ms/wakaf-ilmu", "/ms/"],
  ["/ms/wms", "/ms/"],
] as const) {
  test(`${path} away from the wakaf host goes home`, async ({ page, baseURL }) => {
    await page.goto(path);
    await expect(page).toHaveURL(new URL(home, baseURL).toString());
  });
}

test("a donor gives to Wakaf Ilmu within its limits", async ({ page, baseURL }) => {
  await page.goto(onWakafHost(baseURL, "/wakaf-ilmu"));
  await hydrated(page);
  await expect(page).toHaveURL(/wakaf\.localhost:\d+\/wakaf-ilmu$/);
  await expect(page).toHaveTitle("Wakaf Ilmu | Wakaf Singapore");
  await expect(page.getByRole("heading", { level: 1, name: "Wakaf Ilmu" })).toBeVisible();
  await expect(
    page.getByText("© " + new Date().getFullYear() + " Majlis Ugama Islam Singapura"),
  ).toBeVisible();

  const amount = page.getByTestId("wakaf-amount");
  await amount.fill("4");
  await expect(amount).toHaveAccessibleDescription(/The smallest gift is \$5\.00/);
  await expect(page.getByTestId("wakaf-give")).toHaveCount(0);
  await amount.fill("20000.01");
  await expect(amount).toHaveAccessibleDescription(
    /Wakaf gifts above \$20,000\.00 need the council's prior approval\. Please contact us to give more\./,
  );
  await expect(page.getByTestId("wakaf-give")).toHaveCount(0);
  await amount.fill("20000");
  await expect(page.getByTestId("wakaf-give")).toHaveText("Give $20,000.00");
  await amount.fill("5");
  await expect(page.getByTestId("wakaf-give")).toHaveText("Give $5.00");
  await page.getByRole("button", { name: "$100.00" }).click();
  await expect(page.getByTestId("wakaf-amount")).toHaveValue("100.00");
  await expect(page.getByRole("button", { name: "$100.00" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(page.getByTestId("wakaf-give")).toHaveAttribute("href", "/checkout?flow=ILMU");
  // The widget says what checkout offers: once, or again at a chosen frequency.
  await expect(
    page.getByText(
      "Give once, or choose at checkout to give the same amount every day, week, month, quarter or year by card.",
    ),
  ).toBeVisible();
  await expect(page.getByText("This is a one-time gift.")).toHaveCount(0);

  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId("wakaf-amount")).toHaveValue("100.00");
});

for (const [path, lang] of [
  ["/wms", "en"],
  ["/ms/wakaf-ilmu", "ms"],
] as const) {
  test(`${path}: a gift above the $20,000 wakaf maximum asks for prior approval`, async ({
    page,
    baseURL,
  }, testInfo) => {
    await page.goto(onWakafHost(baseURL, path));
    await hydrated(page);
    const amount = page.getByTestId("wakaf-amount");
    await amount.fill("150000");
    await expect(amount).toHaveAccessibleDescription(
      lang === "en"
        ? /Wakaf gifts above \$20,000\.00 need the council's prior approval/
        : /Sumbangan wakaf melebihi \$20,000\.00 memerlukan kelulusan awal Majlis/,
    );
    await expect(page.getByTestId("wakaf-give")).toHaveCount(0);
    await expectNoAxeViolations(page);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoOverflow(page);
      await keepScreenshot(page, testInfo, `wakaf-approval-${lang}-${width}`);
    }
  });
}

test("WMS starts at $10", async ({ page, baseURL }) => {
  await page.goto(onWakafHost(baseURL, "/wms"));
  await hydrated(page);
  await expect(
    page.getByRole("heading", { level: 1, name: "Wakaf Masyarakat Singapura" }),
  ).toBeVisible();
  const amount = page.getByTestId("wakaf-amount");
  await amount.fill("9.99");
  await expect(amount).toHaveAccessibleDescription(/The smallest gift is \$10\.00/);
  await amount.fill("10");
  await expect(page.getByTestId("wakaf-give")).toHaveAttribute("href", "/checkout?flow=WMS");
});

test("the Malay wakaf page speaks Malay", async ({ page, baseURL }, testInfo) => {
  await page.goto(onWakafHost(baseURL, "/ms/wms"));
  await hydrated(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "ms");
  await page.getByTestId("wakaf-amount").fill("20");
  await expect(page.getByTestId("wakaf-give")).toHaveText("Sumbang $20.00");
  await expect(page.getByTestId("wakaf-give")).toHaveAttribute("href", "/ms/checkout?flow=WMS");
  await expect(page.getByText(/^Beri sekali, atau pilih semasa pembayaran/)).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: testInfo.outputPath("wakaf-ms-375.png"), fullPage: true });
});

for (const path of ["/wakaf-ilmu", "/ms/wakaf-ilmu", "/wms", "/ms/wms"]) {
  test(`${path} has no accessibility violations`, async ({ page, baseURL }) => {
    await page.goto(onWakafHost(baseURL, path));
    await hydrated(page);
    await page.getByTestId("wakaf-amount").fill("1");
    await expectNoAxeViolations(page);
  });
}

for (const width of [375, 1280]) {
  test(`the wakaf page at ${width} px wide`, async ({ page, baseURL }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(onWakafHost(baseURL, "/wakaf-ilmu"));
    await hydrated(page);
    await page.getByTestId("wakaf-amount").fill("250");
    await expectNoOverflow(page);
    await keepScreenshot(page, testInfo, `wakaf-ilmu-${width}`);
  });
}

/** A paid gift to WMS through the payment API, as checkout makes it (a guest, the sandbox card). */
const giveToWms = async (
  request: APIRequestContext,
  donor: { name: string; email: string; anonymous: boolean },
  amount: number,
) => {
  const guest = await request.post("/svc/main/v1/session/guest", { data: {} });
  expect(guest.ok()).toBe(true);
  const config = await request.post("/svc/main/v1/Home/homePageConfiguration?charityId=25");
  const ratesVersion = ((await config.json()) as { data: { version: number } }).data.version;
  const created = await request.post("/svc/payment/v1/donations/create", {
    headers: { "idempotency-key": crypto.randomUUID() },
    data: { flow: "WMS", items: { wms: amount }, totalCents: amount, ratesVersion, donor },
  });
  expect(created.status(), await created.text()).toBe(200);
  const donation = ((await created.json()) as { data: { id: string; clientSecret: string } }).data;
  const card = await request.post("/sandbox/v1/payment_methods", {
    data: { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2099, cvc: "123" },
  });
  const confirmed = await request.post("/svc/payment/v1/donations/confirm", {
    data: {
      donationId: donation.id,
      clientSecret: donation.clientSecret,
      paymentMethodId: ((await card.json()) as { id: string }).id,
    },
  });
  expect(((await confirmed.json()) as { data: { status: string } }).data.status).toBe("succeeded");
};

test("the WMS donor wall pages through recent gifts by keyboard, anonymous givers as 'Hamba Allah'", async ({
  page,
  baseURL,
  request,
}, testInfo) => {
  // Issue 34: a name longer than the wall's column is cut with '...' (given first: it is on page 2).
  const longName = "Nur Aisyah binte Mohamed Abdul Rahman Wallgiver";
  await giveToWms(
    request,
    { name: longName, email: "wall.long@example.sg", anonymous: false },
    1_000,
  );
  for (let i = 0; i < 10; i++) {
    await giveToWms(
      request,
      { name: "Wall Anonymous", email: "wall.anon@example.sg", anonymous: true },
      1_000 + i * 100,
    );
  }
  await giveToWms(
    request,
    { name: "Rahmat Wallgiver", email: "wall.named@example.sg", anonymous: false },
    2_500,
  );

  await page.goto(onWakafHost(baseURL, "/wms"));
  await hydrated(page);
  const wall = page.getByRole("region", { name: "Donor wall" });
  const table = wall.getByRole("table");
  const rows = table.locator("tbody tr");
  await expect(rows).toHaveCount(10);
  // Newest first: the named gift, then anonymous ones; nothing more than name, amount and day.
  await expect(rows.first()).toContainText("Rahmat Wallgiver");
  await expect(rows.first()).toContainText("$25.00");
  await expect(rows.nth(1)).toContainText("Hamba Allah");
  await expect(rows.nth(1)).toContainText("$19.00");
  await expect(wall).not.toContainText("Wall Anonymous");
  await expect(wall).not.toContainText("@example.sg");
  await expect(page.getByTestId("donor-wall-page")).toHaveText(/^Page 1 of ([2-9]|\d\d+)$/);

  const previous = wall.getByRole("button", { name: "Previous" });
  const next = wall.getByRole("button", { name: "Next" });
  await expect(previous).toHaveAttribute("aria-disabled", "true");
  await next.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("donor-wall-page")).toHaveText(/^Page 2 of /);
  await expect(table).toBeFocused();
  await expect(table).not.toContainText("Rahmat Wallgiver");
  await expect(rows.first()).toContainText("Hamba Allah");
  await expect(rows.first()).toContainText("$10.00");
  // The eye sees the cut name; its title and a screen reader have it whole.
  const cut = rows.nth(1).locator(".truncated");
  await expect(cut.locator('[aria-hidden="true"]')).toHaveText("Nur Aisyah binte Mohamed Abdul...");
  await expect(cut).toHaveAttribute("title", longName);
  await expect(table.getByRole("cell", { name: longName, exact: true })).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoOverflow(page);
    await keepScreenshot(page, testInfo, `wms-donor-wall-cut-${width}`);
  }
  await expect(previous).toHaveAttribute("aria-disabled", "false");
  await previous.focus();
  await page.keyboard.press("Space");
  await expect(page.getByTestId("donor-wall-page")).toHaveText(/^Page 1 of /);
  await expect(rows.first()).toContainText("Rahmat Wallgiver");
  await expectNoAxeViolations(page);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoOverflow(page);
    await keepScreenshot(page, testInfo, `wms-donor-wall-${width}`);
  }
});

test("the wakaf pages name the ways to pay and the 250% tax deduction, in both languages", async ({
  page,
  baseURL,
}) => {
  await page.goto(onWakafHost(baseURL, "/wakaf-ilmu"));
  await hydrated(page);
  await expect(page.getByTestId("tax-line")).toHaveText(
    "All contributions are entitled to a 250% tax deduction",
  );
  const partners = page.getByRole("region", { name: "Ways to pay" });
  // Card brands spelt as everywhere else on the site (#23).
  for (const name of [
    "Visa",
    "Mastercard",
    "American Express",
    "Google Pay",
    "Apple Pay",
    "PayNow",
  ]) {
    await expect(partners.getByRole("img", { name, exact: true })).toBeVisible();
  }

  await page.goto(onWakafHost(baseURL, "/ms/wms"));
  await hydrated(page);
  await expect(page.getByTestId("tax-line")).toHaveText(
    "Semua sumbangan layak mendapat potongan cukai sebanyak 250%",
  );
  await expect(page.getByRole("region", { name: "Cara pembayaran" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Dinding penderma" })).toBeVisible();
  await expect(page.getByText("Penderma yang menyumbang tanpa nama ditunjukkan")).toBeVisible();
});

test("no zakat, fidyah or kaffarah page claims the 250% deduction", async ({ page }) => {
  for (const path of ["/", "/calculator", "/fidyah", "/kaffarah"]) {
    await page.goto(path);
    await expect(page.locator("main")).not.toContainText("250%");
  }
});

test("home on the wakaf host is the wakaf landing: the stored wakaf flow's, else Wakaf Ilmu", async ({
  page,
  baseURL,
}) => {
  await page.goto(onWakafHost(baseURL, "/"));
  await expect(page).toHaveURL(/wakaf\.localhost:\d+\/wakaf-ilmu$/);
  await page.goto(onWakafHost(baseURL, "/wms"));
  await hydrated(page);
  await page.goto(onWakafHost(baseURL, "/ms/"));
  await expect(page).toHaveURL(/wakaf\.localhost:\d+\/ms\/wms$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "ms");
});

test("on the wakaf host every page wears the wakaf brand and its icon, and keeps the wakaf flow", async ({
  page,
  baseURL,
}) => {
  const brand = page.locator(".site-header .brand");
  const icon = page.locator('link[rel="icon"]');
  // The header's own mark follows the variant as the favicon does.
  const mark = brand.locator(".brand-mark");
  // The zakat host keeps the zakat brand and icon.
  await page.goto("/profile");
  await expect(brand).toHaveText("Zakat Singapore");
  await expect(icon).toHaveAttribute("href", "/favicon.svg");
  await expect(mark).toHaveAttribute("data-mark", "zakat");
  // The wakaf host: profile, enrolment, the enrolment form, register and not-found, in both languages.
  await page.goto(onWakafHost(baseURL, "/wms"));
  await hydrated(page);
  for (const [path, name] of [
    ["/profile", "Wakaf Singapore"],
    ["/ms/profile", "Wakaf Singapura"],
    ["/enrollment", "Wakaf Singapore"],
    ["/enrollment/enroll-individual", "Wakaf Singapore"],
    ["/ms/register", "Wakaf Singapura"],
    ["/register/tax-deduction", "Wakaf Singapore"],
  ] as const) {
    await page.goto(onWakafHost(baseURL, path));
    await expect(brand, path).toHaveText(name);
    await expect(icon, path).toHaveAttribute("href", "/favicon-wakaf.svg");
    await expect(mark, path).toHaveAttribute("data-mark", "wakaf");
    // The flow stays a wakaf one (the forms keep the donor's own; profile and enrolment are Ilmu's twins).
    expect(["ILMU", "WMS"], path).toContain(
      await page.evaluate(() => sessionStorage.getItem("portal.flow")),
    );
  }
  // Issue 34: the Singpass pages are built once for both hosts; an inline script gives their title
  // the wakaf site's name when the tab's flow is a wakaf fund's (a refusal keeps the page in place).
  for (const [path, title] of [
    ["/enrollment/singpass?error=access_denied", "Singpass | Wakaf Singapore"],
    ["/ms/enrollment/singpass?error=access_denied", "Singpass | Wakaf Singapura"],
  ] as const) {
    await page.goto(onWakafHost(baseURL, path));
    await expect(page, path).toHaveTitle(title);
  }
  // The zakat host's keeps the zakat name for a zakat flow.
  await page.goto("/calculator");
  await page.goto("/enrollment/singpass?error=access_denied");
  await expect(page).toHaveTitle("Singpass | Zakat Singapore");
  const response = await page.goto(onWakafHost(baseURL, "/ms/tiada-halaman"));
  expect(response?.status()).toBe(404);
  await expect(brand).toHaveText("Wakaf Singapura");
  await expect(
    page.getByRole("heading", { level: 1, name: "Halaman Tidak Dijumpai" }),
  ).toBeVisible();
  // Home on this host is the wakaf landing of the donor's flow.
  await page.getByRole("link", { name: "Kembali ke laman utama" }).click();
  await expect(page).toHaveURL(/wakaf\.localhost:\d+\/ms\/(wms|wakaf-ilmu)$/);
  await expectNoAxeViolations(page);
});
