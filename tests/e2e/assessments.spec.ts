import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { readOutbox } from "@portal/adapters/mail";
import { nricOf } from "../support/donations";
import { give, idToken, signedInDonor } from "./donor-account";
import { checkScreen, hydrated, lookAtBothWidths, open } from "./helpers";
import { ownAddress } from "./identity";

test.use(ownAddress("assessments"));
test.describe.configure({ timeout: 240_000 });

// Issue 33, saved assessments: the calculator's figures, the CPF Ordinary Account among them, saved to
// the signed-in donor's account, reopened and paid; a guest's downloaded file loaded again, and a
// changed or foreign file refused in the donor's language with nothing on the page lost.

const words = {
  "": {
    savings: "Savings",
    amount: "Amount ($)",
    cpf: "Ordinary Account balance ($)",
    link: "Save, download or compare this assessment",
    save: "Save to my account",
    view: "View",
    pay: "Pay this zakat",
    delete: "Delete",
    yes: "Yes, delete",
    download: "Download as a file",
    use: "Use these figures",
    reset: "Reset",
    hijri: / AH$/,
  },
  "/ms": {
    savings: "Simpanan",
    amount: "Jumlah ($)",
    cpf: "Baki Akaun Biasa ($)",
    link: "Simpan, muat turun atau bandingkan taksiran ini",
    save: "Simpan dalam akaun saya",
    view: "Lihat",
    pay: "Bayar zakat ini",
    delete: "Padam",
    yes: "Ya, padam",
    download: "Muat turun sebagai fail",
    use: "Guna angka ini",
    reset: "Set semula",
    hijri: / H$/,
  },
} as const;

/** Savings and the CPF Ordinary Account entered in the calculator, then its link to the assessments. */
const enterAndOpen = async (page: Page, lang: "" | "/ms", savings: string, cpf: string) => {
  const w = words[lang];
  await open(page, `${lang}/calculator`);
  const group = page.getByRole("group", { name: w.savings, exact: true });
  await group.getByRole("group").first().getByLabel(w.amount).fill(savings);
  await page.getByLabel(w.cpf).fill(cpf);
  await page.getByRole("link", { name: w.link }).click();
  await expect(page).toHaveURL(new RegExp(`${lang}/account/assessments$`));
  await page.waitForFunction(() => !document.querySelector("astro-island[ssr]"));
};

