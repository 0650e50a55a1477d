import { expect, test, type BrowserContext, type Page, type Request } from "@playwright/test";
import {
  callsTo,
  expectNoAxeViolations,
  hydrated,
  keepScreenshot,
  lookAtBothWidths,
  open,
  paymentCalls,
} from "./helpers";
import { idToken, signedInDonor } from "./donor-account";
import { ownAddress } from "./identity";
import { nricOf as nric } from "../support/donations";

test.use(ownAddress("household-order"));

// Issue 33's last piece (docs/households.md "One payment across funds"): at the zakat checkout a
// signed-in donor's household carries days of fidyah beside fitrah; one press of Pay makes the order
// (createOrder: one donation per fund) and confirms each with the card entered once; the thank-you
// page lists both receipts. A second charge that fails leaves the first paid and is tried again alone.

const nextYear2 = String(new Date().getFullYear() + 2);
const fillCard = async (page: Page, number: string) => {
  await page.getByTestId("card-number").fill(number);
  await page.getByTestId("card-month").selectOption("12");
  await page.getByTestId("card-year").selectOption(nextYear2);
  await page.getByTestId("card-cvc").fill("123");
};

/** Hamidah signed in, keeping herself and her child Nur Iman in her account's household. */
const withHousehold = async (page: Page, email: string, id: string) => {
  await signedInDonor(page, email, id, "Hamidah binte Ali");
  const authorization = `Bearer ${await idToken(page)}`;
  for (const [name, relation] of [
    ["Hamidah binte Ali", "self"],
    ["Nur Iman", "child"],
  ]) {
    const kept = await page.request.post("/svc/donor/api/User/saveHouseholdMember", {
      headers: { authorization },
      data: { name, relation },
    });
    expect(kept.status(), await kept.text()).toBe(200);
  }
};

/**
 * From the calculator ($11,500 of savings: $287.50 of zakat harta) to its checkout, and the two kept
 * people added to the household form: fitrah for both, three days of fidyah for the second.
 */
