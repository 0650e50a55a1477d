import type { Page } from "@playwright/test";

// Social sign-in set up for a browser test: `/auth/config` answered with an OAuth domain added, and
// that domain routed to the portal's test-only provider stand-in (src/server/identity-provider/
// fake-social.ts) with the test control token.

export const OAUTH_DOMAIN = "social-login.portal.test";
export const token = process.env["E2E_TEST_CONTROL_TOKEN"] ?? "";

/** Social sign-in set up, its provider the stand-in; every URL the page asks for is recorded. */
export const withSocialProviders = async (page: Page, baseURL: string) => {
  const urls: string[] = [];
  page.on("request", (request) => urls.push(request.url()));
  // A page that moves on (the provider's logout) while a routed request is answered drops it.
  const settle = async (answer: () => Promise<void>) => {
    try {
      await answer();
    } catch (error) {
      if (!page.isClosed() && !String(error).includes("disposed")) throw error;
    }
  };
  await page.route("**/auth/config", (route) =>
    settle(async () => {
      // Asked of the portal's own address (this runner cannot resolve the wakaf host's name).
      const response = await route.fetch({ url: new URL("/auth/config", baseURL).href });
      const config = (await response.json()) as Record<string, unknown>;
      await route.fulfill({
        response,
        json: { ...config, oauthDomain: OAUTH_DOMAIN, social: ["Google", "Facebook"] },
      });
    }),
  );
  await page.route(`https://${OAUTH_DOMAIN}/**`, (route) =>
    settle(async () => {
      const asked = new URL(route.request().url());
      const response = await route.fetch({
        url: new URL(`/__test${asked.pathname}${asked.search}`, baseURL).href,
        headers: { ...route.request().headers(), authorization: `Bearer ${token}` },
        maxRedirects: 0,
      });
      await route.fulfill({ response });
    }),
  );
  return urls;
};