test("a donor saves an assessment with CPF, reopens it and pays it, in English and Malay", async ({
  page,
}, testInfo) => {
  await signedInDonor(page, "taksiran@example.sg", nricOf("4023141"), "Nur Taksiran");
  for (const [lang, width, savings, cpf, total] of [
    ["", 375, "20000", "40000", "$1,500.00"],
    ["/ms", 1280, "30000", "12000", "$1,050.00"],
  ] as const) {
    const w = words[lang];
    await page.setViewportSize({ width, height: 900 });
    await enterAndOpen(page, lang, savings, cpf);
    const current = page.getByTestId("assess-current");
    await expect(current.locator('tr[data-class="cpf"] td').last()).toHaveText(
      lang === "" ? "$1,000.00" : "$300.00",
    );
    await expect(page.getByTestId("assess-current-total")).toHaveText(total);
    // Signed in: the save button shows once the account has answered.
    const save = page.getByRole("button", { name: w.save });
    await save.click();
    await expect(page.getByRole("status").first()).toContainText(total);
    const row = page.getByTestId("assess-list").locator("tbody tr").first();
    await expect(row).toContainText(total);
    await expect(row.locator("td").nth(1)).toHaveText(w.hijri);
    // Each language's screens at both widths (the steps at one), then back to the steps' width.
    await lookAtBothWidths(page, testInfo, `assessments-saved${lang.replace("/", "-")}`);
    await page.setViewportSize({ width, height: 900 });

    // Reopened from the list: the figures of its day, then paid at checkout.
    await row.getByRole("button", { name: w.view, exact: false }).click();
    const opened = page.getByTestId("assess-open");
    await expect(opened.locator('tr[data-class="cpf"] td').first()).toHaveText(
      lang === "" ? "$40,000.00" : "$12,000.00",
    );
    await expect(page.getByTestId("assess-open-figures-total")).toHaveText(total);
    await expect(opened.getByRole("heading", { level: 3 })).toBeFocused();
    await lookAtBothWidths(page, testInfo, `assessments-open${lang.replace("/", "-")}`);
    await page.setViewportSize({ width, height: 900 });
    await opened.getByRole("button", { name: w.pay }).click();
    await expect(page).toHaveURL(new RegExp(`${lang}/checkout\\?flow=zakat$`));
    await expect(page.getByTestId("checkout-total")).toHaveText(total);
  }

  // Both saved, newest first; the older one deleted after a confirmation.
  await open(page, "/ms/account/assessments");
  const rows = page.getByTestId("assess-list").locator("tbody tr");
  await expect(rows).toHaveCount(2);
  await rows.nth(1).getByRole("button", { name: words["/ms"].delete }).click();
  await rows.nth(1).getByRole("button", { name: words["/ms"].yes }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("$1,050.00");
});

test("a guest downloads an assessment and loads it again; a changed or foreign file is refused", async ({
  page,
}, testInfo) => {
  const w = words[""];
  await page.setViewportSize({ width: 1280, height: 900 });
  await enterAndOpen(page, "", "0", "40000");
  const saved = page.getByRole("region", { name: "Saved assessments" });
  await expect(saved.getByRole("button", { name: "Sign in" })).toBeVisible();
  await expect(page.getByRole("button", { name: w.save })).toHaveCount(0);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: w.download }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^zakat-assessment-\d{4}-\d{2}-\d{2}\.json$/);
  const text = readFileSync(await download.path(), "utf8");
  const file = JSON.parse(text) as Record<string, unknown>;
  expect(file).toMatchObject({ kind: "muis-zakat-harta-assessment", version: 1, total: 100_000 });
  expect(Object.keys(file).sort()).toEqual(
    ["assessedOn", "inputs", "kind", "lines", "rates", "total", "version"].sort(),
  );

  // The calculator emptied; the file brings the figures back.
  await open(page, "/calculator");
  await page.getByRole("button", { name: w.reset }).click();
  await open(page, "/account/assessments");
  await expect(page.getByText("You have not entered any wealth")).toBeVisible();
  const input = page.getByLabel("Assessment file (.json)");
  const upload = (name: string, content: string) =>
    input.setInputFiles({ name, mimeType: "application/json", buffer: Buffer.from(content) });

  await upload("changed.json", JSON.stringify({ ...file, total: 1 }));
  await expect(page.getByRole("alert")).toHaveText(
    "This file's figures do not match its entries: it was changed after it was downloaded, so it was not loaded. Nothing on this page has changed.",
  );
  await expect(input).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("assess-loaded")).toHaveCount(0);
  await checkScreen(page, testInfo, "assessments-guest-refused-1280");

  await upload("good.json", text);
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(page.getByTestId("assess-loaded-figures-total")).toHaveText("$1,000.00");
  await page.getByRole("button", { name: w.use }).click();
  await expect(page).toHaveURL(/\/calculator$/);
  await page.waitForFunction(() => !document.querySelector("astro-island[ssr]"));
  await expect(page.getByTestId("total")).toHaveText("$1,000.00");
  await expect(page.getByLabel(w.cpf)).toHaveValue("40000.00");

  // In Malay on a phone: a file of another version, and one that is no JSON at all.
  await page.setViewportSize({ width: 375, height: 900 });
  await open(page, "/ms/account/assessments");
  const inputMs = page.getByLabel("Fail taksiran (.json)");
  await inputMs.setInputFiles({
    name: "v2.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify({ ...file, version: 2 })),
  });
  await expect(page.getByRole("alert")).toContainText(
    "Fail taksiran ini daripada versi yang tidak dapat dibaca oleh portal ini.",
  );
  await expect(page.getByTestId("assess-current-total")).toHaveText("$1,000.00");
  await checkScreen(page, testInfo, "assessments-guest-refused-ms-375");
  await inputMs.setInputFiles({
    name: "note.json",
    mimeType: "application/json",
    buffer: Buffer.from("hello"),
  });
  await expect(page.getByRole("alert")).toContainText("bukan taksiran zakat");
});

