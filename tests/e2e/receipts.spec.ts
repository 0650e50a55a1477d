import { execFileSync } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import { expect, test, type Locator, type Page, type TestInfo } from "@playwright/test";
import { Donor, nricOf, type Paid } from "../support/donations";
import {
  expectNoAxeViolations,
  expectNoOverflow,
  hydrated,
  keepScreenshot,
  lookAtBothWidths,
} from "./helpers";

// Receipts of real donations made through the payment API (as checkout makes them), in both
// languages, downloaded as PDF (converted to PNG with pdftoppm, kept under test-results/) and printed.
const nric = nricOf("5551234");
const otherNric = nricOf("7654321");

const enrolment = (name: string, id: string, mobile: string) => ({
  kind: "individual",
  name,
  email: `${name.split(" ")[0]?.toLowerCase()}@example.sg`,
  countryCode: "+65",
  mobile,
  nric: id,
  address: {
    blockNumber: "123",
    streetName: "Bedok North Road",
    floorNo: "05",
    unitNo: "123",
    buildingName: "Sunrise Court",
    country: "Singapore",
    postalCode: "460123",
  },
});

let harta: Paid;
let fitrah: Paid;
let fidyah: Paid;
let kaffarah: Paid;
let ilmu: Paid;
let wms: Paid;
let othersReceipt: Paid;

test.beforeAll(async ({ baseURL }) => {
  const base = baseURL ?? "";
  const aminah = await new Donor(base).start();
  harta = await aminah.donate({
    flow: "ZAKAT",
    items: { harta: 25_000, fitrah: { normal: 3, premium: 1 } },
    totalCents: 27_300,
    enrol: enrolment("Aminah Binte Rahman", nric, "93456789"),
  });
  fidyah = await aminah.donate({
    flow: "FIDYAH",
    items: { fidyah: { days: 7 } },
    totalCents: 2_800,
  });
  kaffarah = await aminah.donate({
    flow: "KAFFARAH",
    items: { kaffarah: { kind: "nazar", quantity: 2 } },
    totalCents: 8_000,
  });
  const guest = await new Donor(base).start();
  fitrah = await guest.donate({
    flow: "ZAKAT",
    items: { fitrah: { normal: 2, premium: 0, variable: { persons: 1, rate: 700 } } },
    totalCents: 1_700,
    donor: { name: "Siti Nur", email: "siti@example.sg", anonymous: true },
  });
  ilmu = await guest.donate({
    flow: "ILMU",
    items: { ilmu: 5_000 },
    totalCents: 5_000,
    donor: { name: "Hafiz Osman", email: "hafiz@example.sg", anonymous: false },
  });
  wms = await guest.donate({
    flow: "WMS",
    items: { wms: 2_000 },
    totalCents: 2_000,
    donor: { name: "Hafiz Osman", email: "hafiz@example.sg", anonymous: false },
  });
  const other = await new Donor(base).start();
  othersReceipt = await other.donate({
    flow: "ZAKAT",
    items: { harta: 10_000 },
    totalCents: 10_000,
    enrol: enrolment("Badrul Hisham", otherNric, "98765432"),
  });
});

const openReceipt = async (page: Page, path: string) => {
  await page.goto(path);
  await hydrated(page);
  await expect(page.locator("article.receipt-sheet[data-receipt-no]")).toBeVisible();
};

/** No full NRIC in the page (text or markup) or its address. */
const expectNoFullNric = async (page: Page) => {
  for (const id of [nric, otherNric]) {
    expect(page.url()).not.toContain(id);
    expect(await page.content()).not.toContain(id);
  }
};

const pdfTools = (file: string, testInfo: TestInfo, name: string) => {
  execFileSync("pdftoppm", ["-png", "-r", "96", "-singlefile", file, testInfo.outputPath(name)]);
  return {
    text: execFileSync("pdftotext", ["-layout", file, "-"]).toString(),
    info: execFileSync("pdfinfo", [file]).toString(),
    images: execFileSync("pdfimages", ["-list", file]).toString(),
  };
};

/** Width of the page in points and of its one image in pixels: their ratio is 2 × the scale. */
const scaleOf = (info: string, images: string) => {
  const pageWidth = Number(/Page size:\s+([\d.]+) x/.exec(info)?.[1]);
  const imageWidth = Number(images.split("\n")[2]?.trim().split(/\s+/)[3]);
  return imageWidth / (pageWidth * 2);
};