const householdOrder = async (
  page: Page,
  ms: boolean,
  card: string | null = "4242 4242 4242 4242",
) => {
  await open(page, ms ? "/ms/calculator" : "/calculator");
  const savings = page.getByRole("group", { name: ms ? /Simpanan/ : "Savings" });
  await savings.getByRole("group").first().getByRole("textbox").first().fill("11500");
  await page
    .getByRole("link", { name: ms ? /bayar/i : /pay/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/checkout\?flow=zakat$/i);
  await hydrated(page);
  await expect(page.getByTestId("checkout-total")).toHaveText("$287.50");
  await page.getByTestId("household-toggle").check();
  const chooser = page.getByRole("group", {
    name: ms
      ? "Daripada isi rumah saya (disimpan dalam akaun saya)"
      : "From my household (kept in my account)",
  });
  await chooser.getByRole("checkbox", { name: /^Hamidah binte Ali/ }).check();
  await chooser.getByRole("checkbox", { name: /^Nur Iman/ }).check();
  await chooser
    .getByRole("button", { name: ms ? "Tambah orang yang ditanda" : "Add the people ticked" })
    .click();
  const named = page.locator(".household-person");
  await expect(named).toHaveCount(2);
  await expect(page.getByTestId("checkout-total")).toHaveText("$297.50");
  await named
    .nth(1)
    .getByLabel(/fidyah/i)
    .fill("3");
  await expect(page.getByTestId("order-zakat-total")).toHaveText("$297.50");
  await expect(page.getByTestId("order-fidyah-total")).toHaveText("$12.00");
  await expect(page.getByTestId("checkout-total")).toHaveText("$309.50");
  await expect(page.getByTestId("order-statement")).toContainText(
    ms ? "satu caj bagi setiap dana" : "one charge per fund",
  );
  // An order is paid by card (a confirmation per fund) or PayNow (a code per fund), no wallet.
  await expect(page.getByTestId("method-paynow")).toBeVisible();
  await expect(page.getByTestId("method-google_pay")).toHaveCount(0);
  if (card !== null) await fillCard(page, card);
};

/** The thank-you page with both funds paid, in the page's language. */
const expectBothPaid = async (page: Page, ms: boolean) => {
  const done = page.getByTestId("checkout-done");
  await expect(done).toBeVisible({ timeout: 20_000 });
  const paid = ms ? "telah dibayar" : "paid";
  await expect(done.getByTestId("order-part-ZAKAT")).toContainText(`Zakat: ${paid}, $297.50`);
  await expect(done.getByTestId("order-part-FIDYAH")).toContainText(`Fidyah: ${paid}, $12.00`);
  return done;
};

/** One order; each fund confirmed once, both with the one card. */
const expectOneCardEach = (calls: ReadonlyArray<Request>) => {
  const confirms = callsTo(calls, "confirm").map((r) => r.postDataJSON() as Record<string, string>);
  expect(confirms).toHaveLength(2);
  expect(confirms[0]?.["donationId"]).not.toBe(confirms[1]?.["donationId"]);
  expect(confirms[0]?.["paymentMethodId"]).toBe(confirms[1]?.["paymentMethodId"]);
  expect(callsTo(calls, "createOrder")).toHaveLength(1);
};

/** One order; the zakat confirmed once, the fidyah twice (its first try failed, the second alone). */
const expectFidyahAgainAlone = (calls: ReadonlyArray<Request>) => {
  const ids = callsTo(calls, "confirm").map(
    (r) => (r.postDataJSON() as { donationId: string }).donationId,
  );
  expect(ids).toHaveLength(3);
  expect(ids[2]).toBe(ids[1]);
  expect(ids[0]).not.toBe(ids[1]);
  expect(callsTo(calls, "createOrder")).toHaveLength(1);
};

test("a household's fitrah and fidyah in one Pay: two receipts; a failed second charge is paid again alone", async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await withHousehold(page, "hamidah.order@example.sg", nric("9600043"));

  // In English on a wide screen: one Pay, one order, each fund confirmed with the one card.
  await page.setViewportSize({ width: 1280, height: 900 });
  await householdOrder(page, false);
  await lookAtBothWidths(page, testInfo, "household-order-summary-en");
  const calls = paymentCalls(page);
  await page.getByTestId("checkout-pay").dblclick();
  const done = await expectBothPaid(page, false);
  await expect(done.getByTestId("transaction-no")).toHaveCount(2);
  await expect(done.getByTestId("receipt-link")).toHaveText([
    "View the Zakat receipt",
    "View the Fidyah receipt",
  ]);
  // One order (a double click too), its parts as the server prices them, one card for both.
  const made = callsTo(calls, "createOrder");
  expect(new Set(made.map((r) => r.headers()["idempotency-key"])).size).toBe(1);
  expect(made[0]?.postDataJSON()).toMatchObject({
    parts: [
      {
        flow: "ZAKAT",
        totalCents: 29_750,
        items: {
          household: [
            { name: "Hamidah binte Ali", fitrah: "normal" },
            { name: "Nur Iman", fitrah: "normal" },
          ],
        },
      },
      {
        flow: "FIDYAH",
        totalCents: 1_200,
        items: { household: [{ name: "Nur Iman", fidyahDays: 3 }] },
      },
    ],
  });
  expectOneCardEach(calls);
  await lookAtBothWidths(page, testInfo, "household-order-done-en");

  // In Malay on a phone: the second charge fails (a declined card stands in for any failure after
  // the first, as in the integration test); the page says which fund is paid, and Pay again pays the
  // fidyah alone.
  await page.setViewportSize({ width: 375, height: 800 });
  await householdOrder(page, true);
  await keepScreenshot(page, testInfo, "household-order-summary-ms-375");
  const declined = await page.request.post("/sandbox/v1/payment_methods", {
    data: { number: "4000000000000002", expMonth: 12, expYear: 2040, cvc: "123" },
  });
  const declinedId = ((await declined.json()) as { id: string }).id;
  let confirmed = 0;
  await page.route("**/svc/payment/v1/donations/confirm", async (route) => {
    confirmed += 1;
    const body = route.request().postDataJSON() as Record<string, unknown>;
    await route.continue(
      confirmed === 2
        ? { postData: JSON.stringify({ ...body, paymentMethodId: declinedId }) }
        : undefined,
    );
  });
  const again = paymentCalls(page);
  await page.getByTestId("checkout-pay").click();
  const progress = page.getByTestId("order-progress");
  await expect(progress.getByTestId("order-part-ZAKAT")).toContainText("Zakat: telah dibayar");
  await expect(progress.getByTestId("order-part-ZAKAT").getByTestId("receipt-link")).toBeVisible();
  await expect(progress.getByTestId("order-part-FIDYAH")).toContainText("Fidyah: belum dibayar");
  await expect(page.getByTestId("checkout-problem")).toContainText(
    "Zakat anda telah dibayar (resitnya di bawah). Bayaran Fidyah tidak berjaya",
  );
  // The order stands as made: its household form is put away until the rest is paid.
  await expect(page.getByTestId("household-toggle")).toBeHidden();
  await expect(page.getByTestId("checkout-pay")).toContainText("$12.00");
  // The tab keeps the order to pay the rest (its key and a digest), none of its people or donor.
  const kept = await page.evaluate(() => sessionStorage.getItem("portal.checkout.order"));
  expect(kept).toMatch(/"body":"[0-9a-f]{64}"/);
  for (const detail of ["hamidah.order@example.sg", "Hamidah", "Nur Iman", "fidyahDays"]) {
    expect(kept).not.toContain(detail);
  }
  await lookAtBothWidths(page, testInfo, "household-order-second-failed-ms");
  await page.setViewportSize({ width: 375, height: 800 });
  await page.unroute("**/svc/payment/v1/donations/confirm");
  await page.getByTestId("checkout-pay").click();
  await expectBothPaid(page, true);
  // The zakat was confirmed once, the fidyah twice (declined, then paid); one order made.
  expectFidyahAgainAlone(again);
  await expectNoAxeViolations(page);
  await lookAtBothWidths(page, testInfo, "household-order-done-ms");
  // The fidyah receipt names the person and her days.
  await done.getByTestId("receipt-link").nth(1).click();
  await hydrated(page);
  await expect(page.locator("article.receipt-sheet table.receipt-table tbody tr")).toContainText([
    /Untuk Nur Iman · 3 .*\$12\.00/,
  ]);
});