test("a donor compares two Hijri years' assessments, and sees the year's ledger before and after paying", async ({
  page,
}, testInfo) => {
  await signedInDonor(page, "lejar@example.sg", nricOf("4023158"), "Nur Lejar");
  const w = words[""];
  await page.setViewportSize({ width: 375, height: 900 });
  // Last year's: saved, then moved back a Hijri year (the journey cannot turn the shard's clock back).
  await enterAndOpen(page, "", "20000", "0");
  await page.getByRole("button", { name: w.save }).click();
  const list = page.getByTestId("assess-list").locator("tbody tr");
  await expect(list).toHaveCount(1);
  const id = await list.first().getAttribute("data-assessment");
  const moved = await page.request.post("/__test/assessment-year", {
    headers: { authorization: `Bearer ${process.env["E2E_TEST_CONTROL_TOKEN"]}` },
    data: { id },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  // This year's: more savings.
  await enterAndOpen(page, "", "40000", "0");
  await page.getByRole("button", { name: w.save }).click();
  await expect(list).toHaveCount(2);
  for (const [lang, width, compare, heading] of [
    ["", 375, /^Compare with last year: the assessment of .+$/, / AH compared with \d+ AH$/],
    ["/ms", 1280, /^Bandingkan dengan tahun lalu: taksiran bertarikh .+$/, / H berbanding \d+ H$/],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await open(page, `${lang}/account/assessments`);
    // Only this year's has a last year to compare with.
    await expect(page.getByRole("button", { name: compare })).toHaveCount(1);
    await page.getByRole("button", { name: compare }).click();
    const compared = page.getByTestId("assess-compare");
    await expect(compared.getByRole("heading", { level: 3 })).toHaveText(heading);
    await expect(compared.locator('tr[data-class="savings"] td')).toHaveText([
      "$1,000.00",
      "$500.00",
      "+$500.00",
    ]);
    await expect(page.getByTestId("assess-compare-change")).toHaveText("+$500.00");
    await checkScreen(page, testInfo, `assessments-compare${lang.replace("/", "-")}-${width}`);
  }

  // The year's ledger: this year's assessment assessed, nothing paid; its pay link opens checkout
  // with what remains. After a payment the ledger counts it and nothing remains.
  const harta = page.getByTestId("ledger-harta");
  for (const [lang, width, paidInFull] of [
    ["", 1280, "Paid in full."],
    ["/ms", 375, "Dibayar sepenuhnya."],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await open(page, `${lang}/account/year`);
    await expect(page.getByTestId("ledger-year")).toContainText(lang === "" ? " AH: " : " H: ");
    if (lang === "") {
      await expect(harta.getByTestId("ledger-assessed")).toHaveText("$1,000.00");
      await expect(harta.getByTestId("ledger-remaining")).toHaveText("$1,000.00");
      await checkScreen(page, testInfo, `ledger-before-${width}`);
      await harta.getByTestId("ledger-pay-harta").click();
      await expect(page).toHaveURL(/\/checkout\?flow=zakat$/);
      await expect(page.getByTestId("checkout-total")).toHaveText("$1,000.00");
      await give(page, "ZAKAT", { harta: 100_000 }, 100_000);
      await open(page, `${lang}/account/year`);
    }
    await expect(harta.getByTestId("ledger-paid")).toHaveText("$1,000.00");
    await expect(harta.getByTestId("ledger-remaining")).toHaveText("$0.00");
    await expect(harta).toContainText(paidInFull);
    await checkScreen(page, testInfo, `ledger-after${lang.replace("/", "-")}-${width}`);
  }
});

const instalWords = {
  "": {
    section: "Zakat in monthly instalments",
    start: "Start and pay the first month",
    haul: "Haul date (when the zakat is due)",
    note: "Instalment plan: the first month.",
    active: "Active",
    stop: "Stop this plan",
    stopped: "Stopped",
    first: "Instalment 1 of 4.",
  },
  "/ms": {
    section: "Zakat secara ansuran bulanan",
    start: "Mula dan bayar bulan pertama",
    haul: "Tarikh haul (bila zakat wajib dibayar)",
    note: "Pelan ansuran: bulan pertama.",
    active: "Aktif",
    stop: "Hentikan pelan ini",
    stopped: "Dihentikan",
    first: "Ansuran 1 daripada 4.",
  },
} as const;

test("a donor starts an instalment plan from a saved assessment and stops it, in English and Malay", async ({
  page,
}, testInfo) => {
  await signedInDonor(page, "ansuran@example.sg", nricOf("4023142"), "Nur Ansuran");
  // A saved assessment: S$20,000 of savings, zakat $500.00.
  const saved = await page.request.post("/svc/donor/api/Assessment/saveAssessment", {
    headers: { authorization: `Bearer ${await idToken(page)}` },
    data: {
      inputs: {
        savings: [{ amount: 2_000_000, interest: 0 }],
        goldKeptGrams: 0,
        goldWornGrams: 0,
        insurance: [],
        shares: [],
        cpfOrdinary: 0,
        business: {
          currentAssets: 0,
          assetsToAdd: 0,
          assetsToRemove: 0,
          currentLiabilities: 0,
          liabilitiesToAdd: 0,
          ownershipSharePercent: 100,
        },
      },
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  // The account page read the lists at sign-in: a page of another path, then the account anew.
  await open(page, "/account/assessments");
  const inDays = (days: number) =>
    new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
  for (const [lang, width] of [
    ["", 375],
    ["/ms", 1280],
  ] as const) {
    const w = instalWords[lang];
    await page.setViewportSize({ width, height: 900 });
    await open(page, `${lang}/profile#account-instalments`);
    const section = page.getByRole("region", { name: w.section });
    // Four months to the haul date: $125.00 each.
    await section.getByLabel(w.haul).fill(inDays(100));
    await expect(section).toContainText("$125.00");
    await lookAtBothWidths(page, testInfo, `instalments-start${lang.replace("/", "-")}`);
    await page.setViewportSize({ width, height: 900 });
    await section.getByRole("button", { name: w.start }).click();
    await page.waitForURL(/\/checkout\?flow=zakat&instalment=/);
    await hydrated(page);
    await expect(page.getByTestId("checkout-total")).toHaveText("$125.00");
    await expect(page.getByTestId("instalment-note")).toContainText(w.note);
    await page.getByTestId("card-number").fill("4242 4242 4242 4242");
    await page.getByTestId("card-month").selectOption("12");
    await page.getByTestId("card-year").selectOption(String(new Date().getFullYear() + 2));
    await page.getByTestId("card-cvc").fill("123");
    await page.getByTestId("checkout-pay").click();
    await expect(page.getByTestId("checkout-done")).toBeVisible({ timeout: 15_000 });
    // Its receipt says which instalment it is (the PDF and print are drawn from this page).
    await page.getByTestId("receipt-link").click();
    const receipt = page.locator("article.receipt-sheet[data-receipt-no]");
    await expect(receipt).toContainText(w.first.replace(".", ""));
    for (const shot of [375, 1280]) {
      await page.setViewportSize({ width: shot, height: 900 });
      await checkScreen(page, testInfo, `instalments-receipt${lang.replace("/", "-")}-${shot}`);
    }
    await page.setViewportSize({ width, height: 900 });

    // Back in the account: the plan's months, paid and remaining; then stopped.
    await open(page, `${lang}/profile#account-instalments`);
    const plan = page.getByTestId("instalment-plan").first();
    await expect(plan).toContainText(w.active);
    await expect(plan.locator("dd").nth(1)).toHaveText("$125.00");
    await expect(plan.locator("dd").nth(2)).toHaveText("$375.00");
    await expect(plan.locator("tbody tr")).toHaveCount(4);
    await lookAtBothWidths(page, testInfo, `instalments-plan${lang.replace("/", "-")}`);
    await page.setViewportSize({ width, height: 900 });
    // The first month's receipt e-mail, in the plan's language, says which instalment it is.
    const mails = async () =>
      (
        await readOutbox(path.join(process.env["E2E_DATA_DIR"] ?? "", "outbox"), {
          to: "ansuran@example.sg",
          kind: "receipt",
        })
      ).filter((mail) => mail.text.includes(w.first));
    await expect.poll(async () => (await mails()).length, { timeout: 15_000 }).toBe(1);
    if (lang === "") {
      await plan.getByRole("button", { name: w.stop }).click();
      await expect(plan.locator("dd").first()).toHaveText(w.stopped);
      await expect(plan.getByRole("button", { name: w.stop })).toHaveCount(0);
      continue;
    }
    // In Malay, stopped from the e-mail's "manage this gift" link instead: the account then shows
    // the plan stopped.
    const found = /https?:\/\/\S+\/manage-gift#\S+/.exec((await mails())[0]!.text);
    expect(found).not.toBeNull();
    const link = new URL(found![0]);
    await page.goto(new URL(`${link.pathname}${link.hash}`, page.url()).toString());
    await hydrated(page);
    await page.getByRole("button", { name: "Hentikan sumbangan ini" }).click();
    await page.getByRole("button", { name: "Ya, hentikan" }).click();
    await expect(page.getByTestId("manage-gift-status")).toHaveText("Dihentikan");
    await lookAtBothWidths(page, testInfo, "instalments-manage-stopped-ms");
    await open(page, `${lang}/profile#account-instalments`);
    const stopped = page.getByTestId("instalment-plan").first();
    await expect(stopped.locator("dd").first()).toHaveText(w.stopped);
    await expect(stopped.getByRole("button", { name: w.stop })).toHaveCount(0);
  }
});
