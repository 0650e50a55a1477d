import { expect, test, type Page } from "@playwright/test";
import { nricOf } from "../support/donations";
import { officerPassword, officerSignedIn } from "./console-officers";
import { checkScreen, expectCodeCentred, hydrated } from "./helpers";

// Issue 32, the counter app: an approver registers this browser as a mosque's counter device; an
// amil signs in on it online (the console's sign-in, then the council's credential for them on this
// device) and chooses a PIN; with the network gone the device issues five receipts (one payment a
// household of four paying fitrah and fidyah: a receipt per fund, each person named), numbering and
// signing each and keeping it on the device; the tab is closed and reopened with no network (the page
// from its service worker) with all still waiting; the network returns, they sync once and are
// received, and show in the finance dashboard, the console (the receipt naming each person) and at
// /verify; once the device is revoked, what it takes is held and the amil sees why. Each screen
// axe-checked, at 375 and 1280 px, in English and Malay.

const summary = (page: Page) => page.getByTestId("counter-summary");

/** Sign in to the console in this browser as `username` (its sign-in page, the staff directory). */
const consoleSignIn = async (page: Page, username: string) => {
  await page.goto("/console");
  await page
    .getByRole("link", { name: /Sign in with your staff account|Log masuk dengan akaun/ })
    .click();
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(officerPassword(username));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/console$/);
};

/** The amil reopens their session on the device with their PIN. */
const openWithPin = async (page: Page, pin: string) => {
  await page.getByLabel("PIN", { exact: true }).fill(pin);
  await page.getByRole("button", { name: "Open my session" }).click();
};

/** Dollars and cents as the pages write them ("$1,234.50") in cents. */
const centsOf = (text: string) => {
  const amount = /\$([\d,]+)\.(\d{2})/.exec(text);
  return amount ? Number(amount[1]!.replaceAll(",", "")) * 100 + Number(amount[2]) : 0;
};

/** A fund's collections this month on the finance dashboard, in cents (0 before it has any). */
const collected = async (finance: Page, fund: RegExp): Promise<number> => {
  const byFund = finance.getByRole("region", { name: "Collections by fund", exact: true });
  await expect(
    byFund.locator("canvas").or(byFund.getByText("Nothing in this range.")),
  ).toBeVisible();
  const row = byFund.getByRole("row", { name: fund });
  return (await row.count()) === 0 ? 0 : centsOf(await row.innerText());
};

const takePayment = async (
  page: Page,
  fields: {
    fund: string;
    amount: string;
    payer: string;
    cheque?: string;
    nets?: string;
    nric?: string;
  },
) => {
  await page.getByLabel("Fund").selectOption({ label: fields.fund });
  await page.getByLabel("Amount (S$)").fill(fields.amount);
  if (fields.cheque) {
    await page.getByLabel("Cheque", { exact: true }).check();
    await page.getByLabel("Cheque number").fill(fields.cheque);
  }
  if (fields.nets) {
    // The terminal works offline too: the amil keys in the approval code from its slip.
    await page.getByLabel("NETS", { exact: true }).check();
    await page.getByLabel("NETS approval code").fill(fields.nets);
  }
  await page.getByLabel("Payer's name").fill(fields.payer);
  if (fields.nric) await page.getByLabel(/NRIC or FIN/).fill(fields.nric);
  await page.getByRole("button", { name: "Issue receipt" }).click();
  await expect(page.getByRole("heading", { name: "Receipt issued" })).toBeVisible();
  const receiptNo = (await page.getByTestId("counter-receipt-no").textContent()) ?? "";
  const verify = (await page.getByTestId("counter-receipt-verify").getAttribute("href")) ?? "";
  return { receiptNo, verify };
};

