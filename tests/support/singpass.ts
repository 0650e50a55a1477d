import { callPortal, type Reply } from "./portal";
import { CookieJar } from "./cookies";

/** A Singpass enrolment call of the portal, as the guest whose cookie is given. */
export const singpassCall = (
  base: string,
  name: string,
  body: unknown,
  cookie: string,
): Promise<Reply> => {
  const area = name === "confirmSingpassPreDonation" ? "User" : "Singpass";
  return callPortal(base, `/svc/donor/api/${area}/${name}`, body, cookie ? { cookie } : {});
};

/** Where the stand-in sent the donor back: the redirect URI with `code`, `state` and `iss`. */
export interface BackFromSingpass {
  readonly url: URL;
  readonly code: string;
  readonly state: string;
  readonly iss: string;
}

/**
 * Play the donor at the stand-in: follow the authorization URL to its login page, pick the persona
 * (by its NRIC in the page's labels) and a test fault, and follow the redirects until one leaves it.
 */
export async function throughStandin(
  authorizationUrl: string,
  options: { persona?: string; fault?: string; cancel?: boolean } = {},
): Promise<BackFromSingpass & { loginPage: string }> {
  const jar = new CookieJar();
  const standin = new URL(authorizationUrl).origin;
  const hop = (url: string, init: RequestInit = {}) => jar.hop(url, init);
  const follow = async (first: Response) => {
    let response = first;
    let url = "";
    for (let step = 0; step < 10; step++) {
      const location = response.headers.get("location");
      if (response.status < 300 || response.status >= 400 || !location) {
        throw new Error(`the stand-in answered ${response.status}: ${await response.text()}`);
      }
      url = new URL(location, standin).toString();
      if (!url.startsWith(standin)) break;
      response = await hop(url);
    }
    return new URL(url);
  };
  let response = await hop(authorizationUrl);
  const interaction = response.headers.get("location") ?? "";
  if (!interaction.startsWith("/interaction/")) {
    // Refused before any login page (an expired request): sent straight back, or an error page.
    const url = await follow(response);
    const param = (name: string) => url.searchParams.get(name) ?? "";
    return { url, loginPage: "", code: param("code"), state: param("state"), iss: param("iss") };
  }
  const loginPage = await (await hop(new URL(interaction, standin).toString())).text();
  const persona = options.persona ?? "S9812379B";
  const uuid = new RegExp(`value="([\\w-]+)"(?: checked)?> ${persona}\\b`).exec(loginPage)?.[1];
  if (!uuid) throw new Error(`no persona ${persona} on the login page`);
  response = await hop(
    new URL(`${interaction}/${options.cancel ? "cancel" : "login"}`, standin).toString(),
    {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ persona: uuid, fault: options.fault ?? "" }).toString(),
    },
  );
  const url = await follow(response);
  return {
    url,
    loginPage,
    code: url.searchParams.get("code") ?? "",
    state: url.searchParams.get("state") ?? "",
    iss: url.searchParams.get("iss") ?? "",
  };
}