/** How many lines an element's text takes: the distinct tops of its boxes and its spans' boxes. */
const linesOf = (element: Locator) =>
  element.evaluate(
    (root) =>
      new Set(
        [root, ...root.querySelectorAll("span")].flatMap((box) =>
          [...box.getClientRects()].map((rect) => Math.round(rect.top)),
        ),
      ).size,
  );

test("a zakat harta receipt shows every field that applies, masked, with the zakat tax wording", async ({
  page,
}, testInfo) => {
  expect(harta.link).toMatch(/^\/receipt\/harta\?transactionNo=ZK\d+&token=[\w-]{43}$/);
  await openReceipt(page, harta.link);
  await expect(page).toHaveTitle("Zakat Receipt | Zakat Singapore");
  const sheet = page.locator("article.receipt-sheet");
  await expect(sheet.getByRole("heading", { level: 1 })).toHaveText("Zakat Receipt");
  await expect(sheet).toContainText(harta.receiptNo);
  await expect(sheet).toContainText(harta.transactionNo);
  await expect(sheet).toContainText("Aminah Binte Rahman");
  await expect(sheet).toContainText(`*****${nric.slice(-4)}`);
  await expect(sheet).toContainText("aminah@example.sg");
  await expect(sheet).toContainText("+65 9345 6789");
  await expect(sheet).toContainText("123 Bedok North Road #05-123 Sunrise Court, Singapore 460123");
  const rows = sheet.locator("table.receipt-table tbody tr");
  await expect(rows).toHaveText([
    /Zakat Harta\s*\$250\.00/,
    /Zakat Fitrah\s*\$23\.00/,
    /Normal: 3 person\(s\) × \$5\.00\s*\$15\.00/,
    /Premium: 1 person\(s\) × \$8\.00\s*\$8\.00/,
  ]);
  await expect(sheet.locator("tfoot")).toContainText("$273.00");
  await expect(sheet.locator(".receipt-next-due")).toContainText("Next Zakat Harta Due");
  // Its Hijri day, from the council's calendar (issue 33): a year ahead no month is published yet.
  await expect(sheet.locator(".receipt-hijri")).toHaveText(
    /^ \(\d{1,2} [A-Za-z]+ 14\d\d AH, estimated\)$/,
  );
  // §3's card image (a small SVG, hidden) beside the brand's name, which is its text alternative.
  const method = sheet.locator(".payment-method");
  await expect(method.locator('svg[data-image="Visa"]')).toHaveAttribute("aria-hidden", "true");
  await expect(method.getByTestId("payment-name")).toHaveText("Visa");
  await expect(sheet).toContainText("4242");
  await expect(sheet).toContainText("Accepted");
  await expect(sheet).toContainText("One Time");
  // The gateway reference comes in pieces of 13 characters (§9), on one line on a desktop.
  const reference = sheet.locator(".receipt-reference");
  const pieces = await reference.locator("span").allTextContents();
  expect(pieces.length).toBeGreaterThan(1);
  expect(pieces.every((piece) => piece.length <= 13)).toBe(true);
  expect(await linesOf(reference)).toBe(1);
  await expect(sheet.locator(".receipt-tax")).toHaveAttribute("data-tax", "zakatAutoInclusion");
  await expect(sheet).not.toContainText("250%");
  await expect(sheet).not.toContainText("Officer");
  await expectNoFullNric(page);
  await expectNoAxeViolations(page);
  await keepScreenshot(page, testInfo, "receipt-harta-1280");
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoOverflow(page);
  // On a phone it breaks only between its pieces, never inside one.
  expect(await linesOf(reference)).toBeLessThanOrEqual(pieces.length);
  for (const piece of await reference.locator("span").all()) expect(await linesOf(piece)).toBe(1);
  await expectNoAxeViolations(page);
  await keepScreenshot(page, testInfo, "receipt-harta-375");
});