test("a card its bank checks pays the order: each fund's check in turn, the order resumed after leaving the page, a check given up or failed leaving the paid part paid", async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await withHousehold(page, "hamidah.checked@example.sg", nric("9600051"));
  const bank = page.frameLocator('[data-testid="challenge-frame"]');
  const approve = () => bank.getByRole("button", { name: /Approve the payment/ }).click();

  // In English on a phone: the zakat's check, then the fidyah's with the same card.
  await page.setViewportSize({ width: 375, height: 800 });
  await householdOrder(page, false);
  await fillCard(page, "4000 0027 6000 3184");
  const calls = paymentCalls(page);
  await page.getByTestId("checkout-pay").click();
  const dialog = page.getByRole("dialog", { name: "Verify with your bank" });
  await expect(dialog).toBeVisible();
  // The first check given up (Escape), nothing paid: nothing charged, the entries kept, and the
  // next Pay makes the order anew (the abandoned zakat donation waits on a check no one can reach).
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId("checkout-problem")).toHaveText(
    "You cancelled the bank's verification. Nothing was charged; you can pay again or choose another way to pay.",
  );
  await expect(page.locator(".household-person")).toHaveCount(2);
  await expect(page.getByTestId("checkout-total")).toHaveText("$309.50");
  await page.getByTestId("checkout-pay").click();
  await expect(dialog).toBeVisible();
  await approve();
  await expect.poll(() => callsTo(calls, "confirm").length).toBe(3);
  await expect(dialog).toBeVisible();
  // While the check waits the tab keeps the parts and the card's token to pay the rest after it,
  // none of the people or the donor.
  const waiting = await page.evaluate(() => sessionStorage.getItem("portal.checkout.order"));
  expect(waiting).toMatch(/"card":"[^"]+"/);
  for (const detail of ["hamidah.checked@example.sg", "Nur Iman", "4000", "3184"]) {
    expect(waiting).not.toContain(detail);
  }
  // The page is loaded again mid-check (as Stripe's bank page sends the donor back): the order is
  // taken up from the tab, the zakat shown paid and the fidyah's check opened again.
  await page.reload();
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId("order-progress").getByTestId("order-part-ZAKAT")).toContainText(
    "Zakat: paid, $297.50",
  );
  await approve();
  await expectBothPaid(page, false);
  // Two orders made (the first given up), the second's funds each confirmed once with one card.
  const made = callsTo(calls, "createOrder").map((r) => r.headers()["idempotency-key"]);
  expect(made).toHaveLength(2);
  expect(made[0]).not.toBe(made[1]);
  expectOneCardEach(calls.slice(calls.indexOf(callsTo(calls, "createOrder")[1]!)));
  // Paid in full: the tab keeps nothing of the order (no card token left behind).
  expect(await page.evaluate(() => sessionStorage.getItem("portal.checkout.order"))).toBeNull();
  await keepScreenshot(page, testInfo, "household-order-checked-done-en-375");

  // In Malay on a wide screen: the fidyah's check given up, then opened again and failed; another card
  // pays the fidyah alone.
  await page.setViewportSize({ width: 1280, height: 900 });
  await householdOrder(page, true);
  await fillCard(page, "4000 0027 6000 3184");
  const again = paymentCalls(page);
  await page.getByTestId("checkout-pay").click();
  const semak = page.getByRole("dialog", { name: "Sahkan dengan bank anda" });
  await expect(semak).toBeVisible();
  await approve();
  await expect.poll(() => callsTo(again, "confirm").length).toBe(2);
  await expect(semak).toBeVisible();
  await semak.getByRole("button", { name: "Batalkan pengesahan" }).click();
  await expect(semak).toHaveCount(0);
  // Given up, the card's token is let go: a later visit does not take the order up again.
  expect(await page.evaluate(() => sessionStorage.getItem("portal.checkout.order"))).not.toContain(
    '"card"',
  );
  const progress = page.getByTestId("order-progress");
  await expect(progress.getByTestId("order-part-ZAKAT")).toContainText("Zakat: telah dibayar");
  await expect(progress.getByTestId("order-part-FIDYAH")).toContainText("Fidyah: belum dibayar");
  await expect(page.getByTestId("checkout-problem")).toHaveText(
    "Zakat anda telah dibayar (resitnya di bawah). Pengesahan bank bagi bayaran Fidyah tidak selesai, dan tiada caj dikenakan untuknya: tekan Bayar untuk membuka pengesahan itu semula.",
  );
  await expect(page.getByTestId("checkout-pay")).toContainText("$12.00");
  await lookAtBothWidths(page, testInfo, "household-order-check-left-ms");
  await page.setViewportSize({ width: 1280, height: 900 });
  // Pay opens the same check again (the fidyah is not confirmed a second time while it waits).
  await page.getByTestId("checkout-pay").click();
  await expect(semak).toBeVisible();
  expect(callsTo(again, "confirm")).toHaveLength(2);
  await bank.getByRole("button", { name: /Fail the verification/ }).click();
  await expect(semak).toHaveCount(0);
  await expect(page.getByTestId("checkout-problem")).toContainText(
    "Zakat anda telah dibayar (resitnya di bawah). Bayaran Fidyah tidak berjaya",
  );
  await fillCard(page, "4242 4242 4242 4242");
  await page.getByTestId("checkout-pay").click();
  await expectBothPaid(page, true);
  // The zakat confirmed once; the fidyah with the checked card, then (its check failed) the other.
  expectFidyahAgainAlone(again);
  await lookAtBothWidths(page, testInfo, "household-order-checked-done-ms");
});

