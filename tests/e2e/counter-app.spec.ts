import { expect, test, type Page } from "@playwright/test";
import { nricOf } from "../support/donations";
import { officerSignedIn } from "./console-officers";
import { checkScreen } from "./helpers";

// Issue 32, the counter app: an approver registers this browser as a mosque's counter device; the
// amil is entered once; with the network gone the device takes two payments, numbering and signing
// each and keeping it on the device; the page reopens with no network (from its service worker) with
// both still waiting; the network returns, they sync once and are received; a receipt checks at
// /verify; once the device is revoked, what it takes is held and the amil sees why. Each screen
// axe-checked, at 375 and 1280 px, in English and Malay.

const summary = (page: Page) => page.getByTestId("counter-summary");

const takePayment = async (
  page: Page,
  fields: { fund: string; amount: string; payer: string; cheque?: string; nric?: string },
) => {
  await page.getByLabel("Fund").selectOption({ label: fields.fund });
  await page.getByLabel("Amount (S$)").fill(fields.amount);
  if (fields.cheque) {
    await page.getByLabel("Cheque", { exact: true }).check();
    await page.getByLabel("Cheque number").fill(fields.cheque);
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
  const page = await officerSignedIn(browser, "approver", "/console");
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

  await page.getByLabel("Amil's name").fill("Ustaz Hafiz");
  await page.getByLabel("Amil's ID").fill("amil-7");
  await page.getByRole("button", { name: "Save amil" }).click();
  await expect(page.getByTestId("counter-amil")).toHaveText("Amil: Ustaz Hafiz (amil-7)");

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
  const first = await takePayment(page, {
    fund: "Zakat fitrah",
    amount: "16",
    payer: "Haji Rahman",
  });
  expect(first.receiptNo).toMatch(/^ZK-D\d{3}-00000001$/);
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
  await expect(summary(page)).toHaveText(
    "2 waiting to be sent, 0 received by the council, 0 held for an officer.",
  );

  // The tab reloads with no network: the page comes from the service worker, the queue is there.
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  await expect(summary(page)).toHaveText(
    "2 waiting to be sent, 0 received by the council, 0 held for an officer.",
  );
  await expect(page.getByTestId("counter-entry")).toHaveCount(2);
  await checkScreen(page, testInfo, "counter-offline-en");
  await page.setViewportSize({ width: 375, height: 900 });
  await checkScreen(page, testInfo, "counter-offline-en-375");
  // The Malay page opens offline too.
  await page.goto("/ms/counter");
  await expect(page.getByRole("heading", { name: "Kaunter masjid" })).toBeVisible();
  await expect(page.getByText(/^2 menunggu dihantar/)).toBeVisible();
  await checkScreen(page, testInfo, "counter-offline-ms-375");
  await page.setViewportSize({ width: 1280, height: 900 });
  await checkScreen(page, testInfo, "counter-offline-ms-1280");
  await page.goto("/counter");

  // The network returns: the queue is sent once and both are received.
  await context.setOffline(false);
  await expect(summary(page)).toHaveText(
    "0 waiting to be sent, 2 received by the council, 0 held for an officer.",
  );
  await expect(page.getByTestId("counter-entry").first()).toContainText("Received by the council");
  // Syncing again sends nothing twice.
  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/counter/syncEntries")) sent.push(request.url());
  });
  await page.getByRole("button", { name: "Sync now" }).click();
  await expect(page.getByTestId("counter-sync-message")).toHaveText("Sent to the council.");
  expect(sent).toEqual([]);
  await checkScreen(page, testInfo, "counter-synced-en");

  // The printed receipt's link checks at /verify, now from the council's record.
  await page.goto(first.verify);
  await expect(page.getByText("Genuine receipt")).toBeVisible();
  await expect(page.getByTestId("verify-result")).toContainText(first.receiptNo);
  await expect(page.getByTestId("verify-result")).toContainText("$16.00");

  // The device is revoked (lost, say): what it takes from then on is held for an officer, and the amil
  // sees why, in both languages.
  await page.goto("/counter");
  await expect(summary(page)).toContainText("2 received by the council");
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
  const third = await takePayment(page, { fund: "Zakat fitrah", amount: "16", payer: "Haji Ali" });
  expect(third.receiptNo).toBe(first.receiptNo.replace(/1$/, "3"));
  await expect(summary(page)).toHaveText(
    "0 waiting to be sent, 2 received by the council, 1 held for an officer.",
  );
  await expect(page.getByTestId("counter-entry").first()).toContainText(
    "Held for an officer: this device was revoked",
  );
  await page.goto("/ms/counter");
  await expect(page.getByTestId("counter-entry").first()).toContainText(
    "Ditahan untuk pegawai: peranti ini telah dibatalkan",
  );
  await checkScreen(page, testInfo, "counter-held-ms");
  await context.close();
});