test("the receipt's QR code opens /verify, which says genuine; a wrong code says not genuine (issue 32)", async ({
  page,
  baseURL,
}, testInfo) => {
  await openReceipt(page, harta.link);
  const sheet = page.locator("article.receipt-sheet");
  await expect(
    sheet.getByRole("img", { name: "QR code: check that this receipt is genuine" }),
  ).toBeVisible();
  const code = (await page.getByTestId("verification-code").textContent()) ?? "";
  expect(code).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
  const link = (await page.getByTestId("verify-link").getAttribute("href")) ?? "";
  expect(link).toBe(`${baseURL}/verify?no=${harta.receiptNo}&code=${code}`);
  await keepScreenshot(page, testInfo, "receipt-harta-verify-section");

  // The QR code's link: the form filled from it and checked at once.
  await page.goto(link);
  await expect(page).toHaveTitle("Check a receipt | Zakat Singapore");
  const result = page.getByTestId("verify-result");
  await expect(result.getByRole("heading", { name: "Genuine receipt" })).toBeVisible();
  await expect(page.getByTestId("verified-receipt-no")).toHaveText(harta.receiptNo);
  await expect(page.getByTestId("verified-items")).toHaveText(
    "Zakat harta $250.00, Zakat fitrah $23.00",
  );
  await expect(page.getByTestId("verified-amount")).toHaveText("$273.00");
  await expect(page.getByTestId("verified-source")).toHaveText("Online");
  await expect(page.getByTestId("verified-status")).toHaveText("Accepted");
  await expect(page.getByTestId("verify-receipt-no")).toHaveValue(harta.receiptNo);
  // Nothing personal on the page.
  for (const personal of ["Aminah", "aminah@", "93456789", nric.slice(-4), "Bedok"]) {
    await expect(page.locator("main")).not.toContainText(personal);
  }
  await lookAtBothWidths(page, testInfo, "verify-genuine");
  await page.setViewportSize({ width: 375, height: 900 });
  await expectNoAxeViolations(page);

  // In Malay, by the language switch, which keeps the number and code.
  await page.getByRole("link", { name: "Bahasa Melayu" }).click();
  await expect(page).toHaveURL(/\/ms\/verify\?no=/);
  await expect(page.getByRole("heading", { name: "Resit tulen" })).toBeVisible();
  await expect(page.getByTestId("verified-status")).toHaveText("Diterima");
  await lookAtBothWidths(page, testInfo, "verify-genuine-ms");

  // Typed by hand with one character wrong, submitted from the keyboard: not genuine.
  const wrong = `${code.slice(0, -1)}${code.endsWith("0") ? "1" : "0"}`;
  await page.getByTestId("verify-code").fill(wrong);
  await page.getByTestId("verify-code").press("Enter");
  await expect(page.getByRole("heading", { name: "Tiada resit tulen dijumpai" })).toBeVisible();
  await expect(page.getByTestId("verify-result")).toBeFocused();
  await lookAtBothWidths(page, testInfo, "verify-not-genuine-ms");
  await page.setViewportSize({ width: 375, height: 900 });
  await expectNoAxeViolations(page);
  // Over the address's limit (the server's 429 is tested in tests/integration/receipt-verify.test.ts),
  // the page says so in its language.
  await page.route("**/svc/payment/api/Receipt/verifyReceipt", (route) =>
    route.fulfill({
      status: 429,
      contentType: "application/json",
      headers: { "retry-after": "60" },
      body: JSON.stringify({ status: 0, message: "Too many", code: "receipt.verifyLimited" }),
    }),
  );
  await page.getByTestId("verify-submit").click();
  await expect(page.getByTestId("verify-result")).toHaveText(
    "Terlalu banyak semakan resit dari rangkaian anda. Sila tunggu seminit dan cuba lagi.",
  );
  await page.getByRole("link", { name: "English" }).click();
  await expect(page.getByTestId("verify-result")).toHaveText(
    "Too many receipt checks from your network. Please wait a minute and try again.",
  );
  await keepScreenshot(page, testInfo, "verify-limited-375");
  await page.unroute("**/svc/payment/api/Receipt/verifyReceipt");
  await page.goto("/verify");
  await page.getByTestId("verify-receipt-no").fill(harta.receiptNo);
  await page.getByTestId("verify-submit").click();
  await expect(page.getByText("Enter the receipt number and the verification code.")).toBeVisible();
  await expect(page.getByTestId("verify-code")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("verify-code")).toBeFocused();
  await lookAtBothWidths(page, testInfo, "verify-missing-code");
});