/** Pays the PayNow code the page shows from the sandbox's payer's bank, in a page of its own. */
const payCodeShown = async (page: Page, context: BrowserContext) => {
  const href = (await page.getByTestId("paynow-sandbox-bank").getAttribute("href")) ?? "";
  const bank = await context.newPage();
  await bank.goto(href);
  await bank.getByRole("button", { name: /^Pay/ }).click();
  await expect(bank.getByRole("status")).toContainText("Paid.");
  await bank.close();
};

test("a household's order by PayNow: a code per fund in turn, taken up again after a reload in Malay, two receipts", async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(180_000);
  await withHousehold(page, "hamidah.paynow@example.sg", nric("9600068"));
  await page.setViewportSize({ width: 1280, height: 900 });
  await householdOrder(page, false);
  await page.getByTestId("method-paynow").check();
  const calls = paymentCalls(page);
  await page.getByTestId("checkout-pay").click();
  // The zakat's code first, for the zakat's amount.
  await expect(page.getByTestId("paynow-step")).toHaveText(
    "Code 1 of 2: Zakat. Each fund has its own code and its own receipt.",
  );
  await expect(page.getByTestId("paynow")).toContainText("$297.50");
  await expect(page.getByTestId("paynow-qr").locator("svg")).toBeVisible();
  await lookAtBothWidths(page, testInfo, "household-order-paynow-1-en");
  await payCodeShown(page, context);
  // Seen paid (the page polls the portal's records): the fidyah's code, for the fidyah's amount.
  await expect(page.getByTestId("paynow-step")).toHaveText(
    "Code 2 of 2: Fidyah. Each fund has its own code and its own receipt.",
    { timeout: 15_000 },
  );
  await expect(page.getByTestId("paynow")).toContainText("$12.00");
  // The page opened again in Malay: the order is taken up from the tab at its fidyah's code.
  await page.goto("/ms/checkout?flow=zakat");
  const step = page.getByTestId("paynow-step");
  await expect(step).toHaveText(
    "Kod 2 daripada 2: Fidyah. Setiap dana mempunyai kod dan resitnya sendiri.",
  );
  await expect(page.getByTestId("paynow-qr").locator("svg")).toBeVisible();
  await lookAtBothWidths(page, testInfo, "household-order-paynow-2-ms");
  await payCodeShown(page, context);
  const done = await expectBothPaid(page, true);
  await expect(done).toContainText("Dibayar dengan PayNow");
  await expect(done.getByTestId("receipt-link")).toHaveCount(2);
  // One order; a code asked for each fund, none confirmed by card.
  expect(callsTo(calls, "createOrder")).toHaveLength(1);
  expect(callsTo(calls, "confirm")).toHaveLength(0);
  expect(await page.evaluate(() => sessionStorage.getItem("portal.checkout.order"))).toBeNull();
  await lookAtBothWidths(page, testInfo, "household-order-paynow-done-ms");
});

