import { expect, test } from "@playwright/test";
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
  await amount.fill("150000.01");
  await expect(amount).toHaveAccessibleDescription(/The largest gift online is \$150,000\.00/);
  await amount.fill("5");
  await expect(page.getByTestId("wakaf-give")).toHaveText("Give $5.00");
  await page.getByRole("button", { name: "$100.00" }).click();
  await expect(page.getByTestId("wakaf-amount")).toHaveValue("100.00");
  await expect(page.getByRole("button", { name: "$100.00" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(page.getByTestId("wakaf-give")).toHaveAttribute("href", "/checkout?flow=ILMU");

  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId("wakaf-amount")).toHaveValue("100.00");
});

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

test("the Malay wakaf page speaks Malay", async ({ page, baseURL }) => {
  await page.goto(onWakafHost(baseURL, "/ms/wms"));
  await hydrated(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "ms");
  await page.getByTestId("wakaf-amount").fill("20");
  await expect(page.getByTestId("wakaf-give")).toHaveText("Sumbang $20.00");
  await expect(page.getByTestId("wakaf-give")).toHaveAttribute("href", "/ms/checkout?flow=WMS");
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