test("a wakaf receipt's QR link opens /verify on the wakaf site, in its brand (issue 32)", async ({
  page,
}, testInfo) => {
  await openReceipt(page, ilmu.link);
  const link = (await page.getByTestId("verify-link").getAttribute("href")) ?? "";
  expect(new URL(link).hostname).toBe("wakaf.localhost");
  await page.goto(link);
  await expect(page).toHaveTitle("Check a receipt | Wakaf Singapore");
  await expect(page.getByRole("heading", { name: "Genuine receipt" })).toBeVisible();
  await expect(page.getByTestId("verified-items")).toHaveText("Wakaf Ilmu $50.00");
  await lookAtBothWidths(page, testInfo, "verify-wakaf");
});

test("downloads the receipt as a small PDF at scale 2.5, titled by receipt and transaction number", async ({
  page,
}, testInfo) => {
  await openReceipt(page, harta.link);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download PDF" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${harta.receiptNo}.pdf`);
  const file = testInfo.outputPath(`${harta.receiptNo}.pdf`);
  await download.saveAs(file);
  expect(readFileSync(file).subarray(0, 5).toString()).toBe("%PDF-");
  expect(statSync(file).size).toBeLessThanOrEqual(100 * 1024);
  const pdf = pdfTools(file, testInfo, "receipt-harta-pdf");
  expect(statSync(testInfo.outputPath("receipt-harta-pdf.png")).size).toBeGreaterThan(5_000);
  expect(pdf.info).toMatch(
    new RegExp(`^Title:\\s+${harta.receiptNo} ${harta.transactionNo}$`, "m"),
  );
  expect(scaleOf(pdf.info, pdf.images)).toBeCloseTo(2.5, 1);
  expect(pdf.text).toContain(harta.receiptNo);
  // Issue 32: the verification code is printed in the PDF too (its QR code is in the image).
  const code = await page.getByTestId("verification-code").textContent();
  expect(pdf.text).toContain(code);
  expect(pdf.text).toContain(`*****${nric.slice(-4)}`);
  expect(pdf.text).not.toContain(nric);
});

test("prints with the receipt and transaction number as the document title", async ({ page }) => {
  await openReceipt(page, harta.link);
  await page.evaluate(() => {
    const w = window as unknown as { printedTitle?: string };
    window.print = () => {
      w.printedTitle = document.title;
    };
  });
  await page.getByRole("button", { name: "Print" }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { printedTitle?: string }).printedTitle))
    .toBe(`${harta.receiptNo} ${harta.transactionNo}`);
});

test("an anonymous fitrah receipt names Hamba Allah and hides the e-mail; kinds with persons and rates", async ({
  page,
}, testInfo) => {
  expect(fitrah.link).toMatch(/^\/receipt\/fitrah\?/);
  await openReceipt(page, fitrah.link);
  const sheet = page.locator("article.receipt-sheet");
  await expect(sheet).toContainText("Hamba Allah");
  await expect(sheet).not.toContainText("Siti");
  await expect(sheet).not.toContainText("siti@example.sg");
  await expect(sheet.locator("table.receipt-table tbody tr")).toHaveText([
    /Zakat Fitrah\s*\$17\.00/,
    /Normal: 2 person\(s\) × \$5\.00\s*\$10\.00/,
    /Variable: 1 person\(s\) × \$7\.00\s*\$7\.00/,
  ]);
  await expect(sheet.locator(".receipt-next-due")).toHaveCount(0);
  await expect(sheet.locator(".receipt-tax")).toHaveAttribute("data-tax", "zakatNoTaxId");
  await expectNoAxeViolations(page);
  await keepScreenshot(page, testInfo, "receipt-fitrah-anonymous");
});

test("fidyah and kaffarah receipts list days and kind, with no tax line", async ({ page }) => {
  await openReceipt(page, fidyah.link);
  let sheet = page.locator("article.receipt-sheet");
  await expect(sheet.getByRole("heading", { level: 1 })).toHaveText("Fidyah Receipt");
  await expect(sheet.locator("tbody tr")).toHaveText([/Fidyah\s*\$28\.00/, /7 day\(s\) × \$4\.00/]);
  await expect(sheet.locator(".receipt-tax")).toHaveCount(0);
  await openReceipt(page, kaffarah.link);
  sheet = page.locator("article.receipt-sheet");
  await expect(sheet.getByRole("heading", { level: 1 })).toHaveText("Kaffarah Receipt");
  await expect(sheet.locator("tbody tr")).toHaveText([
    /Kaffarah\s*\$80\.00/,
    /Nazar: 2 × \$40\.00/,
  ]);
  await expect(sheet.locator(".receipt-tax")).toHaveCount(0);
  await expectNoFullNric(page);
});