test("a counter device takes payments offline, reopens offline, syncs once, and shows what is held", async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  let page = await officerSignedIn(browser, "approver", "/console");
  const context = page.context();

  // Set-up, online, once: the device's key is made here and only its public half is sent.
  await page.goto("/counter");
  await expect(page.getByRole("heading", { name: "Set up this device" })).toBeVisible();
  await checkScreen(page, testInfo, "counter-setup-en");
  await page.getByLabel("Mosque").fill("Masjid Sultan");
  await page.getByLabel("Device name").fill("Counter 1");
  await page.getByRole("button", { name: "Register this device" }).click();
  await expect(page.getByTestId("counter-device")).toContainText(
    /Counter 1 at Masjid Sultan \(device \d+\)/,
  );
  const extractable = await page.evaluate(
    () =>
      new Promise<boolean | undefined>((resolve) => {
        const open = indexedDB.open("portal-counter");
        open.onsuccess = () => {
          const get = open.result.transaction("device").objectStore("device").get("this");
          get.onsuccess = () =>
            resolve((get.result as { keys: CryptoKeyPair }).keys.privateKey.extractable);
        };
      }),
  );
  expect(extractable).toBe(false);

  // The amil signs in online: not signed in to the console, the page says so.
  await page.evaluate(async () => {
    const session = (await (await fetch("/console/api/session")).json()) as {
      data: { csrfToken: string };
    };
    await fetch("/console/sign-out", {
      method: "POST",
      headers: { "x-console-csrf": session.data.csrfToken },
    });
  });
  await page.getByRole("button", { name: "Sign me in on this device" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "You are not signed in to the console in this browser. Sign in first, then come back.",
  );
  await checkScreen(page, testInfo, "counter-amil-en");
  // The console's own sign-in, as the amil (an officer: the role table's counter.record).
  await consoleSignIn(page, "officer");
  await page.goto("/counter");
  await page.getByRole("button", { name: "Sign me in on this device" }).click();
  await expect(page.getByText(/^Signed in as .+ on this device until /)).toBeVisible();
  await page.getByLabel("New PIN (4 to 6 digits)").fill("2468");
  await page.getByLabel("The PIN again").fill("2469");
  await page.getByRole("button", { name: "Keep my PIN" }).click();
  await expect(page.getByRole("alert")).toHaveText("The two PINs are not the same.");
  await checkScreen(page, testInfo, "counter-pin-en");
  await page.getByLabel("The PIN again").fill("2468");
  await page.getByRole("button", { name: "Keep my PIN" }).click();
  await expect(page.getByTestId("counter-amil")).toHaveText(/^Amil: \S.+$/);
  const amilName = ((await page.getByTestId("counter-amil").textContent()) ?? "").slice(6);
  // The PIN is kept only as a salted PBKDF2 hash; the console's session ended (a shared device).
  const kept = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open("portal-counter");
        open.onsuccess = () => {
          const get = open.result.transaction("device").objectStore("device").get("this");
          get.onsuccess = () => resolve(JSON.stringify(get.result));
        };
      }),
  );
  expect(kept).not.toContain("2468");
  expect(JSON.parse(kept)).toMatchObject({
    amils: [{ name: amilName, iterations: 600_000, failures: 0 }],
  });
  expect((await page.request.get("/console/api/session")).status()).toBe(401);

  // The service worker keeps the page and its files, one registration per language's address.
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await navigator.serviceWorker.getRegistrations())
          .filter((registration) => registration.active?.state === "activated")
          .map((registration) => new URL(registration.scope).pathname)
          .sort(),
      ),
    )
    .toEqual(["/counter", "/ms/counter"]);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);

  // No network: two payments, each numbered on the device, in its own series.
  await context.setOffline(true);
  await expect(page.getByText(/^Offline: payments are kept on this device/)).toBeVisible();
  // PayNow needs the network: its choice is disabled and says why.
  await expect(page.getByLabel("PayNow", { exact: true })).toBeDisabled();
  await expect(page.locator("#counter-paynow-hint")).toBeVisible();
  await expect(page.locator("#counter-paynow-hint")).toContainText(
    "PayNow needs the network, and this device is offline",
  );
  const first = await takePayment(page, {
    fund: "Zakat fitrah",
    amount: "16",
    payer: "Haji Rahman",
  });
  expect(first.receiptNo).toMatch(/^ZK-D\d{3}-00000001$/);
  // Its QR code (the verify link) is drawn on the device with no network, ready to print.
  await expect(
    page.getByRole("img", { name: `QR code to verify receipt ${first.receiptNo}` }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Print receipt" })).toBeVisible();
  await checkScreen(page, testInfo, "counter-receipt-en");
  await page.getByRole("button", { name: "New payment" }).click();
  // The counter's rules are checked on the device: a mistyped NRIC is said, nothing is numbered.
  await page.getByLabel("Payer's name").fill("Siti Aminah");
  await page.getByLabel("Amount (S$)").fill("50");
  await page.getByLabel(/NRIC or FIN/).fill("S1234567A");
  await page.getByRole("button", { name: "Issue receipt" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Enter a valid NRIC, FIN or UEN, or leave it empty.",
  );
  const second = await takePayment(page, {
    fund: "Fidyah",
    amount: "50.00",
    payer: "Siti Aminah",
    cheque: "000123",
    nric: nricOf("2345678"),
  });
  expect(second.receiptNo).toBe(first.receiptNo.replace(/1$/, "2"));

  // A household of four: each person named, fitrah at the normal, higher and own rates, fidyah for
  // two of them. A person's problem is said beside their details, and nothing is numbered.
  await page.getByRole("button", { name: "New payment" }).click();
  await page.getByLabel("Fund").selectOption({ label: "A household (name each person)" });
  const people = page.locator(".household-person");
  const person = (n: number) => people.nth(n - 1);
  await person(1).getByLabel("Name (as on the receipt)").fill("Haji Rahman");
  await person(1).getByLabel("Zakat fitrah").selectOption("normal");
  await person(1)
    .getByLabel(/Days of fidyah/)
    .fill("3");
  for (const [n, name, kind] of [
    [2, "Siti Aminah", "premium"],
    [3, "Nur Aisyah", "own"],
    [4, "Adam Rahman", "normal"],
  ] as const) {
    await page.getByRole("button", { name: "Add a person" }).click();
    await expect(person(n).getByLabel("Name (as on the receipt)")).toBeFocused();
    await person(n).getByLabel("Name (as on the receipt)").fill(name);
    await person(n).getByLabel("Zakat fitrah").selectOption(kind);
  }
  await person(3)
    .getByLabel(/Days of fidyah/)
    .fill("7");
  await page.getByLabel("Payer's name").fill("Haji Rahman");
  await page.getByRole("button", { name: "Issue receipt" }).click();
  const ownRate = person(3).getByLabel(/Own rate a person/);
  await expect(ownRate).toBeFocused();
  await expect(ownRate).toHaveAccessibleDescription(/Enter an own rate from \$/);
  await ownRate.fill("7.50");
  const household = centsOf((await page.getByTestId("household-total").textContent()) ?? "");
  await checkScreen(page, testInfo, "counter-household-en");
  await page.getByRole("button", { name: "Issue receipt" }).click();
  await expect(page.getByRole("heading", { name: "2 receipts issued" })).toBeVisible();
  const householdNos = await page.getByTestId("counter-receipt-no").allTextContents();
  expect(householdNos).toEqual([3, 4].map((n) => first.receiptNo.replace(/1$/, String(n))));
  const householdAmounts = await page
    .getByTestId("counter-receipt")
    .locator("[data-receipt-amount]")
    .allTextContents();
  const [householdFitrah, householdFidyah] = householdAmounts.map(centsOf);
  expect(householdFitrah! + householdFidyah!).toBe(household);
  const householdVerify =
    (await page.getByTestId("counter-receipt-verify").first().getAttribute("href")) ?? "";
  await page.getByRole("button", { name: "New payment" }).click();
  const fifth = await takePayment(page, {
    fund: "Zakat harta",
    amount: "100",
    payer: "Haji Ali",
    nets: "004512",
  });
  expect(fifth.receiptNo).toBe(first.receiptNo.replace(/1$/, "5"));
  await expect(summary(page)).toHaveText(
    "5 waiting to be sent, 0 received by the council, 0 held for an officer.",
  );

  // The browser will sync from the service worker when the network returns, page open or not.
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const ready = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
          sync?: { getTags: () => Promise<string[]> };
        };
        return (await ready.sync?.getTags()) ?? [];
      }),
    )
    .toContain("counter-sync");

  // The tab is closed and opened again with no network: the page from the service worker, the five
  // still waiting, and the amil's PIN reopens their session (a wrong one is refused).
  await page.close();
  page = await context.newPage();
  const reopened = await page.goto("/counter");
  expect(reopened?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole("heading", { name: "Take a payment" })).toBeHidden();
  await openWithPin(page, "1357");
  await expect(page.getByRole("alert")).toHaveText(
    "Wrong PIN. 4 tries left before your session is locked.",
  );
  await checkScreen(page, testInfo, "counter-pin-wrong-en");
  await openWithPin(page, "2468");
  await expect(page.getByTestId("counter-amil")).toHaveText(`Amil: ${amilName}`);
  await expect(summary(page)).toHaveText(
    "5 waiting to be sent, 0 received by the council, 0 held for an officer.",
  );
  await expect(page.getByTestId("counter-entry")).toHaveCount(5);
  // Newest first: the harta, then the household's fidyah (two people) and fitrah (four).
  // (One payment's entries share their time: they are listed in the order they were numbered.)
  await expect(page.getByTestId("counter-entry").nth(1)).toContainText("2 people");
  await expect(page.getByTestId("counter-entry").nth(2)).toContainText("4 people");
  await checkScreen(page, testInfo, "counter-offline-en");
  await page.setViewportSize({ width: 375, height: 900 });
  await checkScreen(page, testInfo, "counter-offline-en-375");
  // The Malay page opens offline too.
  await page.goto("/ms/counter");
  await expect(page.getByRole("heading", { name: "Kaunter masjid" })).toBeVisible();
  await expect(page.getByText(/^5 menunggu dihantar/)).toBeVisible();
  await expect(page.locator("#counter-paynow-hint")).toContainText("PayNow memerlukan rangkaian");
  await checkScreen(page, testInfo, "counter-offline-ms-375");
  await page.setViewportSize({ width: 1280, height: 900 });
  await checkScreen(page, testInfo, "counter-offline-ms-1280");
  await page.goto("/counter");

  // The finance dashboard before the device syncs: this month's zakat and fidyah.
  const finance = await officerSignedIn(browser, "finance", "/console/finance");
  const zakatBefore = await collected(finance, /^Zakat/);
  const fidyahBefore = await collected(finance, /^Fidyah/);

  // The network returns: the queue is sent once and all five are received.
  await context.setOffline(false);
  await expect(summary(page)).toHaveText(
    "0 waiting to be sent, 5 received by the council, 0 held for an officer.",
  );
  await expect(page.getByTestId("counter-entry").first()).toContainText("Received by the council");
  // Received: the device keeps the number, fund, amount and status, not the payer's details.
  await expect(page.getByTestId("counter-entry").first()).not.toContainText("Haji Ali");
  const queue = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open("portal-counter");
        open.onsuccess = () => {
          const get = open.result.transaction("queue").objectStore("queue").getAll();
          get.onsuccess = () => resolve(JSON.stringify(get.result));
        };
      }),
  );
  expect(queue).not.toMatch(/Haji Rahman|Siti Aminah|Nur Aisyah|Haji Ali|2345678/);
  expect(JSON.parse(queue)).toHaveLength(5);
  await finance.reload();
  await hydrated(finance);
  await expect
    .poll(() => collected(finance, /^Zakat/))
    .toBe(zakatBefore + 1_600 + householdFitrah! + 10_000);
  expect(await collected(finance, /^Fidyah/)).toBe(fidyahBefore + 5_000 + householdFidyah!);
  await finance.context().close();
  // Syncing again sends nothing twice.
  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/counter/syncEntries")) sent.push(request.url());
  });
  await page.getByRole("button", { name: "Sync now" }).click();
  await expect(page.getByTestId("counter-sync-message")).toHaveText("Sent to the council.");
  expect(sent).toEqual([]);
  await checkScreen(page, testInfo, "counter-synced-en");

  // The printed receipts' links check at /verify, now from the council's record.
  await page.goto(first.verify);
  await expect(page.getByText("Genuine receipt")).toBeVisible();
  await expect(page.getByTestId("verify-result")).toContainText(first.receiptNo);
  await expect(page.getByTestId("verify-result")).toContainText("$16.00");
  await page.goto(householdVerify);
  await expect(page.getByText("Genuine receipt")).toBeVisible();
  await expect(page.getByTestId("verify-result")).toContainText(householdNos[0]!);
  await expect(page.getByTestId("verify-result")).not.toContainText("Nur Aisyah");

  // In the console (the approver signs in again: the amil's sign-in ended the session on this
  // device): the household's fitrah receipt, each person named on it.
  await consoleSignIn(page, "approver");
  await page.goto("/console/donations");
  await page.getByLabel("Receipt number").fill(householdNos[0]!);
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("button", { name: /^Open / }).click();
  await expect(page.getByText("Masjid Sultan")).toBeVisible();
  const receiptPage = await page.context().newPage();
  await receiptPage.goto(
    (await page.getByRole("link", { name: "Open the receipt" }).getAttribute("href")) ?? "",
  );
  for (const text of [
    "For Haji Rahman · Normal",
    "For Siti Aminah · Premium",
    "For Nur Aisyah · Variable",
    "For Adam Rahman · Normal",
  ]) {
    await expect(receiptPage.getByText(text)).toBeVisible();
  }
  await receiptPage.close();

  // The device is revoked (lost, say): what it takes from then on is held for an officer, and the amil
  // sees why, in both languages.
  await page.goto("/counter");
  await expect(summary(page)).toContainText("5 received by the council");
  // A series whose block is used up (the wakaf series, say): the device says so, and the approver,
  // signed in on it, asks the council for a new block continuing the series.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const open = indexedDB.open("portal-counter");
        open.onsuccess = () => {
          const tx = open.result.transaction(["device", "serials"], "readwrite");
          const get = tx.objectStore("device").get("this");
          get.onsuccess = () => {
            const { device } = get.result as { device: { series: string[]; blockTo: number } };
            const wakaf = device.series.find((one) => one.startsWith("WK-"))!;
            tx.objectStore("serials").put(device.blockTo + 1, wakaf);
          };
          tx.oncomplete = () => resolve();
        };
      }),
  );
  await page.reload();
  await expect(page.getByTestId("counter-block")).toHaveText(
    /^This device has used all its receipt numbers in WK-D\d{3}: it cannot issue receipts in it until it gets a new block\.$/,
  );
  await checkScreen(page, testInfo, "counter-block-en");
  await page.getByRole("button", { name: "Ask for a new block" }).click();
  await expect(page.getByTestId("counter-sync-message")).toHaveText(
    "New block given: numbers up to 4000.",
  );
  await expect(page.getByTestId("counter-block")).toBeHidden();
  await openWithPin(page, "2468");
  await expect(page.getByTestId("counter-amil")).toHaveText(`Amil: ${amilName}`);

  // PayNow at the counter (online): the amil's shift is open (in the console), the payer scans the
  // code (its amount and reference beside it), the sandbox bank pays it, and the council's receipt
  // shows, with its verification code. Cancel goes back to the form with what the amil entered.
  const amilConsole = await officerSignedIn(browser, "officer", "/console");
  const shiftOpened = await amilConsole.evaluate(async () => {
    const session = (await (await fetch("/console/api/session")).json()) as {
      data: { csrfToken: string };
    };
    const answer = await fetch("/console/api/counter/shift", {
      method: "POST",
      headers: { "content-type": "application/json", "x-console-csrf": session.data.csrfToken },
      body: JSON.stringify({ mosqueName: "Masjid Sultan", floatCents: 0 }),
    });
    return answer.status;
  });
  expect(shiftOpened).toBe(201);
  await amilConsole.context().close();
  // In Malay (the English screens are the cash, cheque and NETS ones above): the page reopened, the
  // amil's session by their PIN.
  await page.goto("/ms/counter");
  await page.getByLabel("PIN", { exact: true }).fill("2468");
  await page.getByRole("button", { name: "Buka sesi saya" }).click();
  await expect(page.getByTestId("counter-amil")).toHaveText(`Amil: ${amilName}`);
  await page.getByLabel("Dana").selectOption({ label: "Zakat fitrah" });
  await page.getByLabel("Jumlah (S$)").fill("16");
  await page.getByLabel("PayNow", { exact: true }).check();
  await page.getByLabel("Nama pembayar").fill("Haji Salleh");
  await page.getByRole("button", { name: "Keluarkan resit" }).click();
  const payNowCode = page.getByTestId("counter-paynow-qr");
  await expect(payNowCode.locator("svg")).toBeVisible();
  await expect(page.getByTestId("counter-paynow-amount")).toHaveText("$16.00");
  await expect(page.getByTestId("counter-paynow-reference")).toHaveText(/^ZK/);
  await page.getByRole("button", { name: "Batal dan kembali ke borang" }).click();
  await expect(page.getByLabel("Nama pembayar")).toHaveValue("Haji Salleh");
  await expect(page.getByLabel("Jumlah (S$)")).toHaveValue("16");
  // The same payment again (its key): the same code's payment, not a second one.
  await page.getByRole("button", { name: "Keluarkan resit" }).click();
  await expect(payNowCode.locator("svg")).toBeVisible();
  await expectCodeCentred(payNowCode);
  await checkScreen(page, testInfo, "counter-paynow-ms-1280");
  await page.setViewportSize({ width: 375, height: 800 });
  await expectCodeCentred(payNowCode);
  await checkScreen(page, testInfo, "counter-paynow-ms-375");
  const payNowPayload = (await payNowCode.getAttribute("data-payload")) ?? "";
  expect(payNowPayload).not.toBe("");
  const bank = await context.newPage();
  await bank.goto(`/sandbox/paynow-bank#${encodeURIComponent(payNowPayload)}`);
  await bank.getByRole("button", { name: /^Pay/ }).click();
  await expect(bank.getByRole("status")).toContainText("Paid.");
  await bank.close();
  // The page asks every 3 s, as the kiosk does, and shows the receipt once paid.
  await expect(page.getByRole("heading", { name: "Resit dikeluarkan" })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByTestId("counter-receipt-no")).toHaveText(/^ZK-\d{8}$/);
  await expect(page.getByTestId("counter-receipt-code")).toHaveText(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
  await expect(page.getByTestId("counter-receipt")).toContainText("Masjid Sultan");
  await expect(page.getByTestId("counter-receipt").locator("svg")).toBeVisible();
  await checkScreen(page, testInfo, "counter-paynow-receipt-ms-375");
  await page.setViewportSize({ width: 1280, height: 900 });
  await checkScreen(page, testInfo, "counter-paynow-receipt-ms-1280");
  await page.getByRole("button", { name: "Bayaran baharu" }).click();
  await page.goto("/counter");
  await openWithPin(page, "2468");
  await expect(page.getByTestId("counter-amil")).toHaveText(`Amil: ${amilName}`);
  const revoked = await page.evaluate(async () => {
    const deviceId = await new Promise<string>((resolve) => {
      const open = indexedDB.open("portal-counter");
      open.onsuccess = () => {
        const get = open.result.transaction("device").objectStore("device").get("this");
        get.onsuccess = () => resolve((get.result as { device: { id: string } }).device.id);
      };
    });
    const session = (await (await fetch("/console/api/session")).json()) as {
      data: { csrfToken: string };
    };
    const answer = await fetch(`/console/api/counter/devices/${deviceId}?do=revoke`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-console-csrf": session.data.csrfToken },
      body: "{}",
    });
    return answer.status;
  });
  expect(revoked).toBe(200);
  const sixth = await takePayment(page, { fund: "Zakat fitrah", amount: "16", payer: "Haji Ali" });
  expect(sixth.receiptNo).toBe(first.receiptNo.replace(/1$/, "6"));
  await expect(summary(page)).toHaveText(
    "0 waiting to be sent, 5 received by the council, 1 held for an officer.",
  );
  await expect(page.getByTestId("counter-entry").first()).toContainText(
    "Held for an officer: this device was revoked",
  );
  await page.goto("/ms/counter");
  await expect(page.getByTestId("counter-entry").first()).toContainText(
    "Ditahan untuk pegawai: peranti ini telah dibatalkan",
  );
  await checkScreen(page, testInfo, "counter-held-ms");

  // Five wrong PINs lock the amil's session on the device until they sign in online again.
  await page.goto("/counter");
  for (const left of [4, 3, 2, 1]) {
    await openWithPin(page, "0000");
    await expect(page.getByRole("alert")).toHaveText(
      `Wrong PIN. ${left} tries left before your session is locked.`,
    );
  }
  await openWithPin(page, "0000");
  const locked = "Locked after five wrong PINs. Sign in online again to open your session.";
  await expect(page.getByRole("alert")).toHaveText(locked);
  await openWithPin(page, "2468");
  await expect(page.getByRole("alert")).toHaveText(locked);
  await expect(page.getByTestId("counter-amil")).toBeHidden();
  await context.close();
});
