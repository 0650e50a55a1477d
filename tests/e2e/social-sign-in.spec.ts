import { expect, test, type Page } from "@playwright/test";
import { ownAddress } from "./identity";
import {
  expectNoAxeViolations,
  expectNoOverflow,
  hydrated,
  keepScreenshot,
  onWakafHost,
  open,
} from "./helpers";
import { nricOf as nric } from "../support/donations";
import { OAUTH_DOMAIN, token, withSocialProviders } from "./social-providers";

test.use(ownAddress("social-sign-in"));

// Social sign-in (spec §4) with no real Google or Facebook: the pool's hosted-UI domain is routed to the
// portal's test-only stand-in (packages/standins/src/identity/fake-social.ts), which makes the federated
// account in cognito-local and hands its tokens over by the code exchange with PKCE. Amplify's redirect
// and return, the layer, and the portal's calls and checks are the real ones. The portal is configured
// for social sign-in through `/auth/config`, answered here with an OAuth domain added, so the other
// journeys keep seeing social sign-in "not set up".

const dialog = (page: Page) => page.getByRole("dialog");

/** At the stand-in's page: the account the provider vouches for. */
const providerVouches = async (page: Page, provider: string, email: string, name: string) => {
  await expect(page.getByRole("heading", { name: provider })).toBeVisible();
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Name").fill(name);
  await page.getByRole("button", { name: "Continue" }).click();
};

/** Sign up with a provider: the NRIC-only step, then the provider. */
const socialSignUp = async (page: Page, provider: "Google" | "Facebook", id: string) => {
  await page.getByRole("button", { name: "Sign in" }).first().click();
  await dialog(page).getByRole("button", { name: "Sign up" }).click();
  await dialog(page)
    .getByRole("button", { name: `Continue with ${provider}` })
    .click();
  await expect(dialog(page).getByRole("heading", { name: "Enter your NRIC/FIN" })).toBeVisible();
  await dialog(page).getByLabel("NRIC/FIN").fill(id);
  await dialog(page).getByRole("checkbox", { name: "I agree to the terms and conditions" }).check();
  await dialog(page).getByRole("button", { name: "Continue" }).click();
};

/** Whether the pool still holds the account a provider identity was given (asked of the stand-in). */
const poolAccountExists = async (page: Page, provider: string, email: string) => {
  const response = await page.request.get(
    `/__test/oauth2/account?provider=${provider}&email=${encodeURIComponent(email)}`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  return ((await response.json()) as { exists: boolean }).exists;
};

/** The page's answer, asked again when the page moved on meanwhile (the after-login navigation). */
const settled = async <T>(page: Page, ask: () => Promise<T>): Promise<T> => {
  for (let attempt = 0; ; attempt++) {
    try {
      await page.waitForLoadState();
      return await ask();
    } catch (error) {
      if (attempt > 5 || !String(error).includes("context was destroyed")) throw error;
    }
  }
};

/**
 * Watches for the NRIC (as typed, upper-cased, or base64 as the spec's uniqueUserId) anywhere in the
 * browser at any point: every write to session or local storage, the storages' whole contents at each
 * page load, every 100 ms and when a page is left, and every address a page shows. What it finds is
 * reported to the test through a binding, which outlives the page's navigations.
 */
const watchForNric = async (page: Page, id: string): Promise<string[]> => {
  const found: string[] = [];
  await page.exposeBinding("__portalNricSeen", (_source, where: string) => void found.push(where));
  await page.addInitScript(
    (forms: string[]) => {
      const report = (where: string) =>
        (window as unknown as { __portalNricSeen: (where: string) => void }).__portalNricSeen(
          where,
        );
      const has = (text: string) => forms.some((form) => text.includes(form));
      const scan = (when: string) => {
        for (const [name, store] of [
          ["sessionStorage", sessionStorage],
          ["localStorage", localStorage],
        ] as const) {
          for (let i = 0; i < store.length; i++) {
            const key = store.key(i) ?? "";
            if (has(key) || has(store.getItem(key) ?? "")) report(`${name} ${key} (${when})`);
          }
        }
        if (has(location.href) || has(decodeURIComponent(location.href))) {
          report(`address ${location.href} (${when})`);
        }
      };
      const setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key: string, value: string) {
        if (has(key) || has(String(value))) report(`written to storage: ${key}`);
        setItem.call(this, key, value);
      };
      scan("load");
      setInterval(() => scan("while open"), 100);
      addEventListener("pagehide", () => scan("leaving"));
    },
    [id, id.toLowerCase(), Buffer.from(id).toString("base64")],
  );
  return found;
};