test("wakaf receipts carry the 250% line, not the zakat wording", async ({ page }, testInfo) => {
  for (const [paid, fund, amount] of [
    [ilmu, "Wakaf Ilmu", "$50.00"],
    [wms, "Wakaf Masyarakat Singapura", "$20.00"],
  ] as const) {
    expect(paid.link).toMatch(/^\/receipt\/wakaf\?/);
    await openReceipt(page, paid.link);
    const sheet = page.locator("article.receipt-sheet");
    await expect(sheet.getByRole("heading", { level: 1 })).toHaveText("Wakaf Receipt");
    await expect(sheet.locator("tbody tr")).toHaveText([new RegExp(`${fund}\\s*\\${amount}`)]);
    await expect(sheet.locator(".receipt-tax")).toHaveText(
      "All contributions are entitled to a 250% tax deduction",
    );
    await expect(sheet).toContainText("Hafiz Osman");
    await expect(sheet).toContainText("One Time");
  }
  await expectNoAxeViolations(page);
  await keepScreenshot(page, testInfo, "receipt-wms");
});

test("the Malay receipt, official receipt and certificate", async ({ page }, testInfo) => {
  await openReceipt(page, `/ms${harta.link}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "ms");
  const sheet = page.locator("article.receipt-sheet");
  await expect(sheet.getByRole("heading", { level: 1 })).toHaveText("Resit Zakat");
  await expect(sheet).toContainText("Butiran penderma");
  await expect(sheet).toContainText("Biasa: 3 orang × $5.00");
  await expect(sheet).toContainText("Zakat Harta Seterusnya Perlu Dibayar");
  await expect(sheet.locator(".receipt-hijri")).toHaveText(
    /^ \(\d{1,2} [A-Za-z]+ 14\d\d H, anggaran\)$/,
  );
  await expect(sheet).toContainText("Sekali");
  await expectNoAxeViolations(page);
  await keepScreenshot(page, testInfo, "receipt-harta-ms");
  // The language switch keeps the receipt's query string.
  await page.getByRole("link", { name: "English" }).click();
  await expect(page).toHaveURL(
    new RegExp(`/receipt/harta\\?transactionNo=${harta.transactionNo}&token=${harta.token}$`),
  );

  await page.goto(`/ms${harta.link}`);
  await hydrated(page);
  await page.getByRole("link", { name: "Resit rasmi" }).click();
  await hydrated(page);
  await expect(page.locator("article.receipt-official h1")).toHaveText("Resit Rasmi");
  await expect(page.locator("article.receipt-official")).toContainText("$273.00");
  await expect(page.locator("article.receipt-official")).toContainText(`*****${nric.slice(-4)}`);
  // Issue 34: a zakat gift's official receipt wears the zakat brand.
  await expect(page.locator(".receipt-brand")).toHaveAttribute("data-brand", "zakat");
  await expect(page.locator(".receipt-brand-title")).toHaveText("Zakat Singapura");
  await expect(page).toHaveTitle("Resit Rasmi | Zakat Singapura");
  await expectNoAxeViolations(page);
  await keepScreenshot(page, testInfo, "official-ms");
  // The official receipt leads back to the receipt it comes from, in its language.
  await expect(page.getByRole("link", { name: "Kembali ke resit" })).toHaveAttribute(
    "href",
    `/ms${harta.link}`,
  );
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Muat turun PDF" }).click(),
  ]);
  const file = testInfo.outputPath("official.pdf");
  await download.saveAs(file);
  const pdf = pdfTools(file, testInfo, "official-ms-pdf");
  expect(scaleOf(pdf.info, pdf.images)).toBeCloseTo(2, 1);
  expect(pdf.text).not.toContain(nric);
  expect(statSync(file).size).toBeLessThanOrEqual(100 * 1024);

  await page.goto(`/certificate?transactionNo=${ilmu.transactionNo}&token=${ilmu.token}`);
  await hydrated(page);
  await expect(page.locator("article.receipt-certificate h1")).toHaveText(
    "Certificate of Appreciation",
  );
  await expect(page.locator(".certificate-name")).toHaveText("Hafiz Osman");
  await expect(page.locator("article.receipt-certificate")).toContainText("$50.00 to Wakaf Ilmu");
  // Issue 34: a wakaf gift's certificate wears the wakaf brand: title, description, icon.
  const brand = page.locator("article.receipt-certificate .receipt-brand");
  await expect(brand).toHaveAttribute("data-brand", "wakaf");
  await expect(brand.locator(".receipt-brand-title")).toHaveText("Wakaf Singapore");
  await expect(brand).toContainText("Wakaf: donating assets for pious causes");
  await expect(page).toHaveTitle(/\| Wakaf Singapore$/);
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute("href", "/favicon-wakaf.svg");
  await expectNoAxeViolations(page);
  await keepScreenshot(page, testInfo, "certificate");
  await page.getByRole("link", { name: "Back to the receipt" }).click();
  await hydrated(page);
  await expect(page).toHaveURL(
    new RegExp(`/receipt/wakaf\\?transactionNo=${ilmu.transactionNo}&token=${ilmu.token}$`),
  );
  await expect(page.locator("article.receipt-sheet h1")).toBeVisible();

  // Issue 34: the wakaf gift's official receipt, in Malay on a phone, and its PDF wear the wakaf brand.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/ms/receipt/official?transactionNo=${ilmu.transactionNo}&token=${ilmu.token}`);
  await hydrated(page);
  const official = page.locator("article.receipt-official");
  await expect(official.locator(".receipt-brand")).toHaveAttribute("data-brand", "wakaf");
  await expect(official.locator(".receipt-brand-title")).toHaveText("Wakaf Singapura");
  await expect(page).toHaveTitle("Resit Rasmi | Wakaf Singapura");
  await expectNoAxeViolations(page);
  await keepScreenshot(page, testInfo, "official-wakaf-ms-375");
  const [wakafPdf] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Muat turun PDF" }).click(),
  ]);
  const wakafFile = testInfo.outputPath("official-wakaf.pdf");
  await wakafPdf.saveAs(wakafFile);
  expect(pdfTools(wakafFile, testInfo, "official-wakaf-ms-pdf").text).toContain("Wakaf Singapura");
});