/**
 * The page as it runs on Stripe, whose bank's check is a page of its own the donor leaves for and
 * comes back from (/checkout?return=3ds), not the sandbox's frame. Stripe cannot be reached from the
 * tests, so its part in the browser is stood in for: the portal's payment configuration answers
 * `stripe`, and a stand-in `Stripe` object (Stripe.js's card field and `createPaymentMethod`) gives
 * the sandbox's payment method of a card its bank checks. What is tested is the page's own way:
 * leaving for the check, taking the order up on the way back, paying the rest with the kept card and
 * leaving again for the next part's check, and a check the donor came back from unfinished.
 */
test("on Stripe the bank's check is a page away: the order is taken up on the way back, each fund's check in turn", async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await withHousehold(page, "hamidah.stripe@example.sg", nric("9600076"));
  await page.route("**/svc/payment/v1/paymentConfiguration", async (route) => {
    const answer = (await (await route.fetch()).json()) as { data: Record<string, unknown> };
    await route.fulfill({
      json: { ...answer, data: { ...answer.data, gateway: "stripe", publishableKey: "pk_test_x" } },
    });
  });
  await page.addInitScript(() => {
    const card = { mount: () => {}, destroy: () => {}, on: () => {} };
    (window as unknown as { Stripe: unknown }).Stripe = () => ({
      elements: () => ({ create: () => card }),
      createPaymentMethod: async () => {
        const made = await fetch("/sandbox/v1/payment_methods", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            number: "4000002760003184",
            expMonth: 12,
            expYear: 2040,
            cvc: "123",
          }),
        });
        return { paymentMethod: { id: ((await made.json()) as { id: string }).id } };
      },
    });
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await householdOrder(page, false, null);
  // Stripe's card field stands where the sandbox's fields were.
  await expect(page.getByTestId("stripe-card")).toBeAttached();
  await expect(page.getByTestId("card-number")).toHaveCount(0);
  const calls = paymentCalls(page);
  const approve = async () => {
    await page.getByRole("button", { name: /Approve the payment/ }).click();
    await expect(page.getByText("Done. You can return to the payment.")).toBeVisible();
    // Stripe sends the donor back to the checkout.
    await page.goto("/checkout?return=3ds");
  };
  // Pay: the page leaves for the zakat's check.
  await page.getByTestId("checkout-pay").click();
  await page.waitForURL(/\/sandbox\/3ds\?/);
  await approve();
  // Back: the zakat paid, the fidyah confirmed with the kept card by itself, and off to its check.
  await page.waitForURL(/\/sandbox\/3ds\?/);
  // The donor comes back without finishing it: the page says so and opens nothing by itself.
  await page.goto("/checkout?return=3ds");
  await expect(page.getByTestId("checkout-problem")).toHaveText(
    "Your Zakat is paid (its receipt is below). The bank's check of the Fidyah payment was not finished, and nothing was charged for it: press Pay to open the check again.",
  );
  await expect(page.getByTestId("order-progress").getByTestId("order-part-ZAKAT")).toContainText(
    "Zakat: paid, $297.50",
  );
  // Still an order (its household form gone with the page): card or PayNow, no wallet, one time.
  await expect(page.getByTestId("method-paynow")).toBeVisible();
  await expect(page.getByTestId("method-google_pay")).toHaveCount(0);
  await expect(page.getByTestId("checkout-pay")).toHaveText("Pay $12.00");
  await keepScreenshot(page, testInfo, "household-order-stripe-check-left-1280");
  // Pay leaves for the same check again (the fidyah is not confirmed a second time).
  await page.getByTestId("checkout-pay").click();
  await page.waitForURL(/\/sandbox\/3ds\?/);
  await approve();
  await expectBothPaid(page, false);
  // Each fund confirmed once, with the one card; one order.
  expectOneCardEach(calls);
  expect(await page.evaluate(() => sessionStorage.getItem("portal.checkout.order"))).toBeNull();
});
