import css from "./auth.css?inline";
import { createRoot } from "react-dom/client";
import { popupFromQuery, type LoginPopup } from "@portal/domain";
import { $authPopup } from "../../stores/auth-popup";
import AuthPopups from "./AuthPopups";
import { forgetSocialStart } from "../../lib/social-start";
import { publishBridge } from "./bridge";
import { makeContext, type AuthContext, type IdentityConfig } from "./context";
import { completeSocialReturn, takeRememberedPopup } from "./social-return";
import { checkRegistered } from "./registration-check";
import { languageOf } from "../../i18n/paths";

let booted: Promise<AuthContext> | undefined;

const json = async <T,>(url: string): Promise<T> => {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as T;
};

async function boot(slot: HTMLElement): Promise<AuthContext> {
  const lang = languageOf(slot.dataset["lang"]);
  const [labels, config] = await Promise.all([
    json<Record<string, string>>(`/assets/locales/${lang}/translation.json`),
    json<IdentityConfig>("/auth/config").catch((): IdentityConfig => ({ enabled: false })),
  ]);
  let accounts;
  let socialReturn: Promise<"signedIn" | "failed"> | undefined;
  if (config.enabled) {
    const [{ amplifyAccounts, socialRedirectOutcome }, { ConsoleLogger }] = await Promise.all([
      import("@portal/adapters/identity/amplify"),
      import("aws-amplify/utils"),
    ]);
    // Amplify writes its own warnings to the console; a build keeps the browser's console quiet.
    if (import.meta.env.PROD) ConsoleLogger.LOG_LEVEL = "NONE";
    accounts = amplifyAccounts({
      userPoolId: config.userPoolId,
      userPoolClientId: config.userPoolClientId,
      userPoolEndpoint: config.userPoolEndpoint,
      oauthDomain: config.oauthDomain,
      origin: location.origin,
    });
    socialReturn = socialRedirectOutcome();
  }
  const context = makeContext({
    slot,
    labels,
    accounts,
    social: config.enabled ? config.social : [],
  });
  const style = document.createElement("style");
  style.textContent = css;
  document.head.append(style);
  const host = document.createElement("div");
  host.className = "auth-host";
  document.body.append(host);
  createRoot(host).render(<AuthPopups context={context} />);
  slot
    .querySelector("[data-auth-sign-out]")
    ?.addEventListener("click", () => $authPopup.set({ kind: "LOGOUT_CONFIRM" }));
  // Other pages (the profile) open a popup with this event, e.g. { kind: "CHANGE_PASSWORD" }.
  document.addEventListener("portal:auth-popup", (event) => {
    const detail = (event as CustomEvent<LoginPopup>).detail;
    if (detail && typeof detail.kind === "string") $authPopup.set(detail);
  });
  await context.refreshHeader();
  const accountsOf = () => {
    if (!context.accounts)
      throw Object.assign(new Error("Sign-in is not set up."), { name: "NotSetUp" });
    return context.accounts;
  };
  publishBridge({
    enabled: context.accounts !== undefined,
    signedIn: async () =>
      context.accounts
        ? (await context.run(context.accounts.idToken()).catch(() => null)) !== null
        : false,
    authorization: async () => {
      const token = context.accounts
        ? await context.run(context.accounts.idToken()).catch(() => null)
        : null;
      return token ? { authorization: `Bearer ${token}` } : {};
    },
    call: (path, body, method) => context.portal(path, body, method),
    open: (kind) => $authPopup.set({ kind }),
    requestEmailChange: (email) => context.run(accountsOf().requestEmailChange(email)),
    resendEmailChangeCode: () => context.run(accountsOf().resendEmailChangeCode()),
    confirmEmailChange: (code) => context.run(accountsOf().confirmEmailChange(code)),
    updateAttributes: (attributes) => context.run(accountsOf().updateAttributes(attributes)),
    // After closeAccount: the sign-in goes at the provider (which ends its sessions); failing that,
    // the account is signed out everywhere. Either way this tab forgets it.
    deleteAccount: async () => {
      await context
        .run(accountsOf().deleteAccount())
        .catch(() => context.run(accountsOf().signOut()))
        .catch(() => undefined);
      sessionStorage.clear();
      await context.refreshHeader();
    },
  });
  document.documentElement.dataset["auth"] = "ready";
  // Back from Google or Facebook (on the page the sign-in began on): the rules of §4 decide what the
  // donor sees; the remembered start is used up.
  const remembered = takeRememberedPopup();
  if (socialReturn) {
    forgetSocialStart();
    void completeSocialReturn(context, socialReturn);
  } else if (remembered === null) {
    // Spec §2: a signed-in account that is not a donor's sees the blank, masked page and the
    // not-registered popup on every page it loads, not only right after signing in.
    void checkRegistered(context);
  }
  if (remembered) $authPopup.set({ kind: remembered });
  return context;
}

/**
 * Load accounts for this page: the header shows the signed-in donor, and the popup asked for (or the
 * one the page's query or kind asks for) opens.
 */
export async function start(slot: HTMLElement, popup?: "LOGIN"): Promise<void> {
  booted ??= boot(slot);
  const context = await booted;
  if (popup) {
    $authPopup.set({ kind: popup });
    return;
  }
  const page = document.querySelector<HTMLElement>("[data-auth-page]")?.dataset["authPage"];
  const fromQuery = popupFromQuery(location.search);
  if (fromQuery) $authPopup.set(fromQuery);
  else if (page === "reset") $authPopup.set({ kind: "FORGOT_PASSWORD" });
  else if (
    page === "test" &&
    context.accounts &&
    !slot.querySelector("[data-auth-user]:not([hidden])")
  )
    $authPopup.set({ kind: "LOGIN" });
}

/**
 * The lifecycle's sign-out (session expiry, a stale transaction): end the donor's sign-in everywhere,
 * at the portal and at the identity provider, while the tokens are still in this tab's storage.
 */
export async function end(slot: HTMLElement): Promise<void> {
  booted ??= boot(slot);
  await (await booted).signOut(false);
}

// Loaded as a classic script (see chrome/auth-header.ts): the header calls these.
(window as unknown as { portalAuth: { start: typeof start; end: typeof end } }).portalAuth = {
  start,
  end,
};