test("another donor's token, a guessed transaction number and a wrong token reveal nothing", async ({
  page,
  baseURL,
}, testInfo) => {
  const attempts = [
    // Another donor's token with this donor's transaction number.
    `/receipt/harta?transactionNo=${harta.transactionNo}&token=${othersReceipt.token}`,
    // A guessed (neighbouring) transaction number with no token.
    `/receipt/harta?transactionNo=${harta.transactionNo.slice(0, -1)}${(Number(harta.transactionNo.slice(-1)) + 1) % 10}`,
    // The right transaction number and a made-up token.
    `/receipt/harta?transactionNo=${harta.transactionNo}&token=${"A".repeat(43)}`,
    "/receipt/harta",
  ];
  for (const path of attempts) {
    await page.goto(path);
    await hydrated(page);
    const popup = page.getByRole("dialog", { name: "Error" });
    await expect(popup).toBeVisible();
    await expect(popup).toContainText("Invalid Trasnsaction Number");
    await expect(page.locator("article.receipt-sheet")).not.toContainText("Aminah");
    await expect(page.locator("article.receipt-sheet")).not.toContainText("Badrul");
    await expect(page.getByRole("button", { name: "Download PDF" })).toBeDisabled();
  }
  await expectNoAxeViolations(page);
  await keepScreenshot(page, testInfo, "receipt-error-popup");
  await expect(page.getByRole("button", { name: "Okay" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new URL("/", baseURL).toString());
});

test("the donation and adoption pages send a receipt on to its own page, in its language", async ({
  page,
}) => {
  const query = (paid: Paid) => paid.link.slice(paid.link.indexOf("?"));
  await page.goto(`/receipt/donation${query(ilmu)}`);
  await expect(page).toHaveURL(new RegExp(`/receipt/wakaf\\?transactionNo=${ilmu.transactionNo}&`));
  await hydrated(page);
  await expect(page.locator("article.receipt-sheet h1")).toHaveText("Wakaf Receipt");
  await expect(page).toHaveTitle(/^Wakaf Receipt \|/);
  await page.goto(`/ms/receipt/adoption${query(fitrah)}`);
  await expect(page).toHaveURL(
    new RegExp(`/ms/receipt/fitrah\\?transactionNo=${fitrah.transactionNo}&`),
  );
  await hydrated(page);
  await expect(page.locator("article.receipt-sheet[data-receipt-no]")).toContainText("Hamba Allah");
  // A link that opens nothing stays where it is, with the same popup as every receipt page.
  await page.goto(`/receipt/adoption?transactionNo=${harta.transactionNo}&token=${"A".repeat(43)}`);
  await hydrated(page);
  await expect(page.getByRole("dialog", { name: "Error" })).toBeVisible();
  await expect(page).toHaveURL(/\/receipt\/adoption\?/);
});

/**
 * States the portal cannot reach online yet (refunds and voids have no API; point-of-sale receipts come
 * from terminals): the real answer for a real receipt, with those fields changed on the way in.
 */
const alteredReceipt = async (page: Page, change: Record<string, unknown>) => {
  await page.route("**/getThirdPartyDonationReceiptData**", async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: Record<string, unknown> };
    await route.fulfill({ response, json: { ...body, data: { ...body.data, ...change } } });
  });
};