/** Whether the portal holds an NRIC for this browser's guest session (its cookie; never the NRIC). */
const nricHeld = async (page: Page) => {
  const response = await page.request.post("/svc/donor/api/User/socialNricHeld", { data: {} });
  return ((await response.json()) as { data: { held: boolean } }).data.held;
};

/** The portal's own record of the signed-in account (getSignInUserDetails with its ID token). */
const portalDetails = (page: Page) =>
  settled(page, () =>
    page.evaluate(async () => {
      const key = Object.keys(sessionStorage).find((k) => k.endsWith(".idToken"));
      const idToken = key ? sessionStorage.getItem(key) : null;
      if (!idToken) return null;
      const response = await fetch("/svc/main/User/getSignInUserDetails", {
        method: "POST",
        headers: { authorization: `Bearer ${idToken}`, "content-type": "application/json" },
        body: "{}",
      });
      return (await response.json()) as { status: number; data: { nric: string; email: string } };
    }),
  );

test.describe("social sign-in", () => {
  test("the NRIC step asks for agreement to the terms in Malay, and sends nothing without it", async ({
    page,
    baseURL,
  }, testInfo) => {
    await withSocialProviders(page, baseURL ?? "");
    await open(page, "/ms/");
    await page.getByRole("button", { name: "Log masuk" }).first().click();
    await dialog(page).getByRole("button", { name: "Daftar" }).click();
    await dialog(page).getByRole("button", { name: "Teruskan dengan Google" }).click();
    await expect(
      dialog(page).getByRole("heading", { name: "Masukkan NRIC/FIN anda" }),
    ).toBeVisible();
    await dialog(page).getByLabel("NRIC/FIN").fill(nric("7070808"));
    const held = page.waitForRequest(/holdSocialNric/, { timeout: 1_000 }).catch(() => null);
    await dialog(page).getByRole("button", { name: "Teruskan" }).click();
    const terms = dialog(page).getByRole("checkbox", {
      name: "Saya bersetuju dengan terma dan syarat",
    });
    await expect(terms).toHaveAccessibleDescription("Sila bersetuju dengan terma dan syarat kami");
    await expect(terms).toBeFocused();
    expect(await held).toBeNull();
    await expectNoAxeViolations(page);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await expectNoOverflow(page);
      await keepScreenshot(page, testInfo, `social-nric-step-terms-ms-${width}`);
    }
  });

  test("signing up with Google asks for the NRIC first, and the donor comes back registered and signed in", async ({
    page,
    baseURL,
  }, testInfo) => {
    const urls = await withSocialProviders(page, baseURL ?? "");
    const id = nric("7070707");
    const seen = await watchForNric(page, id);
    const bodies: Array<{ url: string; body: string }> = [];
    page.on("request", (request) =>
      bodies.push({ url: request.url(), body: request.postData() ?? "" }),
    );
    await open(page, "/");
    await page.getByRole("button", { name: "Sign in" }).first().click();
    await dialog(page).getByRole("button", { name: "Sign up" }).click();
    await dialog(page).getByRole("button", { name: "Continue with Google" }).click();

    // §5's NRIC-only popup: uppercase, Continue disabled until valid, Enter does nothing, errors clear.
    await expect(dialog(page).getByRole("heading", { name: "Enter your NRIC/FIN" })).toBeVisible();
    const field = dialog(page).getByLabel("NRIC/FIN");
    const next = dialog(page).getByRole("button", { name: "Continue" });
    await expect(next).toBeDisabled();
    await field.fill("s123");
    await expect(field).toHaveValue("S123");
    await field.blur();
    await expect(dialog(page).getByText("Enter Valid NRIC/FIN")).toBeVisible();
    await field.press("1");
    await expect(dialog(page).getByText("Enter Valid NRIC/FIN")).toBeHidden();
    await field.fill("");
    await field.blur();
    await expect(dialog(page).getByText("Please Enter NRIC/FIN")).toBeVisible();
    await field.fill(id.toLowerCase());
    await expect(next).toBeEnabled();
    await field.press("Enter");
    await expect(page).toHaveURL(/^http:\/\/localhost/);
    await expectNoAxeViolations(page);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await expectNoOverflow(page);
      await keepScreenshot(page, testInfo, `social-nric-step-${width}`);
    }
    // Spec §5: the donor agrees to the terms here too; without it, its message, and nothing is sent.
    const terms = dialog(page).getByRole("checkbox", {
      name: "I agree to the terms and conditions",
    });
    await next.click();
    await expect(terms).toHaveAccessibleDescription("Please Agree to our terms and conditions");
    await expect(terms).toBeFocused();
    expect(await nricHeld(page)).toBe(false);
    await expectNoAxeViolations(page);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await expectNoOverflow(page);
      await keepScreenshot(page, testInfo, `social-nric-step-terms-${width}`);
    }
    await terms.check();
    await next.click();

    // At the provider: the portal holds the NRIC for this browser's guest session; the page has none.
    await expect(page.getByRole("heading", { name: "Google" })).toBeVisible();
    expect(await nricHeld(page)).toBe(true);
    await providerVouches(page, "Google", "social.nur@example.sg", "Nur Sosial");
    // Registered with the portal (the header's name comes from the provider's token alone).
    await expect.poll(async () => (await portalDetails(page))?.status, { timeout: 15_000 }).toBe(1);
    await expect(page.locator("[data-auth-name]")).toHaveText("Nur Sosial");
    await expect(dialog(page)).toBeHidden();
    const details = await portalDetails(page);
    expect(details?.data.email).toBe("social.nur@example.sg");
    expect(details?.data.nric.endsWith(id.slice(-4))).toBe(true);
    expect(details?.data.nric).not.toContain(id.slice(0, 5));
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await expectNoOverflow(page);
      await keepScreenshot(page, testInfo, `social-return-${width}`);
    }
    // The NRIC crossed the redirect on the server only, and was taken out there once used: it was at
    // no point in the browser's storage or in an address, and went out in one request only, to the
    // portal that holds it.
    expect(await nricHeld(page)).toBe(false);
    expect(seen).toEqual([]);
    expect(urls.filter((url) => url.toUpperCase().includes(id))).toEqual([]);
    const carried = bodies.filter(({ body }) =>
      [id, id.toLowerCase(), Buffer.from(id).toString("base64")].some((form) =>
        body.includes(form),
      ),
    );
    expect(carried.map(({ url }) => new URL(url).pathname)).toEqual([
      "/svc/donor/api/User/holdSocialNric",
    ]);
    expect(
      await settled(page, () =>
        page.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage })),
      ),
    ).not.toContain(id.slice(1, 8));
  });

  test("an NRIC no longer held when the donor comes back (expired) counts as none: unauthorised", async ({
    page,
    baseURL,
  }) => {
    await withSocialProviders(page, baseURL ?? "");
    const id = nric("9209001");
    const seen = await watchForNric(page, id);
    await open(page, "/");
    await socialSignUp(page, "Google", id);
    await expect(page.getByRole("heading", { name: "Google" })).toBeVisible();
    expect(await nricHeld(page)).toBe(true);
    // The 15 minutes pass at the provider (expiry itself: tests/integration/social-nric.test.ts).
    await page.request.post("/svc/donor/api/User/forgetSocialNric", { data: {} });
    await providerVouches(page, "Google", "social.late@example.sg", "Lambat Sosial");
    await expect.poll(() => portalDetails(page)).toBeNull();
    await expect(dialog(page).getByRole("heading", { name: "Unauthorised account" })).toBeVisible();
    // The account is deleted after the popup shows (social-return.ts): wait for it.
    await expect
      .poll(() => poolAccountExists(page, "Google", "social.late@example.sg"))
      .toBe(false);
    expect(seen).toEqual([]);
  });

  test("a social sign-in without an NRIC is refused as unauthorised and its new account removed", async ({
    page,
    baseURL,
  }, testInfo) => {
    await withSocialProviders(page, baseURL ?? "");
    await open(page, "/");
    await page.getByRole("button", { name: "Sign in" }).first().click();
    await dialog(page).getByRole("button", { name: "Continue with Facebook" }).click();
    await providerVouches(page, "Facebook", "social.stranger@example.sg", "Orang Asing");
    await expect.poll(() => portalDetails(page)).toBeNull();
    await expect(dialog(page).getByRole("heading", { name: "Unauthorised account" })).toBeVisible();
    await expect(dialog(page).getByText(/not registered with us/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign in" }).first()).toBeVisible();
    // The account is deleted after the popup shows (social-return.ts): wait for it.
    await expect
      .poll(() => poolAccountExists(page, "Facebook", "social.stranger@example.sg"))
      .toBe(false);
    await keepScreenshot(page, testInfo, "social-unauthorised");
  });

  test("an e-mail that already has a registered account makes a second social sign-up pre-registered", async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    await withSocialProviders(page, baseURL ?? "");
    await open(page, "/");
    await socialSignUp(page, "Google", nric("7171717"));
    await providerVouches(page, "Google", "social.twice@example.sg", "Dua Kali");
    await expect.poll(async () => (await portalDetails(page))?.status, { timeout: 15_000 }).toBe(1);
    await expect(page.locator("[data-auth-name]")).toHaveText("Dua Kali");

    // Another tab, another provider, the same e-mail: the new account is removed.
    const context = await browser.newContext({ baseURL: baseURL ?? "" });
    const second = await context.newPage();
    await withSocialProviders(second, baseURL ?? "");
    await open(second, "/");
    await socialSignUp(second, "Facebook", nric("7272727"));
    await providerVouches(second, "Facebook", "social.twice@example.sg", "Dua Kali");
    // The account is deleted and signed out (through the provider's logout and back); the popup stays.
    await expect.poll(() => portalDetails(second)).toBeNull();
    await expect(
      dialog(second).getByRole("heading", { name: "Account already registered" }),
    ).toBeVisible();
    // The NRIC given for the refused sign-up is not kept for a later one.
    expect(await nricHeld(second)).toBe(false);
    await expect(second.getByRole("button", { name: "Sign in" }).first()).toBeVisible();
    expect(await poolAccountExists(second, "Facebook", "social.twice@example.sg")).toBe(false);
    expect(await poolAccountExists(second, "Google", "social.twice@example.sg")).toBe(true);
    await keepScreenshot(second, testInfo, "social-pre-registered");
    await context.close();
  });

  test("the donor carries on from the page the sign-in began on, in its language and flow", async ({
    page,
    baseURL,
  }, testInfo) => {
    const urls = await withSocialProviders(page, baseURL ?? "");
    /**
     * The after-login rules' own navigation to `url` (no query: the provider's return comes back with
     * one, and the page then drops it in place), loaded, with the accounts bundle booted on it.
     */
    const afterLoginTo = (url: string) => {
      const asked = page.waitForRequest(
        (request) => request.isNavigationRequest() && request.url() === url,
        { timeout: 20_000 },
      );
      return async () => {
        await asked;
        await page.waitForEvent("load");
        await hydrated(page);
        await page.waitForFunction(() => document.documentElement.dataset["auth"] === "ready");
      };
    };

    // Begun on the fidyah page with days entered: the provider returns to the root, which passes the
    // donor on to the fidyah page untouched (the root's lifecycle would reset fidyah for zakat).
    await open(page, "/fidyah");
    const haid = page.getByRole("group", { name: "Menstruation and other reasons" });
    await haid.getByRole("group", { name: "Year 1" }).getByLabel("Days missed").fill("7");
    const onFidyah = afterLoginTo(new URL("/fidyah", baseURL).href);
    await socialSignUp(page, "Google", nric("9400055"));
    await providerVouches(page, "Google", "social.start@example.sg", "Mula Sosial");
    await onFidyah();
    expect(new URL(page.url()).pathname).toBe("/fidyah");
    await expect(page.locator("[data-auth-name]")).toHaveText("Mula Sosial");
    expect((await portalDetails(page))?.status).toBe(1);
    await expect(page.getByTestId("total")).toHaveText("$28.00");
    expect(await page.evaluate(() => sessionStorage.getItem("portal.flow"))).toBe("FIDYAH");
    // Only the path was remembered, in this tab, and it is used up; none of it went to the provider.
    expect(await page.evaluate(() => sessionStorage.getItem("portal.socialStart"))).toBeNull();
    expect(urls.filter((url) => url.includes(OAUTH_DOMAIN) && url.includes("fidyah"))).toEqual([]);

    // On the wakaf host, in Malay: the root there opens the wakaf landing, which passes the donor on too.
    const wmsInMalay = onWakafHost(baseURL, "/ms/wms");
    await open(page, wmsInMalay);
    const onWms = afterLoginTo(wmsInMalay);
    await page.getByRole("button", { name: "Log masuk" }).first().click();
    await dialog(page).getByRole("button", { name: "Teruskan dengan Google" }).click();
    await providerVouches(page, "Google", "social.start@example.sg", "Mula Sosial");
    await onWms();
    expect(page.url()).toBe(wmsInMalay);
    await expect(page.locator("[data-auth-name]")).toHaveText("Mula Sosial");
    await expect(page.getByRole("button", { name: "Log keluar" })).toBeVisible();
    expect((await portalDetails(page))?.status).toBe(1);
    await keepScreenshot(page, testInfo, "social-return-ms-wms-1280");
    await page.setViewportSize({ width: 375, height: 800 });
    await keepScreenshot(page, testInfo, "social-return-ms-wms-375");
  });
});