test("refunded and voided receipts strike their amounts and say so; accepted ones do not", async ({
  page,
}, testInfo) => {
  await alteredReceipt(page, { paymentStatus: "Refunded" });
  await openReceipt(page, harta.link);
  const sheet = page.locator("article.receipt-sheet");
  await expect(sheet.locator("s")).toHaveText(["$250.00", "$23.00", "$15.00", "$8.00", "$273.00"]);
  await expect(sheet.locator("tfoot")).toContainText("$273.00 Refunded");
  await expect(sheet.locator(".receipt-field", { hasText: "Payment status" })).toContainText(
    "Refunded",
  );
  await expectNoAxeViolations(page);
  await keepScreenshot(page, testInfo, "receipt-refunded");

  await page.unrouteAll();
  await alteredReceipt(page, { paymentStatus: "Voided" });
  await openReceipt(page, `/ms${fidyah.link}`);
  await expect(page.locator("article.receipt-sheet tfoot")).toContainText("$28.00 Dibatalkan");

  await page.unrouteAll();
  await openReceipt(page, fidyah.link);
  await expect(page.locator("article.receipt-sheet s")).toHaveCount(0);
});

test("a receipt line too long for its row is cut with '...', whole in its title and for screen readers", async ({
  page,
}, testInfo) => {
  // Issue 34: a harta item's remarks (50 of 100 characters are allowed) would run over the line.
  const remark = "Savings in three banks and a fixed deposit kept for the children's education";
  await page.route("**/getThirdPartyDonationReceiptData**", async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as {
      data: { attributes: { muisHarta: Array<Record<string, unknown>> } };
    };
    body.data.attributes.muisHarta = [
      { name: "savings", amount: 25_000, remark: [remark, remark] },
    ];
    await route.fulfill({ response, json: body });
  });
  await openReceipt(page, harta.link);
  const line = page.locator("article.receipt-sheet .receipt-detail .truncated").first();
  const shown = (await line.locator('[aria-hidden="true"]').textContent()) ?? "";
  expect(shown).toMatch(/\.\.\.$/);
  expect(shown.length).toBeLessThanOrEqual(83);
  const full = (await line.getAttribute("title")) ?? "";
  expect(full).toContain(`${remark}, ${remark}`);
  expect(full.startsWith(shown.slice(0, -3))).toBe(true);
  await expect(line.locator(".visually-hidden")).toHaveText(full);
  await expectNoAxeViolations(page);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoOverflow(page);
    await keepScreenshot(page, testInfo, `receipt-line-cut-${width}`);
  }
});

test("the officer's name shows only for a point-of-sale amil who is not the portal's own account", async ({
  page,
}) => {
  const officer = page.locator(".receipt-field", { hasText: "Officer" });
  await alteredReceipt(page, { source: "kiosk", amilId: "A17", amilName: "Ustaz Ali" });
  await openReceipt(page, fidyah.link);
  await expect(officer).toContainText("Ustaz Ali");
  for (const change of [
    { source: "kiosk", amilId: "online", amilName: "Portal" },
    { source: "Online", amilId: "A17", amilName: "Ustaz Ali" },
  ]) {
    await page.unrouteAll();
    await alteredReceipt(page, change);
    await openReceipt(page, fidyah.link);
    await expect(officer).toHaveCount(0);
  }
});
